/**
 * The scripts of each page's own chunks, listed in its HTML so that the page
 * loader (./loader.ts) fetches them alongside the main bundle.
 *
 * Docusaurus's page template lists only the entry scripts (runtime and main):
 * the chunks of the page's routes (its MDX content, its sidebar, its docs
 * version) are requested by the client entry once the main bundle has run,
 * one network round trip later, and the entry appends a <script> for each of
 * them inside its own long task. With the chunks listed, the browser fetches
 * them at once and runs each in a task of its own; the entry finds them
 * loaded.
 *
 * Sources: the route tree of `postBuild`'s props, and three files the build
 * writes: `.docusaurus/routesChunkNames.json` (each route's chunk names),
 * `.docusaurus/registry.js` (for the short chunk names of
 * ../bundle-trim/loaders/trimClientData.cjs) and the chunk groups the browser
 * bundle emitted (`chunkGroupsFile`).
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {matchPath} from 'react-router';
import {chunkNameLeaves} from '../bundle-trim/chunkNames';
import {firstMatch, type FirstMatchRules} from '../../config/firstMatch';

export interface RouteNode {
  path: string;
  exact?: boolean;
  strict?: boolean;
  /** `${path}-${hash}`, the key of routesChunkNames.json. */
  key: string;
  routes?: RouteNode[];
}

/** Chunk group name → the files of its chunks, as the bundler emitted them (publicPath included). */
export type ChunkGroups = Record<string, string[]>;

/** The name of the file the browser build writes its chunk groups to, in the plugin's generated directory. */
export const CHUNK_GROUPS_FILE = 'chunk-groups.json';

/** What `routesWithKeys` reads of a route: the shape of `postBuild`'s `routes` (PluginRouteConfig). */
export interface RouteInput {
  path: string;
  exact?: boolean;
  strict?: boolean;
  routes?: RouteInput[];
}

/**
 * The route tree of `postBuild`'s props, each route with its key in
 * `routesChunkNames.json`. Docusaurus writes that file from the same route
 * list, one key (`${path}-${hash}`) per route in depth-first order, parents
 * before their children; the hash is internal, so the keys are taken in that
 * order and each is checked against its route's path. Any mismatch (another
 * order or key format in a new Docusaurus) stops the build with a message.
 */
export function routesWithKeys(routes: readonly RouteInput[], routesChunkNames: Record<string, unknown>): RouteNode[] {
  const keys = Object.keys(routesChunkNames);
  let next = 0;
  const walk = (list: readonly RouteInput[]): RouteNode[] =>
    list.map((route) => {
      const key = keys[next++];
      const hash = key?.startsWith(`${route.path}-`) ? key.slice(route.path.length + 1) : undefined;
      if (key === undefined || !hash || hash.includes('-')) {
        throw new Error(
          `page-startup: routesChunkNames.json's key ${JSON.stringify(key)} does not belong to route ${route.path} ` +
            '(Docusaurus changed how it keys routes); update src/plugins/page-startup/pageScripts.ts.',
        );
      }
      const node: RouteNode = {path: route.path, key};
      if (route.exact) node.exact = true;
      if (route.strict) node.strict = true;
      if (route.routes) node.routes = walk(route.routes);
      return node;
    });
  const tree = walk(routes);
  if (next !== keys.length) {
    throw new Error(
      `page-startup: routesChunkNames.json has ${keys.length} routes, postBuild's props ${next}; ` +
        'update src/plugins/page-startup/pageScripts.ts.',
    );
  }
  return tree;
}

export interface PageScriptsData {
  routes: RouteNode[];
  routesChunkNames: Record<string, unknown>;
  /** Chunk name in routesChunkNames.json → the name the browser bundle gave the chunk. */
  renamed: Map<string, string>;
  groups: ChunkGroups;
  /**
   * routesChunkNames key → the chunk group of the route part that holds the route (bundle-trim's route
   * parts), or that and the groups of the sidebar parts the page loads next.
   */
  partOf?: Record<string, string | string[]>;
  /** Chunk name → the URL of the data that replaced that page module (src/plugins/page-data). */
  pageData?: Map<string, string>;
}

/**
 * The script URLs of the chunks the client entry preloads for `pathname`
 * (every route that matches it, outermost first, as Docusaurus's preload
 * does), in that order and each once; scripts in `exclude` (the entry's own)
 * are left out.
 */
export function pageScripts(pathname: string, data: PageScriptsData, exclude: Iterable<string> = []): string[] {
  const seen = new Set(exclude);
  const scripts: string[] = [];
  const pathnames = new Set([pathname, decodeURI(pathname)]);
  for (const p of pathnames) {
    for (const {key} of matchedRoutes(data.routes, p)) {
      // The route's part first: the entry's preload loads it before it can ask for the route's chunks.
      const part = data.partOf?.[key] ?? [];
      for (const name of [...(Array.isArray(part) ? part : [part]), ...chunkNameLeaves(data.routesChunkNames[key])]) {
        // Renamed by bundle-trim; with bundle-trim off, the bundle kept the original names.
        for (const file of data.groups[data.renamed.get(name) ?? name] ?? data.groups[name] ?? []) {
          if (!file.endsWith('.js') || seen.has(file)) continue;
          seen.add(file);
          scripts.push(file);
        }
      }
    }
  }
  return scripts;
}

/**
 * The data files (src/plugins/page-data) of the routes that render `pathname`, which the client
 * entry's preload fetches: the page preloads them with its scripts.
 */
export function pageDataFiles(pathname: string, data: PageScriptsData): string[] {
  const urls = new Set<string>();
  if (!data.pageData?.size) return [];
  for (const p of new Set([pathname, decodeURI(pathname)])) {
    for (const {key} of matchedRoutes(data.routes, p)) {
      for (const name of chunkNameLeaves(data.routesChunkNames[key])) {
        const url = data.pageData.get(name);
        if (url) urls.add(url);
      }
    }
  }
  return [...urls];
}

/** `html` with a preload of each of `urls` (fetched as page data) at the end of its head. */
export function addPageDataPreloads(html: string, urls: string[], file: string): string {
  if (urls.length === 0) return html;
  if (!html.includes('</head>')) throw new Error(`${file}: no </head> to preload the page's data in.`);
  const links = urls
    .map(
      (url) =>
        `<link rel="preload" href="${url.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" as="fetch" crossorigin="anonymous">`,
    )
    .join('');
  return html.replace('</head>', `${links}</head>`);
}

/** A route matches as react-router-config's matchRoutes tests it: a route without a path matches. */
const ROUTE_RULES: FirstMatchRules<RouteNode> = {
  exactPath: (route) => (route.path && route.exact && !route.strict ? route.path : undefined),
  matches: (pathname, route) => (route.path ? matchPath(pathname, route) !== null : true),
};

/**
 * The branch of routes that render `pathname`, outermost first: what
 * react-router-config's `matchRoutes` returns (the first matching route of
 * each level, then its child routes), found through an index of each level
 * (../../config/firstMatch.ts) instead of a scan: a scan per page made this
 * pass grow with the square of the page count.
 */
export function matchedRoutes(routes: readonly RouteNode[], pathname: string, branch: RouteNode[] = []): RouteNode[] {
  const i = firstMatch(routes, pathname, ROUTE_RULES);
  const route = routes[i];
  if (!route) return branch;
  branch.push(route);
  return route.routes ? matchedRoutes(route.routes, pathname, branch) : branch;
}

/** The attribute of the page loader's <script> that lists the page's chunk scripts. */
export const LOADER_ATTRIBUTE = 'data-page-scripts';

const LOADER_TAG = new RegExp(`<script ${LOADER_ATTRIBUTE}(?:="[^"]*")?>`);

/** `html` with `scripts` in its page loader's attribute; throws (naming `file`) if the page has no loader. */
export function addPageScripts(html: string, scripts: string[], file: string): string {
  if (!LOADER_TAG.test(html)) {
    throw new Error(`${file}: no page loader (<script ${LOADER_ATTRIBUTE}>) to list the page's chunk scripts in.`);
  }
  const value = scripts.join(' ').replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return html.replace(LOADER_TAG, `<script ${LOADER_ATTRIBUTE}="${value}">`);
}

/** The page path an HTML file of the build serves (`a/b/index.html` → `<baseUrl>a/b/`). */
export function pagePath(outDir: string, file: string, baseUrl: string): string {
  const relative = path.relative(outDir, file).split(path.sep).join('/');
  return baseUrl + relative.replace(/(^|\/)index\.html$/, '$1');
}

/** Reads the build's route data; null when the browser build wrote no chunk groups (not a production build). */
export function readPageScriptsData(
  routes: readonly RouteInput[],
  generatedFilesDir: string,
  chunkGroupsFile: string,
  shortChunkNames: (registrySource: string) => Map<string, string>,
  partsIndex?: string,
  pageData?: (registrySource: string) => Map<string, string>,
): PageScriptsData | null {
  if (!existsSync(chunkGroupsFile)) return null;
  const read = (name: string): string => readFileSync(path.join(generatedFilesDir, name), 'utf8');
  const routesChunkNames = JSON.parse(read('routesChunkNames.json')) as Record<string, unknown>;
  const registry = read('registry.js');
  return {
    routes: routesWithKeys(routes, routesChunkNames),
    routesChunkNames,
    renamed: shortChunkNames(registry),
    ...(pageData ? {pageData: pageData(registry)} : {}),
    groups: JSON.parse(readFileSync(chunkGroupsFile, 'utf8')) as ChunkGroups,
    ...(partsIndex && existsSync(partsIndex)
      ? {partOf: JSON.parse(readFileSync(partsIndex, 'utf8')) as Record<string, string | string[]>}
      : {}),
  };
}
