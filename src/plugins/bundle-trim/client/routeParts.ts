/**
 * The browser side of the route parts (../routeSplit.cjs, README.md "Route
 * parts"). The main bundle's routes.js calls `routeParts` in place of each
 * long list of leaf routes: the list starts empty and each part's routes are
 * added to it when the part loads. A part's module calls `registerRoutePart`
 * first, so that its routes' chunk names and chunk loaders are in the main
 * tables when ComponentCreator looks them up.
 *
 * A part also brings its pages' docs for the docs plugin's global data
 * (./partDocs.ts) and the names of the sidebar parts each of its pages needs
 * (./sidebarParts.ts), which `loadRouteParts` loads after the part.
 *
 * `loadRouteParts(routes, pathnames)` loads the parts a pathname needs. ./preload.ts calls it before Docusaurus matches the routes
 * of a page (first load, navigation, hover), and the navigation plugin's idle
 * prefetch before it prefetches a link's chunks. A part that fails to load
 * (a deploy replaced the files) rejects the preload, and Docusaurus then
 * loads the page from the server.
 */
import globalData from '@generated/globalData';
import registry from '@generated/registry';
import routesChunkNames from '@generated/routesChunkNames';
import type {RouteConfig} from 'react-router-config';
import {addPartDocs, type PartDocs} from './partDocs';
import {loadSidebarParts, registerSidebarLoaders} from './sidebarParts';
import {SIDEBAR_CHUNK_PREFIX, type SidebarPartLoader} from './sidebarStore';
import {RoutePartIndex, type PartLoader} from './partIndex';

const index = new RoutePartIndex();

/** Called by routes.js: an empty route list that the given parts fill as they load. */
export function routeParts(entries: [from: string, to: string, load: PartLoader, name: string][]): RouteConfig[] {
  return index.list(entries);
}

/** The chunk name of the part a pathname needs, when that part has not loaded yet (for prefetching). */
export function unloadedRoutePart(routes: RouteConfig[], pathname: string): string | undefined {
  const [part] = index.partsFor(routes, [pathname]);
  return part && !part.loading ? part.name : undefined;
}

/** Page path (no trailing slash) → the sidebar parts of the large categories it sits in (./sidebarParts.ts). */
const sidebarPartsOfPath: Record<string, string[]> = {};

/**
 * Called by each part's module before it creates its routes: its chunk names and loaders, docs,
 * the sidebar parts of its pages and their loaders.
 */
export function registerRoutePart(
  _name: string,
  chunkNames: Record<string, unknown>,
  entries: Record<string, unknown>,
  docs: PartDocs = {},
  sidebarParts: Record<string, string[]> = {},
  sidebarLoaders: Readonly<Record<string, SidebarPartLoader>> = {},
): void {
  Object.assign(routesChunkNames as Record<string, unknown>, chunkNames);
  Object.assign(registry as Record<string, unknown>, entries);
  addPartDocs(globalData, docs);
  Object.assign(sidebarPartsOfPath, sidebarParts);
  registerSidebarLoaders(sidebarLoaders);
}

/** The sidebar parts a page needs (its large categories, outermost first), once its route part has run. */
const sidebarPartsOf = (pathname: string): string[] => sidebarPartsOfPath[pathname.replace(/\/+$/, '') || '/'] ?? [];

/** Their chunk names (for prefetching). */
export function sidebarPartChunks(pathname: string): string[] {
  return sidebarPartsOf(pathname).map((name) => SIDEBAR_CHUNK_PREFIX + name);
}

/** Loads the parts these pathnames need (./partIndex.ts) and resolves when their routes are in place. */
export function loadRouteParts(routes: RouteConfig[], pathnames: readonly string[]): Promise<void> {
  // Then the sidebar parts of those pages: a failure rejects, and the page loads from the server.
  return index.load(routes, pathnames).then(() => loadSidebarParts([...new Set(pathnames.flatMap(sidebarPartsOf))]));
}

/** How many parts have loaded so far (caches of the route tables compare it). */
export function routePartsLoaded(): number {
  return index.loaded;
}
