/**
 * The browser side of the sidebar parts (../loaders/sidebarSplit.cjs): a
 * large collapsed category of a version's sidebars arrives with placeholder
 * items and the name of the part that holds its real ones (`__part`). Parts
 * load with the route part of a page inside the category (./routeParts.ts),
 * or once the category shows in a sidebar (../theme/DocSidebarItem/Category).
 * A loaded part replaces the placeholders of its category in place, so every
 * reader of the sidebar data (the sidebar, breadcrumbs, doc cards) sees the
 * real items; ../theme/DocVersionRoot hands each version's sidebars to
 * `adoptSidebars` before they render.
 */
import loaders from '@generated/orrery-route-parts/sidebarParts';

export interface SidebarItem {
  type: string;
  items?: SidebarItem[];
  /** On a category: the part that holds its items, until it has loaded. */
  __part?: string;
  /** On a category's first placeholder: the category's part. */
  __of?: string;
}

/** A part's module: its name and its category's items. */
export interface SidebarPart {
  part: string;
  items: SidebarItem[];
}

type Loader = () => Promise<{default: SidebarPart}>;

const loaded = new Map<string, SidebarItem[]>();
const loading = new Map<string, Promise<void>>();
/** Part name → categories waiting for it. */
const waiting = new Map<string, SidebarItem[]>();
/** Part name → what to call once it has loaded (rendered categories). */
const listeners = new Map<string, Set<() => void>>();

/** Calls `listener` once the part has loaded and filled its categories; returns the unsubscribe function. */
export function onSidebarPartLoaded(name: string, listener: () => void): () => void {
  const set = listeners.get(name) ?? new Set();
  set.add(listener);
  listeners.set(name, set);
  return () => set.delete(listener);
}

/** The part whose placeholders these items are (a category that has not loaded), if any. */
export function placeholdersOf(items: readonly SidebarItem[]): string | undefined {
  return items[0]?.__of;
}

/** Fills a category whose part has loaded; false when it has not. */
function fill(category: SidebarItem): boolean {
  const name = category.__part;
  const items = name === undefined ? undefined : loaded.get(name);
  if (!items) return false;
  category.items = items;
  delete category.__part;
  adopt(items);
  return true;
}

/** Fills the categories among these items whose parts have loaded; the others wait for theirs. */
export function adopt(items: readonly SidebarItem[]): void {
  for (const item of items) {
    const name = item.__part;
    if (name !== undefined) {
      if (fill(item)) continue;
      const list = waiting.get(name) ?? [];
      if (!list.includes(item)) list.push(item);
      waiting.set(name, list);
    } else if (item.items) {
      adopt(item.items);
    }
  }
}

/** Every sidebar of a docs version (its metadata's `docsSidebars`). */
export function adoptSidebars(sidebars: Record<string, readonly SidebarItem[]> | undefined): void {
  for (const items of Object.values(sidebars ?? {})) adopt(items);
}

/** The part a category still waits for, if any. */
export function sidebarPartOf(item: SidebarItem): string | undefined {
  return item.__part;
}

/** Loads a sidebar part once (again after a failure) and fills the categories that wait for it. */
export function loadSidebarPart(name: string, table: Record<string, Loader> = loaders): Promise<void> {
  let promise = loading.get(name);
  if (promise) return promise;
  const loader = table[name];
  if (!loader) return Promise.reject(new Error(`No sidebar part named ${name}`));
  promise = loader().then(
    (module) => {
      loaded.set(name, module.default.items);
      for (const category of waiting.get(name) ?? []) fill(category);
      waiting.delete(name);
      for (const listener of listeners.get(name) ?? []) listener();
    },
    (error: unknown) => {
      loading.delete(name);
      throw error;
    },
  );
  loading.set(name, promise);
  return promise;
}

/** Loads the sidebar parts a route part's pages need. */
export function loadSidebarParts(names: readonly string[]): Promise<void> {
  return Promise.all(names.map((name) => loadSidebarPart(name))).then(() => undefined);
}
