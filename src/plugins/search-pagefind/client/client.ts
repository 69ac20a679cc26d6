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
import {DEFAULT_HIT_OPTIONS, fragmentToHits, fragmentToPageHit, pageMatchesAllTerms, type HitOptions} from './hits';
import {planQuery, REORDER_DEPTH, reorderPages, type QueryPlan} from './query';
import {cleanText} from './html';
import type {HeadLookup} from './head';
import {MAX_RESULTS_PER_GROUP} from '../options';
import type {
  AlgoliaSearchRequest,
  AlgoliaSearchResult,
  DocSearchHit,
  PagefindApi,
  PagefindFragment,
  PagefindResponse,
  PagefindResult,
} from './types';
import type {PagefindFilter} from './filters';

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
  /**
   * The language of every indexed page, the site's locale (../indexer.mjs
   * checks that the pages have one): a facet filter on it holds for every
   * page, so it costs no filter fetch (./filters.ts).
   */
  language?: string;
  /**
   * Precomputed answers for the commonest one-word queries (./head.ts): a
   * request they answer costs no Pagefind load. Modal shape only.
   */
  head?: HeadLookup;
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
  /**
   * Gets ready for a first query without loading Pagefind: the precomputed answers' manifest
   * starts loading (the modal calls this when it opens; see ../theme/SearchBar).
   */
  warm(): void;
  addAlgoliaAgent(segment: string, version?: string): void;
  transporter: {algoliaAgent: {value: string; add: (options: {segment: string; version?: string}) => unknown}};
}

export function createEmbeddedSearchClient(options: EmbeddedClientOptions): EmbeddedSearchClient {
  const maxPages = options.maxPages ?? 6;
  const maxSections = options.maxSectionsPerPage ?? DEFAULT_HIT_OPTIONS.maxSectionsPerPage;
  interface Agent {
    value: string;
    add: () => Agent;
  }
  const agent: Agent = {
    value: 'Orrery embedded search (Pagefind)',
    add: () => agent,
  };

  interface Prepared {
    ranked: RankedResults;
    /** The data of the pages the answer shows. */
    shown: PagefindFragment[];
    /** The data of the best page (it tells whether the query really matched). */
    bestFragment: PagefindFragment | undefined;
  }

  async function prepare(
    pagefind: PagefindApi,
    query: string,
    request: AlgoliaSearchRequest,
    hitsPerPage: number,
    page: number,
  ): Promise<Prepared> {
    let ranked: RankedResults;
    try {
      ranked = await rankResults(pagefind, planQuery(query), toPagefindFilters(request.facetFilters, options.language));
    } catch (error) {
      throw new SearchUnavailableError('failed', 'The search index could not be queried.', {cause: error});
    }
    const best = ranked.results[0];
    // The pages whose data the answer needs, fetched together with the best page's (which
    // tells whether the query really matched) so a cold query costs one round trip, not two.
    const shown =
      hitsPerPage === 0
        ? []
        : options.shape === 'pages'
          ? ranked.results.slice(page * hitsPerPage, (page + 1) * hitsPerPage)
          : ranked.results.slice(0, maxPages);
    try {
      const loads = shown.map((r) => r.data());
      const [bestFragment, fragments] = await Promise.all([
        best ? (shown[0] === best ? loads[0] : best.data()) : undefined,
        Promise.all(loads),
      ]);
      return {ranked, shown: fragments, bestFragment};
    } catch (error) {
      throw new SearchUnavailableError('failed', 'The search results could not be loaded.', {cause: error});
    }
  }

  async function runOne(
    pagefind: PagefindApi,
    request: AlgoliaSearchRequest,
    shared: Map<string, Promise<Prepared>>,
  ): Promise<AlgoliaSearchResult> {
    const started = Date.now();
    const query = String(request.query ?? '')
      .slice(0, MAX_QUERY_LENGTH)
      .trim();
    const hitsPerPage = int(request.hitsPerPage, options.shape === 'pages' ? 15 : 20, 0, 1000);
    const page = int(request.page, 0, 0, 10_000);
    const wantsFacets = request.facets !== undefined;
    const result = (hits: DocSearchHit[], nbHits: number, nbPages: number): AlgoliaSearchResult =>
      algoliaResult(request, {query, hits, nbHits, page, nbPages, hitsPerPage, started});
    // Algolia answers an empty query with everything; DocSearch never sends one
    // and the search page resets on it, so no results is the useful answer.
    if (query === '') {
      return result([], 0, 0);
    }

    // Requests of one call that differ only in how hits are drawn (DocSearch's snippet
    // lengths, say) share the search and the pages' data.
    const key = JSON.stringify([query, request.facetFilters ?? null, hitsPerPage, page]);
    let prepared = shared.get(key);
    if (!prepared) {
      prepared = prepare(pagefind, query, request, hitsPerPage, page);
      shared.set(key, prepared);
    }
    const {ranked, shown: loaded, bestFragment} = await prepared;
    const response = ranked;
    const nbHits = response.results.length;
    const terms = ranked.words;
    let fragments = loaded;
    // Pagefind answers a word it does not know with matches for its prefixes: no real results then.
    if (bestFragment && ranked.checkWords.length > 0 && !pageMatchesAllTerms(bestFragment, ranked.checkWords)) {
      return result([], 0, 0);
    }
    // The first pages move by title and heading evidence and group by section,
    // the same in the modal and on the search page (page 0; later pages are past them).
    if (page === 0 || options.shape === 'sections') {
      const k = Math.min(REORDER_DEPTH, fragments.length);
      const order = reorderPages(
        fragments.slice(0, k).map((f) => ({
          title: cleanText(f.meta.title),
          titleSynonyms: f.meta.title_synonyms ?? '',
          headings: f.anchors.filter((a) => /^h[2-6]$/i.test(a.element)).map((a) => cleanText(a.text ?? '')),
          section: cleanText(f.meta.lvl0) || (options.fallbackSection ?? DEFAULT_HIT_OPTIONS.fallbackSection),
          hits: 1 + Math.min(maxSections, f.sub_results.filter((sub) => sub.anchor).length),
        })),
        terms,
        MAX_RESULTS_PER_GROUP,
      );
      fragments = [...order.map((i) => fragments[i] as PagefindFragment), ...fragments.slice(k)];
    }
    const facets = wantsFacets
      ? {facets: toAlgoliaFacets(response.filters, request.facets, nbHits, options.language)}
      : {};
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
    warm() {
      if (options.shape === 'sections') options.head?.prefetch();
    },
    async search(arg) {
      const requests = normalizeRequests(arg);
      const precomputed =
        options.shape === 'sections' && options.head ? await headResults(options.head, requests) : null;
      if (precomputed) return {results: precomputed};
      let pagefind: PagefindApi;
      try {
        pagefind = await options.load();
      } catch (error) {
        if (error instanceof SearchUnavailableError) throw error;
        throw new SearchUnavailableError('failed', 'The search index could not be loaded.', {cause: error});
      }
      return {
        results: await exclusive(pagefind, () => {
          const shared = new Map<string, Promise<Prepared>>();
          return Promise.all(requests.map((r) => runOne(pagefind, r, shared)));
        }),
      };
    },
  };
}

/**
 * A result in Algolia's shape (what DocSearch reads), for Pagefind's answers and the
 * precomputed ones alike; `started` is when the request began, for processingTimeMS.
 */
function algoliaResult(
  request: AlgoliaSearchRequest,
  r: {
    query: string;
    hits: DocSearchHit[];
    nbHits: number;
    page: number;
    nbPages: number;
    hitsPerPage: number;
    started: number;
  },
): AlgoliaSearchResult {
  return {
    hits: r.hits,
    nbHits: r.nbHits,
    page: r.page,
    nbPages: r.nbPages,
    hitsPerPage: r.hitsPerPage,
    query: r.query,
    params: '',
    index: request.indexName ?? '',
    processingTimeMS: Date.now() - r.started,
    exhaustiveNbHits: true,
    ...(request.facets !== undefined ? {facets: {}} : {}),
  };
}

/**
 * The answers of ./head.ts for every request, in Algolia's shape, or null
 * when one of them has none (then Pagefind answers them all).
 */
async function headResults(
  head: HeadLookup,
  requests: readonly AlgoliaSearchRequest[],
): Promise<AlgoliaSearchResult[] | null> {
  const started = Date.now();
  const answers = await Promise.all(
    requests.map(async (request) => {
      const query = String(request.query ?? '')
        .slice(0, MAX_QUERY_LENGTH)
        .trim();
      if (query === '') return undefined;
      const answer = await head.answer(request, query, snippetWordsOf(request));
      return answer && {request, query, answer};
    }),
  );
  if (answers.some((a) => a === undefined)) return null;
  return answers.map((a) => {
    const {request, query, answer} = a as NonNullable<typeof a>;
    return algoliaResult(request, {
      query,
      hits: answer.hits,
      nbHits: answer.nbHits,
      page: 0,
      nbPages: answer.nbHits > 0 ? 1 : 0,
      hitsPerPage: int(request.hitsPerPage, 20, 0, 1000),
      started,
    });
  });
}

/** Enough pages for a query: fewer, and the query is retried with fewer words. */
export const ENOUGH_RESULTS = 3;
/** Score factor of upgrade guides (unless the query is about a release) and design records. */
export const DEMOTED_SCORE = 0.3;

/** The Pagefind filter (../indexer.mjs) naming the kind of a page. */
export const KIND_FILTER = 'page_kind';
export const DEMOTED_KINDS = {upgrade: 'upgrade', record: 'decision-record'} as const;

export interface RankedResults {
  results: PagefindResult[];
  filters?: PagefindResponse['filters'];
  /** All the words searched for, for highlighting. */
  words: string[];
  /** The words of the search that ranked the best page: it must hold them all (see pageMatchesAllTerms). */
  checkWords: string[];
}

function withFilter(base: PagefindFilter | Record<string, never>, extra: PagefindFilter): PagefindFilter {
  return Object.keys(base).length === 0 ? extra : {all: [base as PagefindFilter, extra]};
}

/**
 * The pages for a query, best first, as a reader expects them:
 * 1. all the query's informative words (./query.ts);
 * 2. when that finds fewer than ENOUGH_RESULTS pages, the same search with
 *    fewer words, dropping the most common word first (the one matching most
 *    pages tells least), until enough pages are found; the pages of each
 *    retry follow those of the stricter searches;
 * 3. within each search, upgrade guides (unless the query names a version or
 *    asks about upgrading) and architecture decision records weigh less than
 *    feature pages, so "incons" leads to the initial conditions pages, not to
 *    the guide of the release that introduced them.
 * Each Pagefind search after the first reuses the index chunks already loaded.
 */
export async function rankResults(
  pagefind: PagefindApi,
  plan: QueryPlan,
  filters: PagefindFilter | Record<string, never>,
): Promise<RankedResults> {
  const text = (words: readonly string[]) => (plan.exact ? `"${words.join(' ')}"` : words.join(' '));
  const demotedKinds = plan.versionIntent ? [DEMOTED_KINDS.record] : [DEMOTED_KINDS.upgrade, DEMOTED_KINDS.record];
  const demoted = {[KIND_FILTER]: {any: demotedKinds}} as unknown as PagefindFilter;

  async function ranked(words: readonly string[]): Promise<PagefindResponse> {
    const all = await pagefind.search(text(words), {filters});
    const down =
      all.results.length > 1
        ? await pagefind.search(text(words), {filters: withFilter(filters, demoted)})
        : {results: []};
    const lower = new Set(down.results.map((r) => r.id));
    const score = (r: PagefindResult) => (lower.has(r.id) ? r.score * DEMOTED_SCORE : r.score);
    const order = new Map(all.results.map((r, i) => [r.id, i]));
    const results = [...all.results].sort(
      (a, b) => score(b) - score(a) || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0),
    );
    return {...all, results};
  }

  const first = await ranked(plan.words);
  const out: RankedResults = {
    results: first.results,
    filters: first.filters,
    words: plan.words,
    checkWords: plan.words,
  };
  if (first.results.length >= ENOUGH_RESULTS || plan.exact || plan.words.length < 2) return out;

  // How many pages each word matches alone: the most common goes first.
  const counts: number[] = [];
  for (const w of plan.words) counts.push((await pagefind.search(w, {filters})).results.length);
  let words = plan.words.map((w, i) => ({w, n: counts[i] ?? 0})).filter(({n}) => n > 0);
  const seen = new Set(out.results.map((r) => r.id));
  while (words.length > 1 && out.results.length < ENOUGH_RESULTS) {
    const drop = words.reduce((a, b) => (b.n > a.n ? b : a));
    words = words.filter((x) => x !== drop);
    const retry = await ranked(words.map((x) => x.w));
    const fresh = retry.results.filter((r) => !seen.has(r.id));
    if (fresh.length > 0 && out.results.length === 0) out.checkWords = words.map((x) => x.w);
    for (const r of fresh) seen.add(r.id);
    out.results = [...out.results, ...fresh];
  }
  if (out.results.length === 0 && words.length === 1 && words[0]) {
    const only = await ranked([words[0].w]);
    out.results = only.results;
    out.filters = only.filters;
    out.checkWords = [words[0].w];
  }
  return out;
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
