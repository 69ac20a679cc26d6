/**
 * page-data: doc pages reach the bundler as data, not as modules (README.md beside this file).
 * While the bundler starts, each doc page is compiled by Docusaurus's own MDX loader (the docs
 * plugin's options, so links, headings, admonitions and diagrams come out as they would) and its
 * module evaluated into a tree of elements (./compile.ts), written as a JSON file. The route
 * tables then load that file (fetched in the browser, read from disk by the static rendering)
 * instead of importing a module, and one component renders it through the MDX provider's
 * components. Neither bundle holds a module per page.
 */
import {copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {createHash} from 'node:crypto';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {isDataPageFile, NotPageData, toPageData, type PageData} from './compile';
import {runMdxLoader, type MdxRule} from './mdx';
import {compileInThreads, compileThreads, TWO_THREADS, workerRule, type WorkerRule} from './threads';
import {PAGE_DATA_DIR} from './client/files';
import registryLoader from './loader.cjs';
import {ROUTE_PARTS_DIR} from '../bundle-trim';

type ConfigureWebpack = NonNullable<Plugin['configureWebpack']>;
type WebpackConfig = Parameters<ConfigureWebpack>[0];

export interface PageDataOptions {
  /** Off: every doc page is a module, as Docusaurus builds it. */
  enabled?: boolean;
  /** Threads that compile the pages, 1 or 2 (./threads.ts); unset: two on two cores from 100 pages. */
  threads?: number;
}

/** What the registry loader reads: module name → the data's file name (in PAGE_DATA_DIR). */
export interface PageDataIndex {
  files: Map<string, string>;
  /** Module name → why it stayed a module. */
  kept: Map<string, string>;
  /** Folder the files are written to (the static rendering reads them there). */
  dir: string;
}

const INDEX = Symbol.for('orrery.pageData.index');
/** The index the plugin wrote, shared with ./loader.cjs (a separate module instance). */
export function sharedIndex(value?: PageDataIndex): PageDataIndex | undefined {
  const g = globalThis as unknown as Record<symbol, PageDataIndex | undefined>;
  if (value) g[INDEX] = value;
  return g[INDEX];
}

/**
 * Chunk name (as registry.js and routesChunkNames.json name it) → the URL of the page data that
 * replaced its module, for the pages of this build that are data; empty when none are.
 */
export function pageDataByChunk(registrySource: string, baseUrl: string): Map<string, string> {
  const out = new Map<string, string>();
  const index = sharedIndex();
  if (!index) return out;
  for (const [name, module] of registryEntries(registrySource)) {
    const file = index.files.get(module);
    if (file) out.set(name, `${baseUrl}${PAGE_DATA_DIR}/${file}`);
  }
  return out;
}

const COMPILATION = Symbol.for('orrery.pageData.compilation');
/** The pages' compilation in progress, which ./loader.cjs awaits. */
function sharedCompilation(value: Promise<PageDataIndex>): void {
  (globalThis as unknown as Record<symbol, Promise<PageDataIndex>>)[COMPILATION] = value;
}

const require = createRequire(import.meta.url);

/** The docs plugins' MDX loader rules in the bundler configuration (each with its include folders). */
export function docsMdxRules(config: WebpackConfig): MdxRule[] {
  const mdxLoader = require.resolve('@docusaurus/mdx-loader');
  const out: MdxRule[] = [];
  for (const rule of (config.module?.rules ?? []) as unknown[]) {
    const r = rule as {include?: unknown; use?: unknown};
    if (!Array.isArray(r.include) || !Array.isArray(r.use)) continue;
    const use = r.use[0] as {loader?: string; options?: Record<string, unknown>} | undefined;
    if (use?.loader !== mdxLoader || !use.options) continue;
    // The docs plugin's rules: their pages have metadata (the pages plugin's have none).
    if (typeof use.options.metadataPath !== 'function' || typeof use.options.resolveMarkdownLink !== 'function')
      continue;
    out.push({include: r.include.map(String), loader: use.loader, options: use.options});
  }
  return out;
}

interface LoaderModule {
  LOAD_MODULE: string;
  registryEntries(source: string): [name: string, module: string][];
}
const {LOAD_MODULE, registryEntries} = registryLoader as unknown as LoaderModule;

export default function pageDataPlugin(context: LoadContext, options: unknown): Plugin | null {
  // Stale files must not outlive a build without them (postBuild copies the folder).
  if (context.generatedFilesDir)
    rmSync(path.join(context.generatedFilesDir, PAGE_DATA_DIR), {recursive: true, force: true});
  const pluginOptions = (options ?? {}) as PageDataOptions;
  if (pluginOptions.enabled === false) return null;
  const dir = path.join(context.generatedFilesDir, PAGE_DATA_DIR);
  const pluginDir = path.join(context.siteDir, 'src', 'plugins', 'page-data');
  const registryFile = path.join(context.generatedFilesDir, 'registry.js');
  let compiled: Promise<PageDataIndex> | undefined;

  const siteModule = (name: string) =>
    name.startsWith('@site/') ? path.join(context.siteDir, name.slice('@site/'.length)) : undefined;

  async function compileAll(rules: MdxRule[]): Promise<PageDataIndex> {
    const started = Date.now();
    mkdirSync(dir, {recursive: true});
    const registry = readFileSync(registryFile, 'utf8');
    const modules = [...new Set(registryEntries(registry).map(([, module]) => module))];
    const files = new Map<string, string>();
    const kept = new Map<string, string>();
    const work = modules.flatMap((module) => {
      const file = siteModule(module);
      if (!file || !isDataPageFile(file)) return [];
      const rule = rules.find((r) => r.include.some((inc) => file.startsWith(inc)));
      return rule ? [{module, file, rule}] : [];
    });
    const finish = (module: string, data: PageData) => {
      const {metadataPath, ...rest} = data;
      const metadataFile = metadataPath ? siteModule(metadataPath) : undefined;
      const json = JSON.stringify({
        ...rest,
        ...(metadataFile ? {metadata: JSON.parse(readFileSync(metadataFile, 'utf8')) as unknown} : {}),
      });
      const name = `${createHash('sha256').update(module).digest('hex').slice(0, 10)}.${createHash('sha256').update(json).digest('hex').slice(0, 8)}.json`;
      writeFileSync(path.join(dir, name), json);
      files.set(module, name);
    };
    const failed = (file: string, error: unknown) =>
      // As the bundler would report it: the file, then the MDX loader's message (a Mermaid
      // diagram that cannot be drawn names its line there).
      new Error(`${path.relative(context.siteDir, file)}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    // A page compiled on this thread: CPU work, one page at a time (the diagrams were drawn
    // before, in loadContent). Pages side by side on one thread only held more syntax trees at once
    // (9.7-9.8 s against 9.4-9.5 s for the 300-guide copy's 478 pages, and some 15 MiB more).
    const compileHere = async ({module, file, rule}: (typeof work)[number]) => {
      const code = await runMdxLoader(rule, file).catch((error: unknown) => {
        throw failed(file, error);
      });
      let data;
      try {
        data = toPageData(code);
      } catch (error) {
        if (error instanceof NotPageData) {
          kept.set(module, error.message);
          return;
        }
        throw error;
      }
      finish(module, data);
    };

    const threads = compileThreads(pluginOptions.threads, work.length);
    const workerRules = threads > 1 ? rules.map(workerRule) : [];
    const oneThreadWhy = workerRules.find((r): r is string => typeof r === 'string');
    let note = '';
    if (threads === 1 || oneThreadWhy !== undefined) {
      if (oneThreadWhy !== undefined) note = `, one thread: ${oneThreadWhy}`;
      for (const item of work) await compileHere(item);
    } else {
      const sent = await compileInThreads(
        work,
        rules,
        workerRules as WorkerRule[],
        {compileHere, finish, failed, keep: (module, reason) => kept.set(module, reason)},
        TWO_THREADS,
      );
      note = `, two threads: ${sent.byWorker} by the worker, ${sent.sentBack} sent back`;
      for (const item of sent.back) await compileHere(item);
    }
    console.log(
      `[INFO] page-data: ${files.size} doc pages as data, ${kept.size} as modules (${((Date.now() - started) / 1000).toFixed(1)} s${note})` +
        [...kept]
          .slice(0, 5)
          .map(([m, why]) => `\n  ${m}: ${why}`)
          .join(''),
    );
    const index = {files, kept, dir};
    sharedIndex(index);
    return index;
  }

  return {
    name: 'orrery-page-data',
    configureWebpack(config, isServer) {
      if (config.mode !== 'production') return {};
      const rules = docsMdxRules(config);
      if (rules.length === 0)
        throw new Error(
          'page-data: no docs MDX loader rule found in the bundler configuration (src/plugins/page-data/README.md)',
        );
      // Started now, once for both bundles: the bundlers build everything else meanwhile, and
      // only the route registry (./loader.cjs) waits for the pages' data.
      if (!compiled) {
        compiled = compileAll(rules);
        compiled.catch(() => undefined); // reported by the registry loader that awaits it
        sharedCompilation(compiled);
      }
      const loader = path.join(pluginDir, 'loader.cjs');
      const generated = (file: string) => (resource: string) => resource === path.join(context.generatedFilesDir, file);
      return {
        resolve: {
          alias: {[`${LOAD_MODULE}$`]: path.join(pluginDir, 'client', isServer ? 'load.server.ts' : 'load.browser.ts')},
        },
        module: {
          rules: [
            {
              test: (resource: string) =>
                generated('registry.js')(resource) ||
                (!isServer && resource.startsWith(path.join(context.generatedFilesDir, ROUTE_PARTS_DIR) + path.sep)),
              enforce: 'pre',
              use: [{loader, options: {server: isServer, url: `${context.baseUrl}${PAGE_DATA_DIR}/`}}],
            },
          ],
        },
      } as ReturnType<ConfigureWebpack>;
    },
    async postBuild({outDir}) {
      if (!existsSync(dir)) return;
      const target = path.join(outDir, PAGE_DATA_DIR);
      mkdirSync(target, {recursive: true});
      for (const name of readdirSync(dir)) copyFileSync(path.join(dir, name), path.join(target, name));
    },
  };
}
