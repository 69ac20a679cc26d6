/**
 * The top-level section of a doc page: `hierarchy.lvl0` of its search hits,
 * under which the DocSearch modal groups results. The guides (the `default`
 * docs instance) are large, so each top-level sidebar category is a section of
 * its own ("Planning", "Mission modeling" …); the other instances (API, upgrade
 * guides) are one section each, named like their navbar item. Pure, so the
 * theme wrapper and the unit tests share it.
 */

/** Docs instances whose top-level sidebar categories are search sections. */
export const SECTIONED_DOCS_PLUGINS: readonly string[] = ['default'];

/** The section name when nothing better is known. */
export const FALLBACK_SECTION = 'Documentation';

export interface SectionInput {
  /** The docs plugin id of the page, e.g. 'default', 'api'. */
  pluginId: string;
  /** Labels of the page's sidebar breadcrumbs, outermost first, the page itself last. */
  breadcrumbs: readonly string[];
  /** The label of the navbar item that leads to this docs instance, if any. */
  navbarLabel?: string | undefined;
}

export function searchSection({pluginId, breadcrumbs, navbarLabel}: SectionInput): string {
  const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const topCategory = breadcrumbs.length > 1 ? clean(breadcrumbs[0]) : '';
  if (SECTIONED_DOCS_PLUGINS.includes(pluginId) && topCategory) {
    return topCategory;
  }
  return clean(navbarLabel) || topCategory || FALLBACK_SECTION;
}

/** Navbar items as they appear in themeConfig (only the fields we read). */
export interface NavbarItemLike {
  type?: string;
  label?: string;
  docsPluginId?: string;
  items?: NavbarItemLike[];
}

/** The label of the navbar docSidebar/doc item that points into `pluginId`. */
export function navbarLabelFor(items: readonly NavbarItemLike[], pluginId: string): string | undefined {
  for (const item of items) {
    const isDocItem = item.type === 'docSidebar' || item.type === 'doc';
    if (isDocItem && (item.docsPluginId ?? 'default') === pluginId && item.label) {
      return item.label;
    }
    if (item.items) {
      const nested = navbarLabelFor(item.items, pluginId);
      if (nested) return nested;
    }
  }
  return undefined;
}
