/**
 * The browser side of the route parts (../routeSplit.cjs, README.md "Route
 * parts"). The main bundle's routes.js calls `routeParts` in place of each
 * long list of leaf routes: the list starts empty and each part's routes are
 * added to it when the part loads. A part's module calls `registerRoutePart`
 * first, so that its routes' chunk names and chunk loaders are in the main
 * tables when ComponentCreator looks them up.
 *
 * `loadRouteParts(routes, pathnames)` loads the parts a pathname needs. ./preload.ts calls it before Docusaurus matches the routes
 * of a page (first load, navigation, hover), and the navigation plugin's idle
 * prefetch before it prefetches a link's chunks. A part that fails to load
 * (a deploy replaced the files) rejects the preload, and Docusaurus then
 * loads the page from the server.
 */
import registry from '@generated/registry';
import routesChunkNames from '@generated/routesChunkNames';
import {matchRoutes, type RouteConfig} from 'react-router-config';

type Loader = () => Promise<{default: unknown[]}>;

interface Part {
  /** Its chunk name ("orrery-routes-N"). */
  name: string;
  /** The first and last route path of the part, in string order. */
  from: string;
  to: string;
  load: Loader;
  /** The route list its routes are added to. */
  list: RouteConfig[];
  loading?: Promise<void>;
}

/** Each split route list → its parts. */
const partsOf = new WeakMap<RouteConfig[], Part[]>();
let loadedCount = 0;

/** Called by routes.js: an empty route list that the given parts fill as they load. */
export function routeParts(entries: [from: string, to: string, load: Loader, name: string][]): RouteConfig[] {
  const list: RouteConfig[] = [];
  partsOf.set(
    list,
    entries.map(([from, to, load, name]) => ({name, from, to, load, list})),
  );
  return list;
}

/** The parts that may hold these pathnames (see loadRouteParts). */
function partsFor(routes: RouteConfig[], pathnames: readonly string[]): Set<Part> {
  const wanted = new Set<Part>();
  for (const pathname of pathnames) {
    const branch = matchRoutes(routes, pathname);
    const list = branch[branch.length - 1]?.route.routes;
    for (const part of (list && partsOf.get(list)) ?? []) {
      if (part.from <= pathname && pathname <= part.to) wanted.add(part);
    }
  }
  return wanted;
}

/** The chunk name of the part a pathname needs, when that part has not loaded yet (for prefetching). */
export function unloadedRoutePart(routes: RouteConfig[], pathname: string): string | undefined {
  const [part] = partsFor(routes, [pathname]);
  return part && !part.loading ? part.name : undefined;
}

/** Called by each part's module before it creates its routes. */
export function registerRoutePart(
  _name: string,
  chunkNames: Record<string, unknown>,
  entries: Record<string, unknown>,
): void {
  Object.assign(routesChunkNames as Record<string, unknown>, chunkNames);
  Object.assign(registry as Record<string, unknown>, entries);
}

/**
 * Loads the parts that may hold these pathnames and resolves when their
 * routes are in place: for each pathname, the routes it matches now; when
 * the last of them has a split list, the part of that list whose path range
 * holds the pathname (none for a path no part holds: a page outside the
 * list, or one that does not exist).
 */
export function loadRouteParts(routes: RouteConfig[], pathnames: readonly string[]): Promise<void> {
  return Promise.all(
    [...partsFor(routes, pathnames)].map((part) => {
      part.loading ??= part.load().then(
        (module) => {
          part.list.push(...(module.default as RouteConfig[]));
          loadedCount += 1;
        },
        (error: unknown) => {
          part.loading = undefined; // the next navigation tries again
          throw error;
        },
      );
      return part.loading;
    }),
  ).then(() => undefined);
}

/** How many parts have loaded so far (caches of the route tables compare it). */
export function routePartsLoaded(): number {
  return loadedCount;
}
