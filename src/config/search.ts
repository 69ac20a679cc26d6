/**
 * The search configuration, read from the build-time environment (pure, so
 * tests/unit/search-config.test.ts exercises it without a build).
 *
 * - Hosted mode, when ALGOLIA_APP_ID, ALGOLIA_API_KEY (the search-only key) or
 *   ALGOLIA_INDEX_NAME is set: Algolia DocSearch, configured below.
 * - Embedded mode otherwise (the default): the same DocSearch modal and search
 *   page answered from a Pagefind index built with the site
 *   (src/plugins/search-pagefind, whose postBuild writes the index). `themeConfig.algolia` then carries placeholder
 *   credentials (the theme requires them) and an `embedded` block that tells
 *   the SearchBar and SearchPage overrides to use the embedded client.
 *
 * It stays with the site's configuration helpers (it reads this site's
 * environment with ./env.ts); the values it fills, and what the plugin reads,
 * are typed in src/plugins/search-pagefind/options.ts.
 *
 * Every error names the variable at fault. The plugin's indexer
 * (src/plugins/search-pagefind/indexer.mjs) applies the same "any of the three is set" rule to decide whether to build an index.
 */
import {ConfigError, readFlag} from './env';
import {
  EMBEDDED_API_KEY,
  EMBEDDED_APP_ID,
  EMBEDDED_INDEX_NAME,
  EMBEDDED_INDEX_PATH,
  MAX_RESULTS_PER_GROUP,
  SEARCH_PAGE_PATH,
  type SearchThemeConfig,
} from '../plugins/search-pagefind/options';

type Env = Record<string, string | undefined>;

export const HOSTED_VARIABLES = ['ALGOLIA_APP_ID', 'ALGOLIA_API_KEY', 'ALGOLIA_INDEX_NAME'] as const;

export interface HeadTag {
  tagName: string;
  attributes: Record<string, string>;
}

export interface SearchSetup {
  mode: 'hosted' | 'embedded';
  algolia: SearchThemeConfig;
  headTags: HeadTag[];
}

const value = (env: Env, name: string): string => (env[name] ?? '').trim();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function requirePresent(env: Env, name: string, what: string): string {
  const v = value(env, name);
  if (!v) {
    const others = HOSTED_VARIABLES.filter((n) => n !== name && value(env, n)).join(' and ');
    throw new ConfigError(
      `${name} is empty or missing: ${what} is missing. Hosted search needs ALGOLIA_APP_ID, ALGOLIA_API_KEY ` +
        `(the search-only key) and ALGOLIA_INDEX_NAME; ${others} ${others.includes(' and ') ? 'are' : 'is'} set. ` +
        'Unset all three to use the embedded search.',
    );
  }
  return v;
}

/** ALGOLIA_INDEXED_BASE_URL: the base path the crawler saw; default the site's own. */
function readIndexedBaseUrl(env: Env, baseUrl: string): string {
  const raw = value(env, 'ALGOLIA_INDEXED_BASE_URL');
  if (!raw) return baseUrl;
  if (!raw.startsWith('/') || !raw.endsWith('/') || /[\s?#\\]/.test(raw) || raw.includes('//')) {
    throw new ConfigError(`ALGOLIA_INDEXED_BASE_URL must be a URL path starting and ending with "/", got "${raw}".`);
  }
  return raw;
}

/**
 * ALGOLIA_EXTERNAL_URL_REGEX: hits whose URL matches load as a full page
 * instead of inside the site. Default: any URL outside the crawled site
 * (`SITE_URL` + the indexed base path), e.g. Javadoc or another site sharing
 * the index.
 */
function readExternalUrlRegex(env: Env, siteUrl: string, indexedBaseUrl: string): string {
  const raw = value(env, 'ALGOLIA_EXTERNAL_URL_REGEX');
  if (raw) {
    try {
      new RegExp(raw);
    } catch (error) {
      throw new ConfigError(
        `ALGOLIA_EXTERNAL_URL_REGEX is not a valid regular expression: ${(error as Error).message}`,
      );
    }
    return raw;
  }
  const host = new URL(siteUrl).host;
  return `^(?!https?://${escapeRegExp(host)}${escapeRegExp(indexedBaseUrl)})`;
}

/** ALGOLIA_SEARCH_PARAMETERS: extra Algolia search parameters as a JSON object. */
function readSearchParameters(env: Env): Record<string, unknown> {
  const raw = value(env, 'ALGOLIA_SEARCH_PARAMETERS');
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(`ALGOLIA_SEARCH_PARAMETERS must be a JSON object, got "${raw}".`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`ALGOLIA_SEARCH_PARAMETERS must be a JSON object such as {"analyticsTags":["docs"]}.`);
  }
  return parsed as Record<string, unknown>;
}

export function isHostedSearch(env: Env): boolean {
  return HOSTED_VARIABLES.some((name) => value(env, name) !== '');
}

export function readSearchConfig(env: Env, site: {baseUrl: string; siteUrl: string}): SearchSetup {
  if (!isHostedSearch(env)) {
    return {
      mode: 'embedded',
      algolia: {
        appId: EMBEDDED_APP_ID,
        apiKey: EMBEDDED_API_KEY,
        indexName: EMBEDDED_INDEX_NAME,
        contextualSearch: true,
        searchPagePath: SEARCH_PAGE_PATH,
        maxResultsPerGroup: MAX_RESULTS_PER_GROUP,
        insights: false,
        embedded: {indexPath: EMBEDDED_INDEX_PATH},
      },
      headTags: [],
    };
  }
  const appId = requirePresent(env, 'ALGOLIA_APP_ID', 'appId');
  const apiKey = requirePresent(env, 'ALGOLIA_API_KEY', 'apiKey');
  const indexName = requirePresent(env, 'ALGOLIA_INDEX_NAME', 'indexName');
  if (!/^[A-Za-z0-9]+$/.test(appId)) {
    throw new ConfigError(`ALGOLIA_APP_ID must be letters and digits only (as Algolia shows it), got "${appId}".`);
  }
  const indexedBaseUrl = readIndexedBaseUrl(env, site.baseUrl);
  return {
    mode: 'hosted',
    algolia: {
      appId,
      apiKey,
      indexName,
      contextualSearch: true,
      searchPagePath: SEARCH_PAGE_PATH,
      maxResultsPerGroup: MAX_RESULTS_PER_GROUP,
      insights: readFlag(env, 'ALGOLIA_INSIGHTS', false),
      externalUrlRegex: readExternalUrlRegex(env, site.siteUrl, indexedBaseUrl),
      // Records carry the crawled site's paths; strip its base path, the
      // theme then adds this build's base path (so BASE_URL may differ).
      replaceSearchResultPathname: {from: indexedBaseUrl, to: '/'},
      searchParameters: readSearchParameters(env),
    },
    headTags: [
      {
        tagName: 'link',
        attributes: {rel: 'preconnect', href: `https://${appId}-dsn.algolia.net`, crossorigin: 'anonymous'},
      },
    ],
  };
}
