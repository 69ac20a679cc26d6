/**
 * Mermaid diagrams drawn at build time (README.md here says why and how).
 * `mermaidRemarkPlugin()` is the remark plugin every docs instance and the pages plugin run;
 * the default export, a Docusaurus plugin, starts drawing while the content loads and closes
 * the browser after the build. src/theme/Mermaid shows the drawings.
 */
import {existsSync, readFileSync} from 'node:fs';
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {rewriteHtmlFiles} from '../../config/postBuildHtml';
import {DRAWINGS_DIR, drawingFile, type DrawingFile} from './drawings';
import {MermaidRenderer} from './renderer';
import {remarkMermaidSvg} from './remark';
import {contentFiles} from '../../config/build';
import {readFlag} from '../../config/env';
import {clientAliases, drawingsFor, fillDrawingSlots, mermaidSources, stableJson, type MermaidSiteConfig} from './svg';

export type {MermaidSiteConfig} from './svg';

/**
 * The renderers, created when first needed, one per configuration: entries made again with
 * the same configuration share one. Kept on globalThis, not in this module: Docusaurus reads
 * docusaurus.config.ts twice in a build (and again on each reload of `npm start`), each time
 * evaluating this file anew.
 */
const shared = ((globalThis as Record<symbol, unknown>)[Symbol.for('orrery.mermaid-svg.renderers')] ??= {
  renderers: new Map<string, () => MermaidRenderer>(),
  started: new Set<MermaidRenderer>(),
}) as {renderers: Map<string, () => MermaidRenderer>; started: Set<MermaidRenderer>};
const {renderers, started} = shared;

/** Where drawings are cached: under ORRERY_BUILD_CACHE_DIR when set, else node_modules/.cache. */
export function mermaidCacheDir(env: NodeJS.ProcessEnv, siteDir: string): string {
  const root = env.ORRERY_BUILD_CACHE_DIR || path.join(siteDir, 'node_modules', '.cache');
  return path.join(root, 'orrery-mermaid');
}

/** Debian's headless-only Chromium (package chromium-headless-shell): it starts in about half the time. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium that draws the diagrams: `CHROMIUM_PATH` when set, else Debian's headless shell
 * when it is installed (the same drawings, and 0.8 s less to start with Mermaid loaded in its two
 * pages), else Debian's Chromium.
 */
export function drawingChromium(env: NodeJS.ProcessEnv, exists: (file: string) => boolean = existsSync): string {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return exists(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}

/**
 * The remark plugin entry (`[plugin, options]`) for `beforeDefaultRemarkPlugins`. The browser
 * starts with the first diagram not in the cache; every instance given this entry shares it.
 */
export function mermaidRemarkPlugin(
  siteDir: string,
  config: MermaidSiteConfig,
  env: NodeJS.ProcessEnv = process.env,
): [typeof remarkMermaidSvg, Parameters<typeof remarkMermaidSvg>[0]] {
  const options = {
    config,
    cacheDir: mermaidCacheDir(env, siteDir),
    executablePath: drawingChromium(env),
    concurrency: Number(env.ORRERY_MERMAID_PAGES) || 2,
    fastConfig: readFlag(env, 'ORRERY_MERMAID_FAST_CONFIG', true),
    browserScript: path.join(siteDir, 'src', 'plugins', 'mermaid-svg', 'browser.js'),
  };
  const key = stableJson(options);
  let get = renderers.get(key);
  if (!get) {
    let renderer: MermaidRenderer | undefined;
    get = (): MermaidRenderer => {
      if (!renderer) {
        renderer = new MermaidRenderer(options);
        started.add(renderer);
      }
      return renderer;
    };
    renderers.set(key, get);
  }
  return [remarkMermaidSvg, {renderer: get, siteDir}];
}

/** The sources of the Mermaid blocks in the site's content files. */
function contentDiagrams(siteDir: string): string[] {
  return contentFiles(siteDir).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return text.includes('mermaid') ? mermaidSources(text) : [];
  });
}

export interface MermaidSvgOptions {
  /** Off: diagrams are drawn in the browser by @docusaurus/theme-mermaid, as Docusaurus does. */
  enabled?: boolean;
  /** On: the browser bundle keeps Mermaid even when every diagram was drawn at build time. */
  keepMermaidInBundle?: boolean;
  /**
   * Off: a production build draws every diagram before the bundler starts and puts the drawings
   * in the pages' JavaScript, as `npm start` does (README.md, "Drawings outside the JavaScript").
   */
  drawingsOutsideJs?: boolean;
}

/**
 * Writes one file per diagram of the pages (drawings.ts `drawingFile`, the SVGs' ids already
 * the page's own) and fills the built pages' empty slots with the drawings. The slots are filled
 * in the one pass over the pages that the other plugins' rewrites join (src/config/postBuildHtml.ts),
 * asked for at once and begun when the drawings are at hand. Resolves to the number of files.
 */
export function writeDrawingsOutsideJs(outDir: string, renderers: readonly MermaidRenderer[]): Promise<number> {
  const drawings = new Map<string, DrawingFile>();
  const ready = (async () => {
    for (const renderer of renderers) {
      for (const [name, {diagramId, source}] of renderer.outsideJs) {
        // Drawn (or read from the cache) before the bundler started: the page could not have its name otherwise.
        const svgs = await renderer.drawing(source);
        if (!svgs) throw new Error(`The Mermaid diagram ${name} has no drawing (src/plugins/mermaid-svg).`);
        drawings.set(name, drawingsFor(svgs, diagramId));
      }
    }
  })();
  // The files are written while the pass fills the pages.
  const files = ready.then(async () => {
    if (drawings.size === 0) return;
    await mkdir(path.join(outDir, ...DRAWINGS_DIR.split('/')), {recursive: true});
    await Promise.all(
      [...drawings].map(([name, drawing]) => writeFile(path.join(outDir, drawingFile(name)), JSON.stringify(drawing))),
    );
  });
  const pass = rewriteHtmlFiles(
    outDir,
    (html, file) => (drawings.size === 0 ? html : fillDrawingSlots(html, drawings, path.relative(outDir, file))),
    {ready},
  );
  return Promise.all([pass, files]).then(() => drawings.size);
}

export default function mermaidSvgPlugin(context: LoadContext, options?: unknown): Plugin | null {
  const {enabled, keepMermaidInBundle: keepInBundle, drawingsOutsideJs} = (options ?? {}) as MermaidSvgOptions;
  if (enabled === false) return null;
  /** Set by loadContent: no diagram of the content was left to the reader's browser. */
  let everyDiagramDrawn = false;
  return {
    name: 'orrery-mermaid-svg',
    // Runs before any page is compiled (`build` and `start` only): the diagrams of the content
    // files are drawn before the bundler starts, which would otherwise share the two cores with
    // Chromium (README.md, "Drawing speed").
    async loadContent() {
      const sources = contentDiagrams(context.siteDir);
      if (sources.length === 0) {
        everyDiagramDrawn = true;
        return;
      }
      const all = [...renderers.values()].map((get) => get());
      await Promise.all(all.map((renderer) => renderer.prefetch(sources)));
      await Promise.all(all.map((renderer) => renderer.close()));
      // A diagram left to the browser (no Chromium) needs Mermaid in the browser bundle.
      everyDiagramDrawn = all.length > 0 && all.every((renderer) => renderer.stats.left === 0);
      // A production build with every diagram drawn keeps the drawings out of the pages'
      // JavaScript: postBuild writes them to files and into the built pages.
      if (everyDiagramDrawn && drawingsOutsideJs !== false && process.env.NODE_ENV === 'production') {
        for (const renderer of all) renderer.drawingsOutsideJs = true;
      }
    },
    // With every diagram drawn, a production build's browser bundle leaves Mermaid out (README.md,
    // "Mermaid left out of the browser bundle").
    configureWebpack(config, isServer) {
      const alias = clientAliases({
        isServer,
        mode: config.mode,
        everyDiagramDrawn: everyDiagramDrawn && keepInBundle !== true,
        stubPath: path.join(__dirname, 'client-stub.js'),
      });
      return Object.keys(alias).length > 0 ? {resolve: {alias}} : {};
    },
    async postBuild({outDir}) {
      await writeDrawingsOutsideJs(
        outDir,
        [...started].filter((renderer) => renderer.drawingsOutsideJs),
      );
      for (const renderer of started) {
        const {diagrams, drawn, cached, left, milliseconds} = renderer.stats;
        if (diagrams > 0) {
          console.log(
            `[INFO] Mermaid: ${diagrams} diagram blocks, ${drawn + cached + left} different diagrams: ` +
              `${drawn} drawn in Chromium (${(milliseconds / 1000).toFixed(1)} s, ` +
              `${renderer.options.concurrency} at a time), ${cached} from the cache` +
              (left > 0 ? `, ${left} left to the browser.` : '.'),
          );
        }
        await renderer.close();
      }
    },
  };
}
