// @ts-check
const fs = require('node:fs');
const path = require('node:path');
const routeSplit = require('./routeSplit.cjs');
const sidebarSplit = require('./sidebarSplit.cjs');
/**
 * A loader for two modules Docusaurus generates, in the browser bundle only.
 * Each keeps what the browser uses and drops what only the server needs or
 * what no page shows, so every page downloads less (figures in
 * ../README.md). Plain CommonJS: the bundler loads loaders with Node's require.
 *
 * - `kind: 'docsVersion'` — a docs version's metadata (`p/<version>.json`),
 *   which every doc page of the version loads. Its `docs` map (id, title,
 *   description and sidebar of every doc) is read only by `useDocById`, which
 *   only a doc card (DocCard, on a category index page or from
 *   <DocCardList/>) calls. Entries are kept for the docs that are direct
 *   items of a category with a page of its own and dropped for the others.
 * - `kind: 'registry'` — `registry.js`, in the main bundle: each chunk's
 *   entry names its source module ("@site/docs/…") for react-loadable, which
 *   reads those names only while rendering on the server. The browser gets
 *   empty names. Its chunk names (8 hex digits each, in this table, in the
 *   route table below and in the runtime's table of chunk ids) become the
 *   shortest base-36 names (`shortChunkNames`).
 * - `kind: 'routesChunkNames'` — `routesChunkNames.json`, in the main bundle:
 *   the chunk names of each route, renamed as in `registry.js`.
 * - With `split` (route parts, ./routeSplit.cjs): `kind: 'routes'` rewrites
 *   routes.js so that long leaf route lists load in parts, and the two tables
 *   above lose the routes and the chunks that moved into a part (the plugin
 *   writes the parts' modules from the same plan).
 */

/**
 * @typedef {{type: string, docId?: string, href?: string, items?: SidebarItem[]}} SidebarItem
 * @typedef {{docsSidebars?: Record<string, SidebarItem[]>, docs?: Record<string, {description?: string}>}} VersionMetadata
 */

/**
 * The ids of the docs a category page can show as cards.
 * @param {Record<string, SidebarItem[]>} sidebars
 * @returns {Set<string>}
 */
function docsShownAsCards(sidebars) {
  /** @type {Set<string>} */
  const ids = new Set();
  /** @param {SidebarItem[]} items */
  const walk = (items) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      if (item.href) for (const child of item.items ?? []) if (child.docId) ids.add(child.docId);
      walk(item.items ?? []);
    }
  };
  for (const items of Object.values(sidebars)) walk(items);
  return ids;
}

/**
 * @param {string} source The JSON text of a version metadata module.
 * @param {(sidebars: Record<string, SidebarItem[]>) => Record<string, SidebarItem[]>} [splitSidebars] large categories' items out (sidebar parts)
 * @returns {string}
 */
function trimDocsVersion(source, splitSidebars) {
  /** @type {{version?: VersionMetadata}} */
  const data = JSON.parse(source);
  const version = data.version;
  if (!version?.docs || !version.docsSidebars) return source;
  const keep = docsShownAsCards(version.docsSidebars);
  // `docs` is read only by useDocById, which only DocCard calls: entries of docs no card shows go.
  version.docs = Object.fromEntries(Object.entries(version.docs).filter(([id]) => keep.has(id)));
  if (splitSidebars) version.docsSidebars = splitSidebars(version.docsSidebars);
  return JSON.stringify(data);
}

/**
 * The name prefix of a version metadata file's sidebar parts:
 * `<docs plugin id>-<file name>` (`.../docusaurus-plugin-content-docs/default/p/orrery-53f.json`).
 * @param {string} file
 */
function sidebarKey(file) {
  return `${path.basename(path.dirname(path.dirname(file)))}-${path.basename(file, '.json')}`;
}

// One registry entry: [loader, "module name", require.resolveWeak("module name")].
const REGISTRY_NAME = /(\[\s*\(\)\s*=>\s*import\([^)]*\),\s*)"(?:[^"\\]|\\.)*"(,\s*require\.resolveWeak\()/g;

// A registry key: `  "0185a7d8": [`.
const REGISTRY_KEY = /^\s*"((?:[^"\\]|\\.)+)":\s*\[/gm;

/**
 * Old chunk name → short name, from registry.js: keys in sorted order get
 * "0", "1", … "z", "10", … (base 36). The same registry gives the same names,
 * whichever file asks first. Short names have at most a few characters, so
 * they cannot meet the 8-digit names they replace or a named chunk such as
 * "prism".
 * @param {string} registrySource
 * @returns {Map<string, string>}
 */
function shortChunkNames(registrySource) {
  const names = [...registrySource.matchAll(REGISTRY_KEY)].map((m) => String(m[1])).sort();
  return new Map(names.map((name, i) => [name, i.toString(36)]));
}

/**
 * @param {string} source registry.js as Docusaurus writes it (or some of its entry lines).
 * @param {Map<string, string>} [names] from shortChunkNames of the whole registry
 * @returns {{code: string, entries: number}}
 */
function trimRegistry(source, names = shortChunkNames(source)) {
  let entries = 0;
  const code = source
    .replace(REGISTRY_NAME, (_match, head, tail) => {
      entries += 1;
      return `${head}""${tail}`;
    })
    // Keys and webpackChunkName comments; module paths are not chunk names and stay.
    .replace(/"((?:[^"\\]|\\.)*)"/g, (match, name) => {
      const short = names.get(name);
      return short === undefined ? match : JSON.stringify(short);
    });
  return {code, entries};
}

/**
 * @param {string} source routesChunkNames.json
 * @param {Map<string, string>} names from shortChunkNames
 * @returns {string}
 */
function renameRouteChunks(source, names) {
  /** @param {unknown} value @returns {unknown} */
  const rename = (value) => {
    if (typeof value === 'string') return names.get(value) ?? value;
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, rename(v)]));
    }
    return value;
  };
  return JSON.stringify(rename(JSON.parse(source)));
}

/** Registry entry lines: `  "name": [() => import(…), "…", require.resolveWeak("…")],`. */
const REGISTRY_LINE = /^\s*"((?:[^"\\]|\\.)+)":\s*\[.*\],?\s*$/;

/**
 * Splits registry.js into the entries of chunks that stay in the main bundle
 * (returned as the module's source) and those that moved to a route part.
 * @param {string} source
 * @param {Map<string, string>} moved chunk name → part name
 * @returns {{main: string, byPart: Map<string, string[]>}}
 */
function splitRegistry(source, moved) {
  /** @type {Map<string, string[]>} */
  const byPart = new Map();
  const main = source
    .split('\n')
    .filter((line) => {
      const name = REGISTRY_LINE.exec(line)?.[1];
      const part = name === undefined ? undefined : moved.get(name);
      if (part === undefined) return true;
      byPart.set(part, [...(byPart.get(part) ?? []), line]);
      return false;
    })
    .join('\n');
  return {main, byPart};
}

/**
 * The route split plan of the generated folder (routes.js and
 * routesChunkNames.json, as Docusaurus wrote them), computed once per build.
 * @param {string} dir
 */
function planOf(dir) {
  const routes = fs.readFileSync(path.join(dir, 'routes.js'), 'utf8');
  const chunkNamesText = fs.readFileSync(path.join(dir, 'routesChunkNames.json'), 'utf8');
  const key = routes + chunkNamesText;
  if (planCache?.key !== key) planCache = {key, routes, plan: routeSplit.planSplit(routes, JSON.parse(chunkNamesText))};
  return planCache;
}
/** @type {{key: string, routes: string, plan: import('./routeSplit.cjs').Plan} | undefined} */
let planCache;

/**
 * @typedef {{kind: 'docsVersion' | 'registry' | 'routesChunkNames' | 'routes' | 'globalData', split?: {client: string, sidebarClient: string, partsDir: string}, keepDocIds?: string[], generatedDir?: string}} Options
 * @this {{getOptions(): Options, resourcePath: string, emitWarning(error: Error): void, addDependency(file: string): void}}
 * @param {string} source
 */
function loader(source) {
  const {kind, split, keepDocIds, generatedDir} = this.getOptions();
  if (kind === 'docsVersion') {
    if (!split || !generatedDir) return trimDocsVersion(source);
    // Sidebar parts (./sidebarSplit.cjs), browser bundle only: the plugin writes the parts from the same
    // split. The module becomes JavaScript (the rule sets its type) that registers the loaders of its
    // parts before its data is used, so that the main bundle holds none.
    this.addDependency(path.join(generatedDir, 'routes.js'));
    const inParts = routeSplit.partOfPath(planOf(generatedDir).plan);
    const key = sidebarKey(this.resourcePath);
    /** @type {string[]} the parts of the sidebars' outer large categories (nested ones: their parent part) */
    const names = [];
    const data = trimDocsVersion(source, (sidebars) => {
      const result = sidebarSplit.splitSidebars(sidebars, key, (p) => inParts.has(p)).sidebars;
      for (const items of Object.values(result)) sidebarSplit.partsNamedIn(items, names);
      return result;
    });
    return sidebarSplit.registeringModule(data, names, split.sidebarClient, split.partsDir);
  }
  // All these tables are generated into the same folder before the bundler starts.
  const dir = path.dirname(this.resourcePath);
  for (const file of ['registry.js', 'routes.js', 'routesChunkNames.json']) this.addDependency(path.join(dir, file));
  if (kind === 'globalData') {
    // The docs of the routes in parts go with the parts (routeSplit.splitDocsData).
    return JSON.stringify(routeSplit.splitDocsData(JSON.parse(source), planOf(dir).plan, keepDocIds).main);
  }
  if (kind === 'routes') {
    return split ? routeSplit.mainRoutes(source, planOf(dir).plan, split) : source;
  }
  if (kind === 'routesChunkNames') {
    const names = shortChunkNames(fs.readFileSync(path.join(dir, 'registry.js'), 'utf8'));
    if (!split) return renameRouteChunks(source, names);
    const {plan} = planOf(dir);
    /** @type {Record<string, unknown>} */
    const data = JSON.parse(source);
    const kept = Object.fromEntries(Object.entries(data).filter(([key]) => !plan.partOfKey.has(key)));
    return renameRouteChunks(JSON.stringify(kept), names);
  }
  const names = shortChunkNames(source);
  const kept = split ? splitRegistry(source, planOf(dir).plan.moved).main : source;
  const {code, entries} = trimRegistry(kept, names);
  // An empty registry has nothing to trim; a full one that matched nothing means Docusaurus changed its format.
  if (entries === 0 && source.includes('require.resolveWeak(')) {
    this.emitWarning(
      new Error(
        `orrery-bundle-trim: ${this.resourcePath} no longer has the shape this loader trims; module names stay in the browser bundle. Update src/plugins/bundle-trim/loaders/trimClientData.cjs.`,
      ),
    );
  }
  return code;
}

module.exports = loader;
module.exports.trimDocsVersion = trimDocsVersion;
module.exports.trimRegistry = trimRegistry;
module.exports.docsShownAsCards = docsShownAsCards;
module.exports.shortChunkNames = shortChunkNames;
module.exports.renameRouteChunks = renameRouteChunks;
module.exports.splitRegistry = splitRegistry;
module.exports.sidebarKey = sidebarKey;
