/**
 * The index of the route parts (README.md "Route parts"), without the
 * bundle's generated tables, so that it can be tested alone: which split
 * lists there are, which part of a list may hold a path, and the loading of
 * a part into its list, once.
 */
import {matchRoutes, type RouteConfig} from 'react-router-config';

export type PartLoader = () => Promise<{default: unknown[]}>;

export interface RoutePart {
  /** Its chunk name ("orrery-routes-N"). */
  name: string;
  /** The first and last route path of the part, in string order. */
  from: string;
  to: string;
  load: PartLoader;
  /** The route list its routes are added to. */
  list: RouteConfig[];
  loading?: Promise<void>;
}

export class RoutePartIndex {
  /** Each split route list → its parts. */
  private readonly partsOf = new WeakMap<RouteConfig[], RoutePart[]>();
  /** How many parts have loaded so far (caches of the route tables compare it). */
  loaded = 0;

  /** An empty route list that the given parts fill as they load. */
  list(entries: [from: string, to: string, load: PartLoader, name: string][]): RouteConfig[] {
    const list: RouteConfig[] = [];
    this.partsOf.set(
      list,
      entries.map(([from, to, load, name]) => ({name, from, to, load, list})),
    );
    return list;
  }

  /**
   * The parts that may hold these pathnames: for each, the routes it matches
   * now; when the last of them has a split list, the part of that list whose
   * path range holds the pathname (none for a path no part holds: a page
   * outside the list, or one that does not exist).
   */
  partsFor(routes: RouteConfig[], pathnames: readonly string[]): Set<RoutePart> {
    const wanted = new Set<RoutePart>();
    for (const pathname of pathnames) {
      const branch = matchRoutes(routes, pathname);
      const list = branch[branch.length - 1]?.route.routes;
      for (const part of (list && this.partsOf.get(list)) ?? []) {
        if (part.from <= pathname && pathname <= part.to) wanted.add(part);
      }
    }
    return wanted;
  }

  /** Loads those parts, each once; resolves when their routes are in their lists. */
  load(routes: RouteConfig[], pathnames: readonly string[]): Promise<void> {
    return Promise.all(
      [...this.partsFor(routes, pathnames)].map((part) => {
        part.loading ??= part.load().then(
          (module) => {
            part.list.push(...(module.default as RouteConfig[]));
            this.loaded += 1;
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
}
