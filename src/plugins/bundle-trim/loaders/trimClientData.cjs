// @ts-check
const fs = require('node:fs');
const path = require('node:path');
/**
 * A loader for two modules Docusaurus generates, in the browser bundle only.
 * Each keeps what the browser uses and drops what only the server needs or
 * what no page shows, so every page downloads less (figures in
 * ../README.md). Plain CommonJS: the bundler loads loaders with Node's require.
 *
 * - `kind: 'docsVersion'` — a docs version's metadata (`p/<version>.json`),
 *   which every doc page of the version loads. It holds each doc's
 *   description, which only a doc card (DocCard, on a category index page or
 *   from <DocCardList/>) shows. Descriptions are kept for the docs that are
 *   direct items of a category with a page of its own and dropped for the
 *   others.
 * - `kind: 'registry'` — `registry.js`, in the main bundle: each chunk's
 *   entry names its source module ("@site/docs/…") for react-loadable, which
 *   reads those names only while rendering on the server. The browser gets
 *   empty names. Its chunk names (8 hex digits each, in this table, in the
 *   route table below and in the runtime's table of chunk ids) become the
 *   shortest base-36 names (`shortChunkNames`).
 * - `kind: 'routesChunkNames'` — `routesChunkNames.json`, in the main bundle:
 *   the chunk names of each route, renamed as in `registry.js`.
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
 * @returns {string}
 */
function trimDocsVersion(source) {
  /** @type {{version?: VersionMetadata}} */
  const data = JSON.parse(source);
  const version = data.version;
  if (!version?.docs || !version.docsSidebars) return source;
  const keep = docsShownAsCards(version.docsSidebars);
  for (const [id, doc] of Object.entries(version.docs)) {
    if (!keep.has(id)) delete doc.description;
  }
  return JSON.stringify(data);
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
 * @param {string} source registry.js as Docusaurus writes it.
 * @returns {{code: string, entries: number}}
 */
function trimRegistry(source) {
  const names = shortChunkNames(source);
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

/**
 * @this {{getOptions(): {kind: 'docsVersion' | 'registry' | 'routesChunkNames'}, resourcePath: string, emitWarning(error: Error): void, addDependency(file: string): void}}
 * @param {string} source
 */
function loader(source) {
  const {kind} = this.getOptions();
  if (kind === 'docsVersion') return trimDocsVersion(source);
  if (kind === 'routesChunkNames') {
    // Both tables are generated into the same folder before the bundler starts.
    const registry = path.join(path.dirname(this.resourcePath), 'registry.js');
    this.addDependency(registry);
    return renameRouteChunks(source, shortChunkNames(fs.readFileSync(registry, 'utf8')));
  }
  const {code, entries} = trimRegistry(source);
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
