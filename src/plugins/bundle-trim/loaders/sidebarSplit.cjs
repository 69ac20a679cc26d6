// @ts-check
/**
 * Sidebar parts (../README.md, "Route parts", step 7).
 *
 * Every doc page of a docs version loads the version's metadata, which holds
 * its whole sidebars: some 12 bytes gzip per page of the version, for links
 * the reader mostly never expands. For the browser bundle, each large
 * category that starts collapsed keeps its label and fields but its items
 * become placeholders: as many as it has (a doc card counts them), the first
 * a link to where the category leads (its link, else its first page, which
 * the theme renders as the category's link before hydration), the others
 * empty HTML items. Its real items go into a part of their own, loaded with
 * the route part of any page inside the category, or when the reader points
 * at the category or its placeholders show (client/sidebarParts.ts). Nested large categories are
 * split the same way, so a part holds one level.
 *
 * A category is split only when every page inside it (and its own page) is a
 * route of a route part: those are the pages that can load the part first.
 */

/**
 * @typedef {{type: string, href?: string, label?: string, docId?: string, unlisted?: boolean, linkUnlisted?: boolean, collapsed?: boolean, collapsible?: boolean, items?: SidebarItem[], __part?: string, [key: string]: unknown}} SidebarItem
 */

/** Categories with fewer links (at any depth) stay whole. */
const MIN_LINKS = 10;

const {barePath: bare} = require('./routeSplit.cjs');

/**
 * The first link of an item, as the theme's findFirstSidebarItemLink finds
 * it, with the label of the item it belongs to.
 * @param {SidebarItem} item
 * @returns {{href: string, label: string} | undefined}
 */
function firstLink(item) {
  if (item.type === 'link') return item.unlisted || !item.href ? undefined : {href: item.href, label: item.label ?? ''};
  if (item.type !== 'category') return undefined;
  if (item.href && !item.linkUnlisted) return {href: item.href, label: item.label ?? ''};
  for (const sub of item.items ?? []) {
    const link = firstLink(sub);
    if (link) return link;
  }
  return undefined;
}

/**
 * The paths of the pages an item leads to (its links, categories' own pages).
 * @param {SidebarItem} item
 * @param {string[]} [out]
 */
function pagePaths(item, out = []) {
  if (item.href && (item.type === 'link' || item.type === 'category') && item.href.startsWith('/')) out.push(item.href);
  for (const sub of item.items ?? []) pagePaths(sub, out);
  return out;
}

/**
 * @param {Record<string, SidebarItem[]>} sidebars a version's `docsSidebars`
 * @param {string} key names the parts (unique per version metadata file)
 * @param {(path: string) => boolean} inRoutePart whether a page path is a route of a route part
 * @param {number} [minLinks]
 * @returns {{sidebars: Record<string, SidebarItem[]>, parts: Map<string, SidebarItem[]>, partsOfPath: Map<string, string[]>}}
 */
function splitSidebars(sidebars, key, inRoutePart, minLinks = MIN_LINKS) {
  /** @type {Map<string, SidebarItem[]>} */
  const parts = new Map();
  /** @type {Map<string, string[]>} page path (no trailing slash) → the parts it needs, outermost first */
  const partsOfPath = new Map();
  let n = 0;
  /**
   * @param {SidebarItem[]} items
   * @returns {SidebarItem[]}
   */
  const visit = (items) =>
    items.map((item) => {
      if (item.type !== 'category' || !item.items) return item;
      const name = `${key}.${(n++).toString(36)}`;
      const paths = pagePaths(item);
      const links = paths.length;
      const split =
        item.collapsible !== false &&
        item.collapsed === true &&
        links >= minLinks &&
        paths.every((p) => inRoutePart(bare(p)));
      const inner = visit(item.items);
      if (!split) return {...item, items: inner};
      parts.set(name, inner);
      for (const p of paths) {
        const list = partsOfPath.get(bare(p)) ?? [];
        list.push(name);
        partsOfPath.set(bare(p), list);
      }
      const first = firstLink(item);
      /** @type {SidebarItem[]} */
      const placeholders = inner.map((_, i) =>
        i === 0 && first ? {type: 'link', href: first.href, label: first.label, __of: name} : {type: 'html', value: ''},
      );
      return {...item, items: placeholders, __part: name};
    });
  /** @type {Record<string, SidebarItem[]>} */
  const out = {};
  for (const [id, items] of Object.entries(sidebars)) out[id] = visit(items);
  // Outer parts were numbered first: order each path's list outermost first.
  for (const list of partsOfPath.values()) list.sort((a, b) => order(a) - order(b));
  return {sidebars: out, parts, partsOfPath};
}

/** @param {string} name */
function order(name) {
  return parseInt(name.slice(name.lastIndexOf('.') + 1), 36);
}

/**
 * The parts whose categories these items show: large categories among them,
 * at any depth short of another part (a part's own nested parts are named by
 * that part). What a module holding these items registers the loaders of.
 * @param {SidebarItem[]} items
 * @param {string[]} [out]
 * @returns {string[]}
 */
function partsNamedIn(items, out = []) {
  for (const item of items) {
    if (item.__part !== undefined) out.push(item.__part);
    else if (item.items) partsNamedIn(item.items, out);
  }
  return out;
}

/** A sidebar part's chunk name: this prefix and the part's name (client/sidebarStore.ts has the same). */
const SIDEBAR_CHUNK_PREFIX = 'orrery-sidebar-';

/**
 * The source of an object literal: sidebar part name → its loader, a dynamic
 * import of the part's module (`<partsDir>/sidebar/<name>.js`) in a chunk of
 * its own, named SIDEBAR_CHUNK_PREFIX + name. The modules that show a part's
 * category register its loader (client/sidebarParts.ts): a version's metadata
 * for its sidebars' outer large categories, a part for the large categories
 * inside it, and each route part for the parts its pages need; so neither the
 * main bundle nor a version's metadata holds the loaders of nested parts.
 * @param {Iterable<string>} names
 * @param {string} partsDir
 */
function sidebarLoaders(names, partsDir) {
  const lines = [...new Set(names)].map(
    (name) =>
      `  ${JSON.stringify(name)}: () => import(/* webpackChunkName: ${JSON.stringify(SIDEBAR_CHUNK_PREFIX + name)} */ ${JSON.stringify(`${partsDir}/sidebar/${name}.js`)}),`,
  );
  return `{\n${lines.join('\n')}\n}`;
}

/**
 * The source of a module that registers the loaders of these parts with the
 * sidebar store (`registerSidebarLoaders` of `client`) and then exports `json`
 * as its data: a docs version's metadata in the browser build, and each part.
 * @param {string} json the data, as JSON text
 * @param {string[]} names the parts whose categories the data shows (`partsNamedIn`)
 * @param {string} client absolute path of client/sidebarParts.ts
 * @param {string} partsDir where the parts' modules are, as `sidebarLoaders` takes it
 */
function registeringModule(json, names, client, partsDir) {
  const register =
    names.length > 0
      ? [
          `import {registerSidebarLoaders} from ${JSON.stringify(client)};`,
          `registerSidebarLoaders(${sidebarLoaders(names, partsDir)});`,
        ]
      : [];
  return [...register, `export default JSON.parse(${JSON.stringify(json)});`, ''].join('\n');
}

module.exports = {
  splitSidebars,
  sidebarLoaders,
  registeringModule,
  partsNamedIn,
  firstLink,
  MIN_LINKS,
  SIDEBAR_CHUNK_PREFIX,
};
