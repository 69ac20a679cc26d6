/** What the build and the browser share about page data files (README.md beside this file). */

/** Where page data files live, in the generated files and under the site's base URL. */
export const PAGE_DATA_DIR = 'assets/pages';

/** In a page's element tree: the type of a fragment, and the prefix of a component the MDX provider gives. */
export const FRAGMENT = '#';
export const PROVIDED = '@';

/** The data URL of a route registry entry, when the entry is a data page's (its loader carries it). */
export function pageDataUrl(entry: unknown): string | undefined {
  const loader = Array.isArray(entry) ? (entry[0] as {pageData?: unknown} | undefined) : undefined;
  return typeof loader?.pageData === 'string' ? loader.pageData : undefined;
}
