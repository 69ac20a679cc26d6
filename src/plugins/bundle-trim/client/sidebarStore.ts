/**
 * The browser side of the sidebar parts (../loaders/sidebarSplit.cjs), apart
 * from the bundler: a large collapsed category of a version's sidebars arrives
 * with placeholder items and the name of the part that holds its real ones
 * (`__part`). A loaded part replaces the placeholders of its category in
 * place, so every reader of the sidebar data (the sidebar, breadcrumbs, doc
 * cards) sees the real items. Loaders arrive with the modules that name the
 * parts (./sidebarParts.ts `registerSidebarLoaders`).
 */
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

/** A sidebar part's chunk name: this prefix and the part's name (../loaders/sidebarSplit.cjs names them so). */
export const SIDEBAR_CHUNK_PREFIX = 'orrery-sidebar-';

export type SidebarPartLoader = () => Promise<{default: SidebarPart}>;

export class SidebarPartStore {
  private readonly loaded = new Map<string, SidebarItem[]>();
  private readonly loading = new Map<string, Promise<void>>();
  /** Part name → categories waiting for it. */
  private readonly waiting = new Map<string, SidebarItem[]>();
  /** Part name → what to call once it has loaded (rendered categories). */
  private readonly listeners = new Map<string, Set<() => void>>();

  private readonly loaders: Record<string, SidebarPartLoader>;

  constructor(loaders: Readonly<Record<string, SidebarPartLoader>> = {}) {
    this.loaders = {...loaders};
  }

  /** Adds loaders (a version's metadata and each route part register those of their parts). */
  register(loaders: Readonly<Record<string, SidebarPartLoader>>): void {
    Object.assign(this.loaders, loaders);
  }

  /** Fills a category whose part has loaded; false when it has not. */
  private fill(category: SidebarItem): boolean {
    const name = category.__part;
    const items = name === undefined ? undefined : this.loaded.get(name);
    if (!items) return false;
    category.items = items;
    delete category.__part;
    this.adopt(items);
    return true;
  }

  /** Fills the categories among these items whose parts have loaded; the others wait for theirs. */
  adopt(items: readonly SidebarItem[]): void {
    for (const item of items) {
      const name = item.__part;
      if (name !== undefined) {
        if (this.fill(item)) continue;
        const list = this.waiting.get(name) ?? [];
        if (!list.includes(item)) list.push(item);
        this.waiting.set(name, list);
      } else if (item.items) {
        this.adopt(item.items);
      }
    }
  }

  /** Calls `listener` once the part has loaded and filled its categories; returns the unsubscribe function. */
  onLoaded(name: string, listener: () => void): () => void {
    const set = this.listeners.get(name) ?? new Set();
    set.add(listener);
    this.listeners.set(name, set);
    return () => set.delete(listener);
  }

  /** Loads a part once (again after a failure) and fills the categories that wait for it. */
  load(name: string): Promise<void> {
    const known = this.loading.get(name);
    if (known) return known;
    const loader = this.loaders[name];
    if (!loader) return Promise.reject(new Error(`No sidebar part named ${name}`));
    const promise = loader().then(
      (module) => {
        this.loaded.set(name, module.default.items);
        for (const category of this.waiting.get(name) ?? []) this.fill(category);
        this.waiting.delete(name);
        for (const listener of this.listeners.get(name) ?? []) listener();
      },
      (error: unknown) => {
        this.loading.delete(name);
        throw error;
      },
    );
    this.loading.set(name, promise);
    return promise;
  }
}

/** The part a category still waits for, if any. */
export function sidebarPartOf(item: SidebarItem): string | undefined {
  return item.__part;
}

/** The part whose placeholders these items are (a category that has not loaded), if any. */
export function placeholdersOf(items: readonly SidebarItem[]): string | undefined {
  return items[0]?.__of;
}
