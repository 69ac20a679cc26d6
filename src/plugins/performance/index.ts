// cspell:words rspack
/**
 * The site's performance plugin (README.md, "Performance", has the figures
 * behind each choice). It keeps Prism out of the browser bundles, trims what
 * lands in the main bundle, lets the minifier emit modern syntax, and gives
 * the benchmark (`npm run bench`) its cache switch. Build configuration only;
 * no content changes.
 */
import {existsSync, mkdirSync, promises as fsp, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {ThemeConfig} from '@docusaurus/preset-classic';
import type {PrismTheme} from 'prism-react-renderer';
import {prismCss} from './prismCss';
import {
  addPageScripts,
  CHUNK_GROUPS_FILE,
  LOADER_ATTRIBUTE,
  pagePath,
  pageScripts,
  readPageScriptsData,
  type ChunkGroups,
} from './pageScripts';

type ConfigureWebpack = NonNullable<Plugin['configureWebpack']>;
type WebpackConfig = Parameters<ConfigureWebpack>[0];
type Bundler = Parameters<ConfigureWebpack>[2]['currentBundler'];

/**
 * Docusaurus minifies for ES5 (compress and format `ecma: 5`, Safari 10
 * workarounds, ASCII-only strings), although package.json's browserslist
 * targets only current browsers. With Rspack, the SWC minimizer is replaced by
 * one that may emit modern syntax; the CSS minimizer (Lightning CSS, which
 * already gets the browserslist targets) stays. Webpack is left as it is.
 */
function modernMinimizers(config: WebpackConfig, currentBundler: Bundler): unknown[] {
  const minimizers: unknown[] = config.optimization?.minimizer ?? [];
  if (currentBundler.name !== 'rspack') return minimizers;
  const rspack = currentBundler.instance as unknown as {
    SwcJsMinimizerRspackPlugin: new (options: object) => object;
  };
  return minimizers.map((m) =>
    m instanceof rspack.SwcJsMinimizerRspackPlugin
      ? new rspack.SwcJsMinimizerRspackPlugin({
          minimizerOptions: {
            minify: true,
            ecma: 2020,
            module: true,
            mangle: true,
            compress: {ecma: 2020},
            format: {ecma: 2020, comments: false, ascii_only: false},
          },
        })
      : m,
  );
}

/** Puts the bundler's persistent cache under `directory` (the benchmark's cold builds start from an empty one). */
function useCacheDirectory(config: WebpackConfig, directory: string | undefined): void {
  if (!directory) return;
  const experiments = config.experiments as {cache?: {type?: string; storage?: object}} | undefined;
  if (experiments?.cache?.type === 'persistent') {
    experiments.cache.storage = {type: 'filesystem', directory: path.join(directory, 'rspack')};
  }
  if (config.cache && typeof config.cache === 'object' && config.cache.type === 'filesystem') {
    config.cache.cacheDirectory = path.join(directory, 'webpack');
  }
}

/** What the bundler's `done` hook hands over, in webpack and in Rspack. */
interface DoneStats {
  compilation: {
    namedChunkGroups: ReadonlyMap<string, {getFiles(): string[]}>;
  };
}

/**
 * A bundler plugin for the browser build: writes each named chunk group's
 * files to `file`, for ./pageScripts.ts (react-loadable's manifest cannot
 * serve: it keys chunks by a name that may equal another chunk's id).
 */
function chunkGroupsWriter(file: string, publicPath: string): object {
  return {
    apply(compiler: {hooks: {done: {tap(name: string, fn: (stats: DoneStats) => void): void}}}) {
      compiler.hooks.done.tap('orrery-chunk-groups', ({compilation}) => {
        const groups: ChunkGroups = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          groups[name] = group.getFiles().map((f) => publicPath + f);
        }
        writeFileSync(file, JSON.stringify(groups));
      });
    },
  };
}

/**
 * The search theme's SearchBar always renders `<link rel="preconnect"
 * href="https://{appId}-dsn.algolia.net">`; in embedded-search builds the app id
 * is a placeholder that makes that URL invalid (src/config/search.ts), so no
 * browser connects, but the page would carry an invalid URL (the W3C checker
 * says so) and a hint about a service the build does not use: it goes.
 */
export function withoutEmbeddedPreconnect(html: string): string {
  return html.replace(/<link\b[^>]*\bhref="?https:\/\/\[embedded\]-dsn\.algolia\.net"?[^>]*>/g, '');
}

/** Every .html file under `dir`. */
async function htmlFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await fsp.readdir(dir, {withFileTypes: true, recursive: true})) {
    if (entry.isFile() && entry.name.endsWith('.html')) files.push(path.join(entry.parentPath, entry.name));
  }
  return files;
}

/**
 * ./client/stagedEntry.ts imports Docusaurus's client entry by path; stop the
 * build if Docusaurus no longer starts the browser bundle there.
 */
export function checkClientEntry(entry: unknown): void {
  if (typeof entry === 'string' && /[\\/]lib[\\/]client[\\/]clientEntry\.js$/.test(entry)) return;
  throw new Error(
    `The performance plugin expected Docusaurus's browser entry to be @docusaurus/core/lib/client/clientEntry.js, ` +
      `got ${JSON.stringify(entry)}; update src/plugins/performance/client/stagedEntry.ts.`,
  );
}

export default function performancePlugin(context: LoadContext): Plugin {
  const dir = path.join(context.siteDir, 'src', 'plugins', 'performance');
  const {prism} = context.siteConfig.themeConfig as ThemeConfig;
  if (!prism?.theme) throw new Error('The performance plugin needs themeConfig.prism.theme.');

  // Token colors as CSS, generated from the configured Prism themes.
  const generated = path.join(context.generatedFilesDir, 'orrery-performance');
  mkdirSync(generated, {recursive: true});
  const tokenCss = path.join(generated, 'prism-tokens.css');
  writeFileSync(tokenCss, prismCss(prism.theme as PrismTheme, prism.darkTheme as PrismTheme | undefined));

  // No page draws an ELK layout: leave @mermaid-js/layout-elk (a 1.4 MB chunk to compile and
  // minify on every build) out; Mermaid falls back to its default layout, with a warning.
  const elk = usesElkLayout(
    context.siteDir,
    (context.siteConfig.themeConfig as {mermaid?: {options?: unknown}}).mermaid?.options,
  );

  const trimLoader = path.join(dir, 'loaders', 'trimClientData.cjs');
  // Written by the browser build (chunkGroupsWriter); a stale one must not outlive a failed build.
  const chunkGroupsFile = path.join(generated, CHUNK_GROUPS_FILE);
  rmSync(chunkGroupsFile, {force: true});

  return {
    name: 'orrery-performance',

    getThemePath: () => path.join(dir, 'theme'),
    getTypeScriptThemePath: () => path.join(dir, 'theme'),
    getClientModules: () => [
      tokenCss,
      path.join(dir, 'client', 'idlePrefetch.ts'),
      path.join(dir, 'client', 'progressBar.ts'),
    ],

    // Each page's loader lists the scripts of its own chunks (./pageScripts.ts).
    async postBuild({outDir, baseUrl}) {
      const {shortChunkNames} = createRequire(path.join(context.siteDir, 'package.json'))(trimLoader) as {
        shortChunkNames: (registrySource: string) => Map<string, string>;
      };
      const data = readPageScriptsData(context.generatedFilesDir, chunkGroupsFile, shortChunkNames);
      if (!data) return;
      const entry = data.groups.main ?? [];
      for (const file of await htmlFiles(outDir)) {
        const original = await fsp.readFile(file, 'utf8');
        let html = withoutEmbeddedPreconnect(original);
        if (html.includes(`<script ${LOADER_ATTRIBUTE}`)) {
          // 404.html answers any unknown path; the chunks it needs depend on that path, so the bundler picks them.
          const notFound = path.relative(outDir, file) === '404.html';
          const scripts = notFound ? [] : pageScripts(pagePath(outDir, file, baseUrl), data, entry);
          html = addPageScripts(html, scripts, file);
        }
        if (html !== original) await fsp.writeFile(file, html);
      }
    },

    configureWebpack(config, isServer, {currentBundler}) {
      const bundler = currentBundler.instance;
      const production = config.mode === 'production';
      useCacheDirectory(config, process.env.ORRERY_BUILD_CACHE_DIR);
      if (!isServer && production) checkClientEntry(config.entry);
      return {
        mergeStrategy: {'optimization.minimizer': 'replace', entry: 'replace'},
        resolve: {
          alias: {
            '@orrery/code-highlighter': path.join(dir, 'highlighter', isServer ? 'server.ts' : 'client.ts'),
          },
        },
        plugins: [
          // The theme's client module that registers the Prism languages on
          // every page, in both bundles; ./highlighter/prism.ts does it instead.
          new bundler.NormalModuleReplacementPlugin(
            /[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/,
            path.join(dir, 'noop.ts'),
          ),
          // The theme's navigation progress bar (nprogress, 1.8 KB gzip on every page); ./client/progressBar.ts does it.
          new bundler.NormalModuleReplacementPlugin(
            /[\\/]theme-classic[\\/]lib[\\/]nprogress(\.js)?$/,
            path.join(dir, 'noop.ts'),
          ),
          ...(elk
            ? []
            : [new bundler.NormalModuleReplacementPlugin(/^@mermaid-js\/layout-elk$/, path.join(dir, 'noElk.ts'))]),
          // Browser-only libraries stay out of the server bundle (./clientOnly.ts).
          ...(isServer
            ? [new bundler.NormalModuleReplacementPlugin(/^mermaid$/, path.join(dir, 'clientOnly.ts'))]
            : []),
          ...(isServer || !production
            ? []
            : [chunkGroupsWriter(chunkGroupsFile, String(config.output?.publicPath ?? context.baseUrl))]),
          // @docusaurus/utils-common requires all of tslib for one helper.
          new bundler.NormalModuleReplacementPlugin(/^tslib$/, (resource: {context?: string; request: string}) => {
            if (/[\\/]@docusaurus[\\/]utils-common[\\/]/.test(resource.context ?? '')) {
              resource.request = path.join(dir, 'tslib.ts');
            }
          }),
        ],
        // Generated data trimmed (./loaders/trimClientData.cjs): doc descriptions that no card shows,
        // in both bundles so that hydration sees what the server rendered; in the production browser
        // bundle, module names and long chunk names in the route tables.
        module: {
          rules: [
            {
              test: /[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]p[\\/][^\\/]+\.json$/,
              use: [{loader: trimLoader, options: {kind: 'docsVersion'}}],
            },
            ...(isServer || !production
              ? []
              : (['registry.js', 'routesChunkNames.json'] as const).map((file) => ({
                  test: (resource: string) => resource === path.join(context.generatedFilesDir, file),
                  use: [
                    {loader: trimLoader, options: {kind: file === 'registry.js' ? 'registry' : 'routesChunkNames'}},
                  ],
                }))),
          ],
        },
        optimization: {
          minimizer:
            isServer || !production ? config.optimization?.minimizer : modernMinimizers(config, currentBundler),
        },
        // Chunk files named by id only: the runtime then needs no table of
        // chunk names to build file names (prefetching keeps its own). The
        // entry evaluates the main bundle in stages (./client/stagedEntry.ts).
        ...(isServer || !production
          ? {}
          : {
              output: {chunkFilename: 'assets/js/[id].[contenthash:8].js'},
              entry: path.join(dir, 'client', 'stagedEntry.ts'),
            }),
      } as ReturnType<ConfigureWebpack>;
    },
  };
}

const CONTENT_DIRS = ['docs', 'versioned_docs', 'api', 'upgrade-guides', 'src/pages'];

/** Every Markdown and MDX file under the site's content folders. */
export function contentFiles(siteDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (/\.mdx?$/.test(entry.name)) files.push(path.join(dir, entry.name));
    }
  };
  for (const dir of CONTENT_DIRS) walk(path.join(siteDir, dir));
  return files;
}

/** Whether a page (or the Mermaid options) asks for the ELK layout of @mermaid-js/layout-elk. */
function usesElkLayout(siteDir: string, mermaidOptions: unknown): boolean {
  if (/\belk\b/.test(JSON.stringify(mermaidOptions ?? {}))) return true;
  return contentFiles(siteDir).some((file) => {
    const text = readFileSync(file, 'utf8');
    return text.includes('mermaid') && /\belk\b/.test(text);
  });
}

/** Pages from which the SSG worker threads pay for their memory (see fasterOptions). */
export const SSG_WORKER_THREADS_FROM_PAGES = 1500;

/**
 * `future.faster` for the site: everything @docusaurus/faster offers (Rspack,
 * SWC loader and minifiers, Lightning CSS, the MDX cross-compiler cache, eager
 * Git dates) except its persistent Rspack cache, whose write after a cold
 * build took some 200 MB more, and, below SSG_WORKER_THREADS_FROM_PAGES
 * content files, its SSG worker threads (some 130 MB each, for a few seconds
 * saved on this site). Rendering in the main thread leaks some 0.6 MB per page
 * (native memory, freed only when a worker thread is recycled), which a 5,000
 * page site cannot afford: there the threads come back. ORRERY_FASTER=0
 * (`enabled: false`) turns @docusaurus/faster off altogether.
 */
export function fasterOptions(enabled: boolean, siteDir: string) {
  return enabled
    ? {
        swcJsLoader: true,
        swcJsMinimizer: true,
        swcHtmlMinimizer: true,
        lightningCssMinimizer: true,
        mdxCrossCompilerCache: true,
        rspackBundler: true,
        rspackPersistentCache: false,
        ssgWorkerThreads: contentFiles(siteDir).length >= SSG_WORKER_THREADS_FROM_PAGES,
        gitEagerVcs: true,
      }
    : false;
}
