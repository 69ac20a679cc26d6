/**
 * The sidebar parts of this build (../loaders/sidebarSplit.cjs, ./sidebarStore.ts):
 * parts load with the route part of a page inside their category
 * (./routeParts.ts), or from the theme's sidebar (../theme/DocSidebarItem/Category
 * when the reader points at a category, ../theme/DocSidebarItems when its
 * placeholders show); ../theme/DocVersionRoot hands each version's sidebars to
 * `adoptSidebars` before they render. The loaders of the parts come with the
 * modules that name them (`registerSidebarLoaders`).
 */
import {SidebarPartStore, type SidebarItem, type SidebarPartLoader} from './sidebarStore';

export {placeholdersOf, sidebarPartOf, type SidebarItem} from './sidebarStore';

const store = new SidebarPartStore();

/**
 * Called by the modules that name sidebar parts, before their data is used: a
 * docs version's metadata (its sidebars' outer large categories), a sidebar
 * part (the large categories inside it) and each route part (the parts its
 * pages need), so neither the main bundle nor every doc page holds them all.
 */
export function registerSidebarLoaders(loaders: Readonly<Record<string, SidebarPartLoader>>): void {
  store.register(loaders);
}

/** Every sidebar of a docs version (its metadata's `docsSidebars`). */
export function adoptSidebars(sidebars: Record<string, readonly SidebarItem[]> | undefined): void {
  for (const items of Object.values(sidebars ?? {})) store.adopt(items);
}

export const loadSidebarPart = (name: string): Promise<void> => store.load(name);

export const onSidebarPartLoaded = (name: string, listener: () => void): (() => void) => store.onLoaded(name, listener);

/** Loads the sidebar parts a page needs. */
export function loadSidebarParts(names: readonly string[]): Promise<void> {
  return Promise.all(names.map((name) => store.load(name))).then(() => undefined);
}
