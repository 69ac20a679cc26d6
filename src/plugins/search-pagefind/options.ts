/**
 * What the search plugin's theme and client read from `themeConfig.algolia`
 * (the search theme's own options plus an `embedded` block), and the fixed
 * values of embedded mode. The site fills them from its environment in
 * src/config/search.ts; another site may write them by hand.
 */

/** Hits per top-level section in the modal (DocSearch's default is 5). */
export const MAX_RESULTS_PER_GROUP = 8;

/** The route of the search page, under the base path. */
export const SEARCH_PAGE_PATH = 'search';

/**
 * Placeholder app id for embedded mode. The theme's SearchBar always renders
 * `<link rel="preconnect" href="https://{appId}-dsn.algolia.net">`; with the
 * brackets that URL is invalid (an unparsable IPv6 host, for browsers as for
 * WHATWG parsers), so the browser never opens a connection to Algolia. (A
 * space is not enough: Chromium percent-encodes it and would preconnect.)
 */
export const EMBEDDED_APP_ID = '[embedded]';
export const EMBEDDED_API_KEY = 'embedded-search-no-key';
/** Also the localStorage key suffix of recent and favorite searches. */
export const EMBEDDED_INDEX_NAME = 'orrery-docs-embedded';
/** Where the Pagefind bundle lives, relative to the base path. */
export const EMBEDDED_INDEX_PATH = 'pagefind/';

export interface EmbeddedSearchSettings {
  /** The Pagefind bundle folder, relative to the base path. */
  indexPath: string;
}

export interface SearchThemeConfig {
  appId: string;
  apiKey: string;
  indexName: string;
  contextualSearch: boolean;
  searchPagePath: string;
  maxResultsPerGroup: number;
  insights: boolean;
  externalUrlRegex?: string;
  replaceSearchResultPathname?: {from: string; to: string};
  searchParameters?: Record<string, unknown>;
  /** Present in embedded mode only. */
  embedded?: EmbeddedSearchSettings;
}
