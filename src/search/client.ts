/**
 * The embedded search client: answers DocSearch's (and the search page's
 * Algolia helper's) `search` calls from a Pagefind index, in Algolia's
 * response shape. Pure apart from the injected `load` function, so the unit
 * tests drive it with a fake Pagefind.
 *
 * Two shapes:
 * - 'sections' (the DocSearch modal): per page, one `lvl1` hit plus its best
 *   sections, for the first `maxPages` pages, cut to `hitsPerPage`;
 *   `nbHits` is the number of matching pages ("See all N results").
 * - 'pages' (the /search/ page): one hit per page, paginated with
 *   `page`/`hitsPerPage` like Algolia; `nbHits`/`nbPages` count pages.
 */

import {toAlgoliaFacets, toPagefindFilters} from './filters';
import {
  DEFAULT_HIT_OPTIONS,
  fragmentToHits,
  fragmentToPageHit,
  pageMatchesAllTerms,
  queryTerms,
  type HitOptions,
} from './hits';
import type {AlgoliaSearchRequest, AlgoliaSearchResult, DocSearchHit, PagefindApi, PagefindFragment} from './types';

/** Why the index could not be used; 'missing' means there is no index at all (e.g. `npm start`). */
export type IndexProblem = 'missing' | 'network' | 'failed';

/**
 * Thrown when the index cannot be loaded or queried. The name is the one
 * Algolia's client gives its "all hosts unreachable" error: DocSearch shows
 * its error screen for that name only.
 */
export class SearchUnavailableError extends Error {
  readonly reason: IndexProblem;
  constructor(reason: IndexProblem, message: string, options?: {cause?: unknown}) {
    super(message, options);
    this.name = 'RetryError';
    this.reason = reason;
  }
}

export interface EmbeddedClientOptions {
  /** Loads and initializes Pagefind (memoized by the caller). */
  load: () => Promise<PagefindApi>;
  /** The page origin, for absolute hit URLs (read at search time). */
  origin: () => string;
  shape: 'sections' | 'pages';
  /** Modal: pages whose data is fetched per query. */
  maxPages?: number;
  /** Modal: section hits per page, besides the page's own hit. */
  maxSectionsPerPage?: number;
  /** Search page: words in each summary. */
  pageSnippetWords?: number;
  /** lvl0 for pages that carry none. */
  fallbackSection?: string;
}

/** Algolia's multi-search argument: `{requests}` (v5) or the helper's legacy `[{indexName, params}]`. */
export type SearchArgument =
  | {requests: readonly AlgoliaSearchRequest[]}
  | readonly {indexName?: string; query?: string; params?: AlgoliaSearchRequest | string}[];

/** The longest query we pass on (Algolia's own limit is 512 bytes). */
export const MAX_QUERY_LENGTH = 512;

/** Normalizes both argument forms to a list of flat requests. */
export function normalizeRequests(arg: SearchArgument): AlgoliaSearchRequest[] {
  if (!Array.isArray(arg)) {
    return [...(arg as {requests: readonly AlgoliaSearchRequest[]}).requests];
  }
  return (arg as readonly {indexName?: string; query?: string; params?: AlgoliaSearchRequest | string}[]).map(
    ({indexName, query, params}) => {
      const flat: AlgoliaSearchRequest = typeof params === 'string' ? parseParamString(params) : {...(params ?? {})};
      if (indexName !== undefined) flat.indexName = indexName;
      if (query !== undefined && flat.query === undefined) flat.query = query;
      return flat;
    },
  );
}

/** Algolia's URL-encoded params string (older helpers) → a request object. */
function parseParamString(params: string): AlgoliaSearchRequest {
  const out: AlgoliaSearchRequest = {};
  for (const [key, raw] of new URLSearchParams(params)) {
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // A plain string parameter.
    }
    out[key] = key === 'query' ? raw : value;
  }
  return out;
}

/** The word count DocSearch asks for in `attributesToSnippet` (`content:10`), if any. */
export function snippetWordsOf(request: AlgoliaSearchRequest): number | undefined {
  for (const entry of request.attributesToSnippet ?? []) {
    const m = /^content:(\d+)$/.exec(entry);
    if (m) return Math.max(1, Number(m[1]));
  }
  return undefined;
}

function int(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.floor(n))) : fallback;
}

export interface EmbeddedSearchClient {
  search(arg: SearchArgument): Promise<{results: AlgoliaSearchResult[]}>;
  addAlgoliaAgent(segment: string, version?: string): void;
  transporter: {algoliaAgent: {value: string; add: (options: {segment: string; version?: string}) => unknown}};
}

export function createEmbeddedSearchClient(options: EmbeddedClientOptions): EmbeddedSearchClient {
  const maxPages = options.maxPages ?? 6;
  interface Agent {
    value: string;
    add: () => Agent;
  }
  const agent: Agent = {
    value: 'Orrery embedded search (Pagefind)',
    add: () => agent,
  };

  async function runOne(pagefind: PagefindApi, request: AlgoliaSearchRequest): Promise<AlgoliaSearchResult> {
    const started = Date.now();
    const query = String(request.query ?? '')
      .slice(0, MAX_QUERY_LENGTH)
      .trim();
    const hitsPerPage = int(request.hitsPerPage, options.shape === 'pages' ? 15 : 20, 0, 1000);
    const page = int(request.page, 0, 0, 10_000);
    const wantsFacets = request.facets !== undefined;
    const result = (hits: DocSearchHit[], nbHits: number, nbPages: number): AlgoliaSearchResult => ({
      hits,
      nbHits,
      page,
      nbPages,
      hitsPerPage,
      query,
      params: '',
      index: request.indexName ?? '',
      processingTimeMS: Date.now() - started,
      exhaustiveNbHits: true,
      ...(wantsFacets ? {facets: {}} : {}),
    });
    // Algolia answers an empty query with everything; DocSearch never sends one
    // and the search page resets on it, so no results is the useful answer.
    if (query === '') {
      return result([], 0, 0);
    }

    let response;
    try {
      response = await pagefind.search(query, {filters: toPagefindFilters(request.facetFilters)});
    } catch (error) {
      throw new SearchUnavailableError('failed', 'The search index could not be queried.', {cause: error});
    }
    const nbHits = response.results.length;
    const terms = queryTerms(query);
    const best = response.results[0];
    // The pages whose data the answer needs, fetched together with the best page's (which
    // tells whether the query really matched) so a cold query costs one round trip, not two.
    const shown =
      hitsPerPage === 0
        ? []
        : options.shape === 'pages'
          ? response.results.slice(page * hitsPerPage, (page + 1) * hitsPerPage)
          : response.results.slice(0, maxPages);
    let fragments: PagefindFragment[];
    let bestFragment: PagefindFragment | undefined;
    try {
      const loads = shown.map((r) => r.data());
      [bestFragment, fragments] = await Promise.all([
        best ? (shown[0] === best ? loads[0] : best.data()) : undefined,
        Promise.all(loads),
      ]);
    } catch (error) {
      throw new SearchUnavailableError('failed', 'The search results could not be loaded.', {cause: error});
    }
    // Pagefind answers a word it does not know with matches for its prefixes: no real results then.
    if (bestFragment && terms.length > 0 && !pageMatchesAllTerms(bestFragment, terms)) {
      return result([], 0, 0);
    }
    const facets = wantsFacets ? {facets: toAlgoliaFacets(response.filters, request.facets)} : {};
    if (hitsPerPage === 0) {
      return {...result([], nbHits, 0), ...facets};
    }

    const hitOptions: HitOptions = {
      ...DEFAULT_HIT_OPTIONS,
      origin: options.origin(),
      terms,
      ellipsis: request.snippetEllipsisText ?? DEFAULT_HIT_OPTIONS.ellipsis,
      preTag: request.highlightPreTag ?? DEFAULT_HIT_OPTIONS.preTag,
      postTag: request.highlightPostTag ?? DEFAULT_HIT_OPTIONS.postTag,
      maxSectionsPerPage: options.maxSectionsPerPage ?? DEFAULT_HIT_OPTIONS.maxSectionsPerPage,
      fallbackSection: options.fallbackSection ?? DEFAULT_HIT_OPTIONS.fallbackSection,
      snippetWords:
        snippetWordsOf(request) ??
        (options.shape === 'pages' ? (options.pageSnippetWords ?? 30) : DEFAULT_HIT_OPTIONS.snippetWords),
    };
    if (options.shape === 'pages') {
      const hits = fragments.map((f) => fragmentToPageHit(f, hitOptions));
      return {...result(hits, nbHits, Math.ceil(nbHits / hitsPerPage)), ...facets};
    }
    const hits = fragments.flatMap((f) => fragmentToHits(f, hitOptions)).slice(0, hitsPerPage);
    return {...result(hits, nbHits, nbHits > 0 ? 1 : 0), ...facets};
  }

  return {
    transporter: {algoliaAgent: agent},
    addAlgoliaAgent() {
      // Nothing to report to: the index is static files on this site.
    },
    async search(arg) {
      const requests = normalizeRequests(arg);
      let pagefind: PagefindApi;
      try {
        pagefind = await options.load();
      } catch (error) {
        if (error instanceof SearchUnavailableError) throw error;
        throw new SearchUnavailableError('failed', 'The search index could not be loaded.', {cause: error});
      }
      return {results: await exclusive(pagefind, () => Promise.all(requests.map((r) => runOne(pagefind, r))))};
    },
  };
}

/**
 * Pagefind 1.6 caches each page's data object and overwrites its match
 * locations on every `data()` call, so two searches in flight (one per
 * keystroke) could build hits from each other's matches. Searches on one
 * Pagefind instance therefore run one after the other; each takes a few
 * milliseconds once the index files are cached.
 */
const queues = new WeakMap<object, Promise<unknown>>();

export function exclusive<T>(resource: object, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(resource) ?? Promise.resolve();
  const run = previous.then(task, task);
  queues.set(
    resource,
    run.then(
      () => undefined,
      () => undefined,
    ),
  );
  return run;
}
