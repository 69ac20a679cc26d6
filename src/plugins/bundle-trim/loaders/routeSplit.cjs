// @ts-check
/**
 * Route tables split into parts (README.md beside this file, "Route parts").
 *
 * Docusaurus generates three modules that the browser's main bundle holds
 * whole: `routes.js` (every route), `routesChunkNames.json` (each route's
 * chunk names) and `registry.js` (each chunk's loader). Every page thus runs
 * some 40 bytes gzip per page of the site before its own content
 * (facebook/docusaurus#7256). Here, for the browser bundle only, the leaf
 * routes of every long route list (the doc pages of one docs version) move
 * into parts of at most `maxPart` routes, each a chunk of its own holding its
 * routes, their chunk names and the loaders of the chunks only they use. The
 * main bundle keeps the parents, a [first path, last path, loader] triple per
 * part, and everything shared. The server bundle keeps the whole tables.
 *
 * Pure functions of the three generated files (plain CommonJS: the bundler
 * loads loaders with Node's require); the plugin writes the parts and the
 * loader rewrites the three modules from the same plan.
 */
const acorn = require('acorn');

/**
 * @typedef {{start: number, end: number, path: string, key: string}} Leaf
 * @typedef {{name: string, from: string, to: string, leaves: Leaf[]}} Part
 * @typedef {{start: number, end: number, parts: Part[]}} SplitList
 * @typedef {{lists: SplitList[], moved: Map<string, string>, partOfKey: Map<string, string>}} Plan
 */

/** Lists with fewer leaf routes stay whole. */
const MIN_LIST = 20;
/** The most routes one part holds. */
const MAX_PART = 100;

/** @param {any} node @param {string} name */
function property(node, name) {
  return node.properties.find(
    (/** @type {any} */ p) => p.type === 'Property' && !p.computed && (p.key.name ?? p.key.value) === name,
  );
}

/**
 * The leaf route lists of routes.js long enough to split, with each leaf's
 * source range, path and routesChunkNames key.
 * @param {string} source routes.js as Docusaurus writes it
 * @param {number} minList
 * @returns {{start: number, end: number, leaves: Leaf[]}[]}
 */
function leafLists(source, minList = MIN_LIST) {
  const program = acorn.parse(source, {ecmaVersion: 'latest', sourceType: 'module'});
  const exported = program.body.find((n) => n.type === 'ExportDefaultDeclaration');
  const top = /** @type {any} */ (exported)?.declaration;
  if (!top || top.type !== 'ArrayExpression') {
    throw new Error('routes.js does not export an array of routes');
  }
  /** @type {{start: number, end: number, leaves: Leaf[]}[]} */
  const lists = [];
  /** @param {any} array */
  const visit = (array) => {
    const children = array.elements.map((/** @type {any} */ element) => {
      if (element?.type !== 'ObjectExpression')
        throw new Error('routes.js holds a route that is not an object literal');
      return element;
    });
    const nested = children.filter((/** @type {any} */ c) => property(c, 'routes'));
    if (nested.length === 0 && children.length >= minList) {
      lists.push({start: array.start, end: array.end, leaves: children.map(leaf)});
      return;
    }
    for (const child of nested) {
      const routes = property(child, 'routes').value;
      if (routes.type !== 'ArrayExpression') throw new Error('routes.js holds a `routes` that is not an array literal');
      visit(routes);
    }
  };
  /** @param {any} node @returns {Leaf} */
  const leaf = (node) => {
    const component = property(node, 'component')?.value;
    const [pathArg, hashArg] = component?.type === 'CallExpression' ? component.arguments : [];
    const path = property(node, 'path')?.value?.value;
    if (typeof path !== 'string' || pathArg?.value !== path || typeof hashArg?.value !== 'string') {
      throw new Error(`routes.js: a route without path and ComponentCreator(path, hash) at offset ${node.start}`);
    }
    return {start: node.start, end: node.end, path, key: `${path}-${hashArg.value}`};
  };
  visit(top);
  return lists;
}

/**
 * The folder of a route path ("/orrery/planning" of "/orrery/planning/anchors/").
 * @param {string} path
 */
function section(path) {
  return path.split('/').slice(0, -2).join('/');
}

/**
 * Leaves in path order, cut into parts of at most `maxPart`; a part also ends
 * where the folder changes once it is half full, so that the pages of one
 * folder tend to share a part.
 * @param {Leaf[]} leaves
 * @param {number} maxPart
 * @returns {Leaf[][]}
 */
function cut(leaves, maxPart = MAX_PART) {
  const sorted = [...leaves].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  /** @type {Leaf[][]} */
  const parts = [];
  /** @type {Leaf[]} */
  let current = [];
  for (const leaf of sorted) {
    const last = current[current.length - 1];
    const full = current.length >= maxPart;
    const folderEnds = last && current.length >= maxPart / 2 && section(last.path) !== section(leaf.path);
    if (current.length > 0 && (full || folderEnds)) {
      parts.push(current);
      current = [];
    }
    current.push(leaf);
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/**
 * Chunk names anywhere in a routesChunkNames value (the value may nest objects and arrays).
 * @param {unknown} value
 * @param {string[]} [out]
 * @returns {string[]}
 */
function leafNames(value, out = []) {
  if (typeof value === 'string') out.push(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) leafNames(v, out);
  return out;
}

/**
 * The split plan: which lists, which parts, and which chunks move with them
 * (a chunk moves to a part when only that part's routes use it).
 * @param {string} routesSource
 * @param {Record<string, unknown>} routesChunkNames
 * @param {{minList?: number, maxPart?: number}} [options]
 * @returns {Plan}
 */
function planSplit(routesSource, routesChunkNames, {minList = MIN_LIST, maxPart = MAX_PART} = {}) {
  let n = 0;
  const lists = leafLists(routesSource, minList).map((list) => ({
    start: list.start,
    end: list.end,
    parts: cut(list.leaves, maxPart).map((leaves) => ({
      name: `orrery-routes-${n++}`,
      from: leaves[0]?.path ?? '',
      to: leaves[leaves.length - 1]?.path ?? '',
      leaves,
    })),
  }));
  /** @type {Map<string, string>} */
  const partOfKey = new Map();
  for (const list of lists) for (const part of list.parts) for (const l of part.leaves) partOfKey.set(l.key, part.name);
  /** @type {Map<string, Set<string>>} chunk name → the parts (or "main") that use it */
  const users = new Map();
  for (const [key, value] of Object.entries(routesChunkNames)) {
    const user = partOfKey.get(key) ?? 'main';
    for (const name of leafNames(value)) {
      const set = users.get(name) ?? new Set();
      set.add(user);
      users.set(name, set);
    }
  }
  for (const key of partOfKey.keys()) {
    if (!(key in routesChunkNames)) throw new Error(`routesChunkNames.json has no route ${key} of routes.js`);
  }
  /** @type {Map<string, string>} chunk name → part */
  const moved = new Map();
  for (const [name, set] of users) {
    const [only] = set;
    if (set.size === 1 && only !== undefined && only !== 'main') moved.set(name, only);
  }
  return {lists, moved, partOfKey};
}

/**
 * routes.js for the browser: each split list becomes a call that returns an
 * empty list, filled with a part's routes when that part loads.
 * @param {string} source routes.js
 * @param {Plan} plan
 * @param {{client: string, partsDir: string}} paths absolute paths: the client module, the parts' folder
 */
function mainRoutes(source, plan, {client, partsDir}) {
  let out = '';
  let at = 0;
  for (const list of plan.lists) {
    const parts = list.parts.map(
      (p) =>
        `[${JSON.stringify(p.from)}, ${JSON.stringify(p.to)}, () => import(/* webpackChunkName: ${JSON.stringify(p.name)} */ ${JSON.stringify(`${partsDir}/${p.name}.js`)}), ${JSON.stringify(p.name)}]`,
    );
    out += `${source.slice(at, list.start)}__orreryRouteParts([\n${parts.join(',\n')}\n])`;
    at = list.end;
  }
  out += source.slice(at);
  return `import {routeParts as __orreryRouteParts} from ${JSON.stringify(client)};\n${out}`;
}

/** The docs plugin's key in the global data. */
const DOCS_PLUGIN = 'docusaurus-plugin-content-docs';

/**
 * A page path without its trailing slash (the root stays `/`): the form the
 * split's maps are keyed by, whatever the site's trailingSlash setting.
 * @param {string} path
 */
const barePath = (path) => path.replace(/\/+$/, '') || '/';

/**
 * Page path (no trailing slash) → the route part that holds its route.
 * @param {Plan} plan
 * @returns {Map<string, string>}
 */
function partOfPath(plan) {
  const map = new Map();
  for (const list of plan.lists) {
    for (const part of list.parts) for (const leaf of part.leaves) map.set(barePath(leaf.path), part.name);
  }
  return map;
}

/**
 * @typedef {{id: string, path: string, sidebar?: string}} GlobalDoc
 * @typedef {{name: string, mainDocId: string, docs: GlobalDoc[]}} GlobalVersion
 * @typedef {Record<string, Record<string, GlobalDoc[]>>} PartDocs docs plugin id → version name → docs
 */

/**
 * The docs plugin's global data split with the routes. Every page runs the
 * global data, which lists every doc (id, path, sidebar) of every version, for
 * the version menu, the version banner and navbar doc links. For the browser,
 * a version keeps its main doc, the docs of routes that stay in the main
 * bundle and the `keepIds` (navbar doc links); every other doc moves into the
 * part of its route, together with the docs of the same id in the other
 * versions (what the version menu links to from that page), unless those
 * stay. A part adds its docs to the global data when it loads, which is
 * before its pages render (client/routeParts.ts).
 * @param {any} globalData globalData.json as Docusaurus writes it
 * @param {Plan} plan
 * @param {Iterable<string>} [keepIds]
 * @returns {{main: any, byPart: Map<string, PartDocs>}}
 */
function splitDocsData(globalData, plan, keepIds = []) {
  const partOf = partOfPath(plan);
  const keep = new Set(keepIds);
  /** @type {Record<string, {versions: GlobalVersion[]}>} */
  const instances = globalData?.[DOCS_PLUGIN] ?? {};
  /** @type {Record<string, unknown>} */
  const trimmed = {};
  /** @type {Map<string, PartDocs>} */
  const byPart = new Map();
  for (const [pluginId, data] of Object.entries(instances)) {
    /** @param {GlobalVersion} v @param {GlobalDoc} doc */
    const stays = (v, doc) => !partOf.has(barePath(doc.path)) || keep.has(doc.id) || doc.id === v.mainDocId;
    const byId = data.versions.map((v) => new Map(v.docs.map((d) => [d.id, d])));
    for (const v of data.versions) {
      for (const doc of v.docs) {
        const part = partOf.get(barePath(doc.path));
        if (part === undefined || stays(v, doc)) continue;
        const docs = byPart.get(part) ?? {};
        byPart.set(part, docs);
        // The doc and its namesakes in the other versions, each once per part.
        for (const [i, other] of data.versions.entries()) {
          const same = byId[i]?.get(doc.id);
          if (!same || stays(other, same)) continue;
          const list = ((docs[pluginId] ??= {})[other.name] ??= []);
          if (!list.some((d) => d.id === same.id)) list.push(same);
        }
      }
    }
    trimmed[pluginId] = {
      ...data,
      versions: data.versions.map((v) => ({...v, docs: v.docs.filter((doc) => stays(v, doc))})),
    };
  }
  return {main: DOCS_PLUGIN in (globalData ?? {}) ? {...globalData, [DOCS_PLUGIN]: trimmed} : globalData, byPart};
}

/**
 * One part's module: it adds its chunk names and chunk loaders to the main
 * bundle's tables, its docs to the global data (splitDocsData) and the loaders
 * of its pages' sidebar parts to the sidebar store, then
 * exports its routes (ComponentCreator reads both tables when it is called).
 * @param {string} routesSource
 * @param {Part} part
 * @param {Record<string, unknown>} chunkNames the part's routes → their chunk names (as the browser bundle names them)
 * @param {string[]} registryEntries `"name": [loader, module, weak id]` source lines of the chunks that moved here
 * @param {string} client absolute path of the client module
 * @param {PartDocs} [docs] the part's share of the docs plugin's global data
 * @param {Record<string, string[]>} [sidebarParts] page path (no trailing slash) → the sidebar parts it needs (./sidebarSplit.cjs)
 * @param {string} [sidebarLoaders] the source of those parts' loaders (sidebarSplit.cjs `sidebarLoaders`)
 */
function partModule(
  routesSource,
  part,
  chunkNames,
  registryEntries,
  client,
  docs = {},
  sidebarParts = {},
  sidebarLoaders = '',
) {
  const sidebars = Object.keys(sidebarParts).length > 0 ? `, ${JSON.stringify(sidebarParts)}` : '';
  return [
    "import ComponentCreator from '@docusaurus/ComponentCreator';",
    `import {registerRoutePart} from ${JSON.stringify(client)};`,
    `registerRoutePart(${JSON.stringify(part.name)}, ${JSON.stringify(chunkNames)}, {`,
    ...registryEntries.map((line) => `  ${line.trim().replace(/,$/, '')},`),
    `}, ${JSON.stringify(docs)}${sidebars}${sidebars && sidebarLoaders ? `, ${sidebarLoaders}` : ''});`,
    'export default [',
    part.leaves.map((l) => routesSource.slice(l.start, l.end)).join(',\n'),
    '];',
    '',
  ].join('\n');
}

module.exports = {
  planSplit,
  mainRoutes,
  partModule,
  splitDocsData,
  leafLists,
  cut,
  barePath,
  partOfPath,
  MIN_LIST,
  MAX_PART,
};
