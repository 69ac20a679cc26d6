/**
 * Precomputed answers for the commonest one-word queries ("head" queries),
 * written at build time by ../head.mjs with this very client, so the modal
 * can show them without loading Pagefind.
 *
 * A cold Pagefind query loads Pagefind's runtime (about 72 KB), its page list
 * (about 8 bytes per page) and the word-index entries of every word the query
 * is a prefix of. For the words most pages hold ("anchor" on a site whose
 * pages say "anchored", or the "a", "an", "anc" a reader types on the way)
 * those entries grow with the site. The build runs the modal's own request
 * for the heaviest of them and stores the hits; the modal then answers such a
 * query with one small manifest and one answer file, the same hits in the
 * same order as Pagefind would give (tests/unit/search-head.test.ts and the
 * browser test compare them). Every other query, and any request that is not
 * the modal's usual one, goes to Pagefind as before; so does every query when
 * the manifest or an answer cannot be loaded.
 *
 * Layout (`<index>/head.json` and `<index>/head/<dir>/<n>.json`):
 * - the manifest names the answers' folder (a hash of their content, so an
 *   answer file never changes under its name), the request they answer, the
 *   search contexts (translated facet filters) and the query keys, front-coded
 *   (`encodeHeadKeys`: most keys extend the one before, "s", "si", "sim");
 * - answer `n` (base 36) holds key `n / contexts` in context `n % contexts`:
 *   for each snippet length the modal asks for, the hits and the page count.
 */

import {toPagefindFilters, type PagefindFilter} from './filters';
import {planQuery, type QueryPlan} from './query';
import type {AlgoliaSearchRequest, DocSearchHit} from './types';

export const HEAD_MANIFEST = 'head.json';
export const HEAD_DIR = 'head';
export const HEAD_VERSION = 2;
/** Hit URLs are stored relative to the base URL: the build writes them against this origin. */
export const HEAD_ORIGIN = 'https://head.invalid/';

/** The modal's request the answers are for (DocSearch 3.9's, see the relevance bench). */
export interface HeadRequestShape {
  hitsPerPage: number;
  preTag: string;
  postTag: string;
  ellipsis: string;
  /** Snippet lengths answered: DocSearch asks for 10 words, or 5 on small screens. */
  snippetWords: number[];
}

export interface HeadManifest {
  version: number;
  dir: string;
  request: HeadRequestShape;
  contexts: string[];
  /** The query keys, in answer order, as `encodeHeadKeys` writes them. */
  keys: string;
}

export interface HeadAnswer {
  hits: DocSearchHit[];
  nbHits: number;
}

/** One answer file: an answer per snippet length. */
export type HeadAnswerFile = Record<string, HeadAnswer>;

/** A filter with its `all`/`any` lists in one order, whatever order the facet filters came in. */
function canonical(filter: PagefindFilter | Record<string, never>): unknown {
  if ('all' in filter && Array.isArray(filter.all)) {
    return {all: filter.all.map(canonical).sort(byJson)};
  }
  if ('any' in filter && Array.isArray(filter.any)) {
    return {any: filter.any.map(canonical).sort(byJson)};
  }
  if ('not' in filter && typeof filter.not === 'object') {
    return {not: canonical(filter.not as PagefindFilter)};
  }
  return filter;
}

function byJson(a: unknown, b: unknown): number {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The search context of a request: its facet filters as the client translates them, in canonical order. */
export function headContextKey(facetFilters: AlgoliaSearchRequest['facetFilters'], language?: string): string {
  return JSON.stringify(canonical(toPagefindFilters(facetFilters, language)));
}

/** The key of a query plan, or null when no precomputed answer can hold it (several words, a phrase). */
export function headPlanKey(plan: QueryPlan): string | null {
  const [word] = plan.words;
  if (plan.exact || plan.words.length !== 1 || word === undefined) return null;
  return `${plan.versionIntent ? '!' : ''}${word}`;
}

/** The key of a query as typed. */
export function headQueryKey(query: string): string | null {
  return headPlanKey(planQuery(query));
}

/** Which answer of a file a request wants (its snippet length), or null if the answers do not fit it. */
export function headVariant(
  request: AlgoliaSearchRequest,
  shape: HeadRequestShape,
  snippetWords: number | undefined,
): string | null {
  const hitsPerPage = request.hitsPerPage === undefined ? 20 : Number(request.hitsPerPage);
  const page = request.page === undefined ? 0 : Number(request.page);
  if (page !== 0 || hitsPerPage !== shape.hitsPerPage || request.facets !== undefined) return null;
  if ((request.highlightPreTag ?? '<mark>') !== shape.preTag) return null;
  if ((request.highlightPostTag ?? '</mark>') !== shape.postTag) return null;
  if ((request.snippetEllipsisText ?? '…') !== shape.ellipsis) return null;
  const words = snippetWords ?? 10;
  return shape.snippetWords.includes(words) ? String(words) : null;
}

/** The file name (without folder) of key `keyIndex` in context `contextIndex`. */
export function headAnswerName(keyIndex: number, contextIndex: number, contexts: number): string {
  return `${(keyIndex * contexts + contextIndex).toString(36)}.json`;
}

/** Separates the keys in the manifest; no key holds it (`encodeHeadKeys` refuses one that does). */
export const HEAD_KEY_SEPARATOR = ',';
/** The longest shared start one entry can name: one base-36 digit. */
const MAX_SHARED = 35;

/**
 * The keys as one string, each written as the length of the start it shares with the key before
 * it (one base-36 digit) and the rest: "s", "si", "sim" become "0s,1i,2m". Sorted keys pack best;
 * the order is kept (it is the answers' order).
 */
export function encodeHeadKeys(keys: readonly string[]): string {
  let previous = '';
  return keys
    .map((key) => {
      if (key === '' || key.includes(HEAD_KEY_SEPARATOR))
        throw new Error(`A precomputed query key cannot be "${key}".`);
      let shared = 0;
      while (shared < MAX_SHARED && shared < key.length - 1 && key[shared] === previous[shared]) shared += 1;
      previous = key;
      return shared.toString(36) + key.slice(shared);
    })
    .join(HEAD_KEY_SEPARATOR);
}

/** The keys `encodeHeadKeys` wrote, in their order. */
export function decodeHeadKeys(encoded: string): string[] {
  if (encoded === '') return [];
  let previous = '';
  return encoded.split(HEAD_KEY_SEPARATOR).map((entry) => {
    const shared = parseInt(entry.slice(0, 1), 36);
    previous = previous.slice(0, Number.isNaN(shared) ? 0 : shared) + entry.slice(1);
    return previous;
  });
}

export function isHeadManifest(value: unknown): value is HeadManifest {
  const m = value as HeadManifest | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.version === HEAD_VERSION &&
    typeof m.dir === 'string' &&
    /^[0-9a-f]+$/.test(m.dir) &&
    Array.isArray(m.contexts) &&
    typeof m.keys === 'string' &&
    typeof m.request === 'object' &&
    m.request !== null &&
    Array.isArray(m.request.snippetWords)
  );
}

/** Hit URLs as stored (relative to the base URL) → absolute on this site. */
export function resolveHeadHits(hits: readonly DocSearchHit[], siteRoot: string): DocSearchHit[] {
  const resolve = (url: string) => (/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `${siteRoot}${url}`);
  return hits.map((hit) => ({...hit, url: resolve(hit.url), url_without_anchor: resolve(hit.url_without_anchor)}));
}

/** Absolute hit URLs as the build computes them (against HEAD_ORIGIN) → stored form. */
export function storeHeadHits(hits: readonly DocSearchHit[]): DocSearchHit[] {
  const store = (url: string) => (url.startsWith(HEAD_ORIGIN) ? url.slice(HEAD_ORIGIN.length) : url);
  return hits.map((hit) => ({...hit, url: store(hit.url), url_without_anchor: store(hit.url_without_anchor)}));
}

export interface HeadLookup {
  /** Starts loading the manifest, if it is not loaded or loading (the modal opened). */
  prefetch(): void;
  /** The answer for a request, or undefined when there is none (the caller asks Pagefind). */
  answer(
    request: AlgoliaSearchRequest,
    query: string,
    snippetWords: number | undefined,
  ): Promise<HeadAnswer | undefined>;
}

/**
 * The browser side: `indexUrl` is the Pagefind folder's URL, `siteRoot` the
 * site's origin and base URL. Loads the manifest on the first lookup (once;
 * a failed load means no answers until the page reloads, and Pagefind
 * answers) and each answer file when asked.
 */
export function createHeadLookup(
  indexUrl: string,
  siteRoot: () => string,
  language: string | undefined,
  fetchJson: (url: string) => Promise<unknown> = defaultFetchJson,
): HeadLookup {
  let manifest: Promise<{m: HeadManifest; keys: Map<string, number>; contexts: Map<string, number>} | null> | null =
    null;
  const files = new Map<string, Promise<HeadAnswerFile | null>>();
  const loadManifest = () =>
    (manifest ??= fetchJson(`${indexUrl}${HEAD_MANIFEST}`).then(
      (value) =>
        isHeadManifest(value)
          ? {
              m: value,
              keys: new Map(decodeHeadKeys(value.keys).map((k, i) => [k, i])),
              contexts: new Map(value.contexts.map((c, i) => [c, i])),
            }
          : null,
      () => null,
    ));
  return {
    prefetch() {
      void loadManifest();
    },
    async answer(request, query, snippetWords) {
      const key = headQueryKey(query);
      if (key === null) return undefined;
      const loaded = await loadManifest();
      if (!loaded) return undefined;
      const keyIndex = loaded.keys.get(key);
      const contextIndex = loaded.contexts.get(headContextKey(request.facetFilters, language));
      const variant = headVariant(request, loaded.m.request, snippetWords);
      if (keyIndex === undefined || contextIndex === undefined || variant === null) return undefined;
      const url = `${indexUrl}${HEAD_DIR}/${loaded.m.dir}/${headAnswerName(keyIndex, contextIndex, loaded.m.contexts.length)}`;
      let file = files.get(url);
      if (!file) {
        file = fetchJson(url).then(
          (value) => (typeof value === 'object' && value !== null ? (value as HeadAnswerFile) : null),
          () => null,
        );
        // A failed answer is asked for again next time.
        void file.then((f) => f === null && files.delete(url));
        files.set(url, file);
      }
      const answer = (await file)?.[variant];
      if (!answer || !Array.isArray(answer.hits) || typeof answer.nbHits !== 'number') return undefined;
      return {hits: resolveHeadHits(answer.hits, siteRoot()), nbHits: answer.nbHits};
    },
  };
}

async function defaultFetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}
