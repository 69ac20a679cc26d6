// cspell:words rspack
/**
 * bundle-trim: less code and data in every page's first load, and less work
 * for the server bundle (README.md beside this file).
 */
import {existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {contentFiles} from '../../config/build';
import {moveChunkTables} from './chunkTables';
import {SIDEBAR_CHUNK_PREFIX} from './client/sidebarStore';

type ConfigureWebpack = NonNullable<Plugin['configureWebpack']>;
type WebpackConfig = Parameters<ConfigureWebpack>[0];
type Bundler = Parameters<ConfigureWebpack>[2]['currentBundler'];

export interface BundleTrimOptions {
  /** Off: Docusaurus's client data, module names, chunk names, tslib, minifier and server bundle as they come. */
  enabled?: boolean;
  /** Off: the route tables stay whole in the main bundle (route parts, README.md). */
  routeSplit?: boolean;
}

/** The folder (in the generated files) the route parts' modules and their index are written to. */
export const ROUTE_PARTS_DIR = 'orrery-route-parts';
/** routesChunkNames key of each route that moved into a part → the part's chunk name. */
export const ROUTE_PARTS_INDEX = 'parts.json';
export {SIDEBAR_CHUNK_PREFIX} from './client/sidebarStore';

interface RouteSplitModule {
  barePath(path: string): string;
  partOfPath(plan: Plan): Map<string, string>;
  planSplit(
    routes: string,
    routesChunkNames: Record<string, unknown>,
  ): {
    lists: {parts: {name: string; leaves: {key: string; path: string}[]}[]}[];
    moved: Map<string, string>;
    partOfKey: Map<string, string>;
  };
  partModule(
    routes: string,
    part: unknown,
    chunkNames: Record<string, unknown>,
    registryEntries: string[],
    client: string,
    docs?: unknown,
    sidebarParts?: Record<string, string[]>,
    sidebarLoaders?: string,
  ): string;
  splitDocsData(
    globalData: unknown,
    plan: unknown,
    keepIds?: Iterable<string>,
  ): {main: unknown; byPart: Map<string, unknown>};
}
interface TrimModule {
  shortChunkNames(registry: string): Map<string, string>;
  trimRegistry(source: string, names: Map<string, string>): {code: string};
  renameRouteChunks(source: string, names: Map<string, string>): string;
  splitRegistry(source: string, moved: Map<string, string>): {main: string; byPart: Map<string, string[]>};
}

/**
 * Writes the modules of the route parts (./loaders/routeSplit.cjs) into
 * `<generated>/orrery-route-parts/`, and their index (route key → part) for
 * page-startup, from the tables Docusaurus generated. Returns the folder.
 */
export function writeRouteParts(
  generatedFilesDir: string,
  loadersDir: string,
  client: string,
  keepDocIds: readonly string[] = [],
): {dir: string; sidebarClient: string; hostsOfChunk: Map<string, string[]>} {
  const load = createRequire(path.join(loadersDir, 'x.cjs'));
  const split = load('./routeSplit.cjs') as RouteSplitModule;
  const trim = load('./trimClientData.cjs') as TrimModule;
  const read = (name: string) => readFileSync(path.join(generatedFilesDir, name), 'utf8');
  const routes = read('routes.js');
  const registry = read('registry.js');
  const chunkNames = JSON.parse(read('routesChunkNames.json')) as Record<string, unknown>;
  const plan = split.planSplit(routes, chunkNames);
  const names = trim.shortChunkNames(registry);
  const {byPart} = trim.splitRegistry(registry, plan.moved);
  const docs = split.splitDocsData(JSON.parse(read('globalData.json')), plan, keepDocIds).byPart;
  const dir = path.join(generatedFilesDir, ROUTE_PARTS_DIR);
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir, {recursive: true});
  // The client module the version metadata and the sidebar parts register their parts' loaders with.
  const sidebarClient = path.join(path.dirname(client), 'sidebarParts.ts');
  const sidebars = writeSidebarParts(generatedFilesDir, dir, load, plan, versionChunks(registry, names), sidebarClient);
  const sidebarsOfPart = sidebars.byRoutePart;
  const sidebarSplit = load('./sidebarSplit.cjs') as SidebarSplitModule;
  for (const list of plan.lists) {
    for (const part of list.parts) {
      const own: Record<string, unknown> = {};
      for (const leaf of part.leaves) own[leaf.key] = chunkNames[leaf.key];
      const renamed = JSON.parse(trim.renameRouteChunks(JSON.stringify(own), names)) as Record<string, unknown>;
      const entries = trim.trimRegistry((byPart.get(part.name) ?? []).join('\n'), names).code.split('\n');
      writeFileSync(
        path.join(dir, `${part.name}.js`),
        split.partModule(
          routes,
          part,
          renamed,
          entries,
          client,
          docs.get(part.name),
          sidebarsOfPart.get(part.name),
          sidebarSplit.sidebarLoaders(Object.values(sidebarsOfPart.get(part.name) ?? {}).flat(), '.'),
        ),
      );
    }
  }
  // Route key → the chunk groups a page of that route loads first: its route part, then its sidebar parts.
  const index: Record<string, string | string[]> = {};
  for (const [key, part] of plan.partOfKey) {
    const pagePath = split.barePath(key.slice(0, key.lastIndexOf('-')));
    const sidebars = sidebarsOfPart.get(part)?.[pagePath] ?? [];
    index[key] = sidebars.length > 0 ? [part, ...sidebars.map((n) => SIDEBAR_CHUNK_PREFIX + n)] : part;
  }
  writeFileSync(path.join(dir, ROUTE_PARTS_INDEX), JSON.stringify(index));
  // The chunks whose runtime entries move, by the name the browser bundle gives them, and the chunks
  // that carry their entries: a route part's chunks, its part; a sidebar part, the chunk that shows
  // its category (its version's metadata, or its outer sidebar part) and the route parts whose pages
  // need it (each registers its loader).
  const hostsOfChunk = new Map<string, string[]>(
    [...plan.moved].map(([name, part]) => [names.get(name) ?? name, [part]]),
  );
  for (const [name, hosts] of sidebars.hostsOfChunk) hostsOfChunk.set(name, hosts);
  return {dir, sidebarClient, hostsOfChunk};
}

interface SidebarSplitModule {
  splitSidebars(
    sidebars: Record<string, unknown[]>,
    key: string,
    inRoutePart: (path: string) => boolean,
  ): {sidebars: Record<string, unknown[]>; parts: Map<string, unknown[]>; partsOfPath: Map<string, string[]>};
  sidebarLoaders(names: Iterable<string>, partsDir: string): string;
  partsNamedIn(items: unknown[]): string[];
  registeringModule(json: string, names: string[], client: string, partsDir: string): string;
}
type Plan = ReturnType<RouteSplitModule['planSplit']>;

/**
 * Sidebar parts (./loaders/sidebarSplit.cjs): splits the sidebars of every docs
 * version's metadata as the loader does for the browser bundle, writes each
 * part's module (`sidebar/<name>.js`: its items, after registering the loaders
 * of the parts nested in it), and returns route part → page path → the
 * sidebar parts the page needs, and sidebar part chunk → the chunks that
 * register its loader (for the runtime-table mover).
 */
function writeSidebarParts(
  generatedFilesDir: string,
  dir: string,
  load: NodeJS.Require,
  plan: Plan,
  versionChunk: Map<string, string>,
  sidebarClient: string,
): {byRoutePart: Map<string, Record<string, string[]>>; hostsOfChunk: Map<string, string[]>} {
  const sidebarSplit = load('./sidebarSplit.cjs') as SidebarSplitModule;
  const trim = load('./trimClientData.cjs') as {sidebarKey(file: string): string};
  const partOfPath = (load('./routeSplit.cjs') as RouteSplitModule).partOfPath(plan);
  /** Route part → page path (no trailing slash) → the sidebar parts the page needs. */
  const byRoutePart = new Map<string, Record<string, string[]>>();
  /** Sidebar part chunk → the chunks that register its loader. */
  const hostsOfChunk = new Map<string, string[]>();
  const addHost = (name: string, host: string) => {
    const hosts = hostsOfChunk.get(SIDEBAR_CHUNK_PREFIX + name) ?? [];
    if (!hosts.includes(host)) hosts.push(host);
    hostsOfChunk.set(SIDEBAR_CHUNK_PREFIX + name, hosts);
  };
  mkdirSync(path.join(dir, 'sidebar'), {recursive: true});
  const docsDir = path.join(generatedFilesDir, 'docusaurus-plugin-content-docs');
  const versionFiles = existsSync(docsDir)
    ? readdirSync(docsDir).flatMap((pluginId) => {
        const p = path.join(docsDir, pluginId, 'p');
        return existsSync(p)
          ? readdirSync(p)
              .filter((f) => f.endsWith('.json'))
              .map((f) => path.join(p, f))
          : [];
      })
    : [];
  for (const file of versionFiles) {
    const sidebars = (JSON.parse(readFileSync(file, 'utf8')) as {version?: {docsSidebars?: Record<string, unknown[]>}})
      .version?.docsSidebars;
    if (!sidebars) continue;
    const key = trim.sidebarKey(file);
    const {
      sidebars: splitVersion,
      parts,
      partsOfPath,
    } = sidebarSplit.splitSidebars(sidebars, key, (p) => partOfPath.has(p));
    if (parts.size === 0) continue;
    const host = versionChunk.get(key);
    if (!host) throw new Error(`bundle-trim: no chunk in registry.js for the docs version metadata ${file}`);
    // A part's module registers the loaders of the parts inside it, which its chunk then hosts.
    const outer = new Set(Object.values(splitVersion).flatMap((items) => sidebarSplit.partsNamedIn(items)));
    for (const [name, items] of parts) {
      const nested = sidebarSplit.partsNamedIn(items);
      writeFileSync(
        path.join(dir, 'sidebar', `${name}.js`),
        sidebarSplit.registeringModule(JSON.stringify({part: name, items}), nested, sidebarClient, '..'),
      );
      for (const inner of nested) addHost(inner, SIDEBAR_CHUNK_PREFIX + name);
      if (outer.has(name)) addHost(name, host);
    }
    for (const [pagePath, names] of partsOfPath) {
      const routePart = partOfPath.get(pagePath);
      if (!routePart) continue;
      const own = byRoutePart.get(routePart) ?? {};
      own[pagePath] = names;
      byRoutePart.set(routePart, own);
      for (const name of names) addHost(name, routePart);
    }
  }
  return {byRoutePart, hostsOfChunk};
}

/**
 * Docs version metadata (sidebar key, `<plugin id>-<file name>`, as
 * ./loaders/trimClientData.cjs `sidebarKey` names it) → the chunk registry.js
 * loads it in, by its name in the browser bundle.
 */
function versionChunks(registry: string, names: Map<string, string>): Map<string, string> {
  const chunks = new Map<string, string>();
  const entry =
    /^\s*"([^"]+)":\s*\[\(\)\s*=>\s*import\([^)]*?"@generated\/docusaurus-plugin-content-docs\/([^/"]+)\/p\/([^/"]+)\.json"\)/gm;
  for (const [, chunk, pluginId, file] of registry.matchAll(entry)) {
    if (chunk && pluginId && file) chunks.set(`${pluginId}-${file}`, names.get(chunk) ?? chunk);
  }
  return chunks;
}

interface Asset {
  source: {source(): string | Buffer};
}
interface Compilation {
  chunks: Iterable<{id: string | number | null; name?: string | null; files: Iterable<string>}>;
  getAsset(name: string): Asset | undefined;
  updateAsset(name: string, source: unknown): void;
  hooks: {processAssets: {tap(options: {name: string; stage: number}, fn: () => void): void}};
}
interface Compiler {
  webpack: {
    Compilation: {PROCESS_ASSETS_STAGE_SUMMARIZE: number};
    sources: {RawSource: new (text: string) => unknown};
  };
  hooks: {thisCompilation: {tap(name: string, fn: (compilation: Compilation) => void): void}};
}

/**
 * Bundler plugin: the runtime's entries for the chunks of the route parts and
 * the sidebar parts move into the files of the chunks that load them (their
 * hosts: a route part; a docs version's metadata and route parts) through
 * ./chunkTables.ts, after minifying and before the real content hashes are
 * computed (so each host's file name covers the hashes it holds, and the
 * runtime's the hosts'). Stops the build when the runtime or a host's chunk
 * cannot be found.
 */
export function chunkTablesMover(hostsOfChunk: Map<string, string[]>): object {
  return {
    apply(compiler: Compiler) {
      const {Compilation, sources} = compiler.webpack;
      compiler.hooks.thisCompilation.tap('orrery-chunk-tables', (compilation) => {
        compilation.hooks.processAssets.tap(
          {name: 'orrery-chunk-tables', stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE},
          () => {
            const hostNames = new Set([...hostsOfChunk.values()].flat());
            const hostChunk = new Map<string, {id: string; file: string}>();
            const chunksOfHost = new Map<string, string[]>();
            let runtimeFile: string | undefined;
            for (const chunk of compilation.chunks) {
              const js = [...chunk.files].find((f) => f.endsWith('.js'));
              if (!js || chunk.id === null) continue;
              if (/(^|\/)runtime~main\.[^/]*\.js$/.test(js)) runtimeFile = js;
              if (!chunk.name) continue;
              if (hostNames.has(chunk.name)) hostChunk.set(chunk.name, {id: String(chunk.id), file: js});
              for (const host of hostsOfChunk.get(chunk.name) ?? []) {
                chunksOfHost.set(host, [...(chunksOfHost.get(host) ?? []), String(chunk.id)]);
              }
            }
            const runtime = runtimeFile ? compilation.getAsset(runtimeFile) : undefined;
            if (!runtimeFile || !runtime) throw new Error('bundle-trim: no runtime~main chunk in the browser build');
            const byHostId = new Map<string, string[]>();
            for (const [host, chunks] of chunksOfHost) {
              const own = hostChunk.get(host);
              if (!own) throw new Error(`bundle-trim: the chunk ${host} is not in the browser build`);
              byHostId.set(own.id, chunks);
            }
            const result = moveChunkTables(String(runtime.source.source()), byHostId);
            compilation.updateAsset(runtimeFile, new sources.RawSource(result.runtime));
            for (const {id, file} of hostChunk.values()) {
              const statement = result.parts.get(id);
              const asset = compilation.getAsset(file);
              if (!statement || !asset) continue;
              compilation.updateAsset(file, new sources.RawSource(String(asset.source.source()) + statement));
            }
          },
        );
      });
    },
  };
}

/** The doc ids the navbar links to (items of type `doc`, at any depth): they stay in the global data. */
export function navbarDocIds(themeConfig: unknown): string[] {
  const ids: string[] = [];
  const visit = (items: unknown): void => {
    if (!Array.isArray(items)) return;
    for (const item of items as {docId?: unknown; items?: unknown}[]) {
      if (typeof item.docId === 'string') ids.push(item.docId);
      visit(item.items);
    }
  };
  visit((themeConfig as {navbar?: {items?: unknown}} | undefined)?.navbar?.items);
  return ids;
}

/**
 * Docusaurus minifies for ES5 (compress and format `ecma: 5`, Safari 10
 * workarounds, ASCII-only strings), although package.json's browserslist
 * targets only current browsers. With Rspack, the SWC minimizer is replaced by
 * one that may emit modern syntax; the CSS minimizer (Lightning CSS, which
 * already gets the browserslist targets) stays. Webpack is left as it is.
 * Throws if Rspack's minimizer list no longer holds an SwcJsMinimizerRspackPlugin.
 */
export function modernMinimizers(config: WebpackConfig, currentBundler: Bundler): unknown[] {
  const minimizers: unknown[] = config.optimization?.minimizer ?? [];
  // `docusaurus build --no-minify`: nothing to replace.
  if (currentBundler.name !== 'rspack' || config.optimization?.minimize === false) return minimizers;
  const rspack = currentBundler.instance as unknown as {
    SwcJsMinimizerRspackPlugin: new (options: object) => object;
  };
  let replaced = 0;
  const result = minimizers.map((m) => {
    if (!(m instanceof rspack.SwcJsMinimizerRspackPlugin)) return m;
    replaced++;
    return new rspack.SwcJsMinimizerRspackPlugin({
      minimizerOptions: {
        minify: true,
        ecma: 2020,
        module: true,
        mangle: true,
        compress: {ecma: 2020},
        format: {ecma: 2020, comments: false, ascii_only: false},
      },
    });
  });
  if (replaced === 0) {
    throw new Error(
      "bundle-trim: Docusaurus's Rspack configuration no longer minifies JavaScript with SwcJsMinimizerRspackPlugin; " +
        'update modernMinimizers in src/plugins/bundle-trim/index.ts.',
    );
  }
  return result;
}

/** Whether a page (or the Mermaid options) asks for the ELK layout of @mermaid-js/layout-elk. */
function usesElkLayout(siteDir: string, mermaidOptions: unknown): boolean {
  if (/\belk\b/.test(JSON.stringify(mermaidOptions ?? {}))) return true;
  return contentFiles(siteDir).some((file) => {
    const text = readFileSync(file, 'utf8');
    return text.includes('mermaid') && /\belk\b/.test(text);
  });
}

export default function bundleTrimPlugin(context: LoadContext, options: unknown): Plugin | null {
  // A stale parts index must not outlive a build without parts (page-startup reads it).
  if (context.generatedFilesDir) {
    rmSync(path.join(context.generatedFilesDir, ROUTE_PARTS_DIR), {recursive: true, force: true});
  }
  if ((options as BundleTrimOptions | undefined)?.enabled === false) return null;
  const dir = path.join(context.siteDir, 'src', 'plugins', 'bundle-trim');
  const trimLoader = path.join(dir, 'loaders', 'trimClientData.cjs');
  const routeSplit = (options as BundleTrimOptions | undefined)?.routeSplit !== false;
  const keepDocIds = navbarDocIds(context.siteConfig.themeConfig);

  // No page draws an ELK layout: leave @mermaid-js/layout-elk (a 1.4 MB chunk to compile and
  // minify on every build) out; Mermaid falls back to its default layout, with a warning.
  const elk = usesElkLayout(
    context.siteDir,
    (context.siteConfig.themeConfig as {mermaid?: {options?: unknown}}).mermaid?.options,
  );

  return {
    name: 'orrery-bundle-trim',

    // Sidebar parts: the category and version-root wrappers (./theme, ./client/sidebarParts.ts).
    getThemePath: () => path.join(dir, 'theme'),
    getTypeScriptThemePath: () => path.join(dir, 'theme'),

    configureWebpack(config, isServer, {currentBundler}) {
      const bundler = currentBundler.instance;
      const browserProduction = !isServer && config.mode === 'production';
      // Route parts: written before the browser bundle compiles; the loader rewrites the tables to match.
      const client = path.join(dir, 'client', 'routeParts.ts');
      const parts =
        browserProduction && routeSplit
          ? writeRouteParts(context.generatedFilesDir, path.join(dir, 'loaders'), client, keepDocIds)
          : undefined;
      const split = parts ? {client, sidebarClient: parts.sidebarClient, partsDir: parts.dir} : undefined;
      return {
        mergeStrategy: {'optimization.minimizer': 'replace'},
        plugins: [
          // The runtime's entries for the chunks of each part move into the part (./chunkTables.ts);
          // it reads the runtime as SWC minifies it, so webpack's build (ORRERY_FASTER=0) and a build
          // not minified (`docusaurus build --no-minify`) keep them.
          ...(parts && currentBundler.name === 'rspack' && config.optimization?.minimize !== false
            ? [chunkTablesMover(parts.hostsOfChunk)]
            : []),
          ...(elk
            ? []
            : [new bundler.NormalModuleReplacementPlugin(/^@mermaid-js\/layout-elk$/, path.join(dir, 'noElk.ts'))]),
          // With route parts, Docusaurus's preload loads the parts a page needs first (./client/preload.ts).
          ...(split
            ? [
                // Matched by the request before it is resolved (core's `import preload from
                // './preload'`): replacing the resolved file instead works in Rspack, but webpack
                // (ORRERY_FASTER=0) then resolves preload.ts's own imports from core's folder.
                new bundler.NormalModuleReplacementPlugin(
                  /^\.\/preload(\.js)?$/,
                  (resource: {context?: string; request: string}) => {
                    if (/[\\/]@docusaurus[\\/]core[\\/]lib[\\/]client$/.test(resource.context ?? '')) {
                      resource.request = path.join(dir, 'client', 'preload.ts');
                    }
                  },
                ),
              ]
            : []),
          // Browser-only libraries stay out of the server bundle (./clientOnly.ts).
          ...(isServer
            ? [new bundler.NormalModuleReplacementPlugin(/^mermaid$/, path.join(dir, 'clientOnly.ts'))]
            : []),
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
              // With route parts, the loader turns the metadata into a module that registers its sidebar parts.
              ...(split ? {type: 'javascript/auto'} : {}),
              use: [
                {
                  loader: trimLoader,
                  // With route parts, the browser's sidebars lose large categories' items (sidebar parts).
                  options: {kind: 'docsVersion', ...(split ? {split, generatedDir: context.generatedFilesDir} : {})},
                },
              ],
            },
            // The docs plugin's global data: the docs of each part's routes move into the part.
            ...(split
              ? [
                  {
                    test: (resource: string) => resource === path.join(context.generatedFilesDir, 'globalData.json'),
                    use: [{loader: trimLoader, options: {kind: 'globalData', split, keepDocIds}}],
                  },
                ]
              : []),
            ...(browserProduction
              ? (['registry.js', 'routesChunkNames.json', 'routes.js'] as const).map((file) => ({
                  test: (resource: string) => resource === path.join(context.generatedFilesDir, file),
                  use: [{loader: trimLoader, options: {kind: path.parse(file).name, split}}],
                }))
              : []),
          ],
        },
        optimization: {
          minimizer: browserProduction ? modernMinimizers(config, currentBundler) : config.optimization?.minimizer,
        },
        // Chunk files named by id only: the runtime then needs no table of
        // chunk names to build file names (prefetching keeps its own).
        ...(browserProduction ? {output: {chunkFilename: 'assets/js/[id].[contenthash:8].js'}} : {}),
      } as ReturnType<ConfigureWebpack>;
    },
  };
}
