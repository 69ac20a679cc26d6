/**
 * Client module: a gentler `window.docusaurus.prefetch`, the function every
 * internal link calls once it scrolls into view, to fetch the code of the
 * page it points to ahead of a click.
 *
 * Docusaurus's own version runs at once, for every visible link in the same
 * task, and adds a <link rel="prefetch"> for each chunk of each route without
 * checking whether that chunk was loaded or asked for already: a doc page
 * appended some 260 of them while the page was still starting, one long task
 * on a slow phone. This one queues the routes, works through the queue while
 * the browser is idle, and asks for each chunk once, skipping chunks the page
 * has loaded. It still gives up on slow or data-saving connections, and
 * hovering a link still preloads its page at once (`preload` is unchanged).
 */
import type {ClientModule} from '@docusaurus/types';
import {matchPath} from '@docusaurus/router';
import type {RouteConfig} from 'react-router-config';
import routes from '@generated/routes';
import routesChunkNames from '@generated/routesChunkNames';
import registry from '@generated/registry';
import {chunkNameLeaves} from '../../bundle-trim/chunkNames';
import {routePartsLoaded, sidebarPartChunks, unloadedRoutePart} from '../../bundle-trim/client/routeParts';
import {pageDataUrl} from '../../page-data/client/files';

declare const __webpack_require__: {gca(chunkName: string): string | undefined};

interface Route {
  path: string;
  exact?: boolean;
  strict?: boolean;
  routes?: Route[];
}

type IdleCallback = (deadline: {timeRemaining(): number}) => void;

const requested = new Set<string>();
const queue: string[] = [];
let chunksByPath: Map<string, string[]> | undefined;
/** How many route parts had loaded when chunksByPath was built (a new part adds routes). */
let chunksByPathParts = -1;
let scheduled = false;

/** The routes a path renders, outermost first (as react-router-config's matchRoutes). */
function matchRoutes(list: Route[], pathname: string, branch: Route[] = []): Route[] {
  for (const route of list) {
    if (matchPath(pathname, route)) {
      branch.push(route);
      if (route.routes) matchRoutes(route.routes, pathname, branch);
      break;
    }
  }
  return branch;
}

/** Route path → chunk names, built once per set of loaded route parts (route keys are "<path>-<hash>"). */
function chunkNames(path: string): string[] {
  if (!chunksByPath || chunksByPathParts !== routePartsLoaded()) {
    chunksByPathParts = routePartsLoaded();
    chunksByPath = new Map();
    for (const [key, chunks] of Object.entries(routesChunkNames)) {
      const routePath = key.replace(/-[^-]+$/, '');
      chunksByPath.set(routePath, chunkNameLeaves(chunks, chunksByPath.get(routePath) ?? []));
    }
  }
  return chunksByPath.get(path) ?? [];
}

/**
 * Whether the page has this script already, or has fetched it: a script element
 * (the page loader's or the bundler's), a resource the browser fetched, or one
 * of the page's own chunks the loader lists (they may not be in the DOM yet).
 */
function loadedAlready(url: string): boolean {
  if (document.querySelector(`script[src="${CSS.escape(url)}"]`)) return true;
  if (performance.getEntriesByName(new URL(url, location.href).href).length > 0) return true;
  const own = document.querySelector('script[data-page-scripts]')?.getAttribute('data-page-scripts') ?? '';
  return own.split(' ').includes(url);
}

function prefetchRoute(pathname: string): void {
  // A link into a route part that has not loaded (bundle-trim's route parts): the part's chunk.
  // Its routes, hence their chunk names, are known once a navigation runs it.
  const part = unloadedRoutePart(routes as RouteConfig[], pathname);
  const routeChunks = matchRoutes(routes as Route[], pathname).flatMap((route) => chunkNames(route.path));
  // And the sidebar parts of the large categories the page sits in, which a navigation loads with its part.
  for (const name of [...(part ? [part] : []), ...sidebarPartChunks(pathname), ...routeChunks]) {
    // A page that is data (src/plugins/page-data) has its file's URL on its registry entry.
    const url = pageDataUrl((registry as Record<string, unknown>)[name]) ?? __webpack_require__.gca(name);
    if (!url || url.includes('undefined') || requested.has(url)) continue;
    requested.add(url);
    if (loadedAlready(url)) continue;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    document.head.appendChild(link);
  }
}

const onIdle = (callback: IdleCallback): void => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, {timeout: 5000});
  else window.setTimeout(() => callback({timeRemaining: () => 8}), 200);
};

function work(deadline: {timeRemaining(): number}): void {
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    prefetchRoute(next);
    if (deadline.timeRemaining() <= 2) break;
  }
  if (queue.length > 0) onIdle(work);
  else scheduled = false;
}

const seen = new Set<string>();

function isSlowConnection(): boolean {
  const connection = (navigator as {connection?: {effectiveType?: string; saveData?: boolean}}).connection;
  return Boolean(connection?.effectiveType?.includes('2g') || connection?.saveData);
}

function prefetch(routePath: string): boolean {
  if (isSlowConnection() || seen.has(routePath)) return false;
  seen.add(routePath);
  queue.push(routePath);
  if (!scheduled) {
    scheduled = true;
    onIdle(work);
  }
  return true;
}

const clientModule: ClientModule = {
  onRouteDidUpdate() {
    // window.docusaurus is a read-only object; replace it with a copy (Link reads it at each call).
    const w = window as {docusaurus?: {prefetch: (routePath: string) => unknown}};
    if (w.docusaurus && w.docusaurus.prefetch !== prefetch) w.docusaurus = {...w.docusaurus, prefetch};
  },
};

export default clientModule;
