/**
 * The parts of Pagefind's browser API (pagefind.js 1.6) and of the Algolia
 * search request/response that the embedded client uses. Pagefind ships no
 * types for its browser bundle; these follow its source.
 */

import type {PagefindFilter} from './filters';

export interface PagefindWeightedLocation {
  weight: number;
  balanced_score: number;
  location: number;
}

export interface PagefindAnchor {
  /** Tag name, e.g. 'h2'. */
  element: string;
  id: string;
  text?: string;
  title?: string;
  /** Word index in `content` where the element starts. */
  location: number;
}

export interface PagefindSubResult {
  title: string;
  /** The page URL with the anchor, base path included. */
  url: string;
  anchor?: PagefindAnchor;
  locations: number[];
  weighted_locations: PagefindWeightedLocation[];
  excerpt: string;
  plain_excerpt?: string;
}

/** What `result.data()` resolves to (one page, "fragment" in Pagefind's terms). */
export interface PagefindFragment {
  /** The page URL, base path included. */
  url: string;
  /** The URL as indexed, without the base path. */
  raw_url?: string;
  /** The page text, entities decoded. */
  content: string;
  word_count: number;
  meta: Record<string, string | undefined>;
  filters?: Record<string, string[]>;
  anchors: PagefindAnchor[];
  locations: number[];
  weighted_locations: PagefindWeightedLocation[];
  sub_results: PagefindSubResult[];
  excerpt?: string;
}

export interface PagefindResult {
  id: string;
  score: number;
  words: number[];
  data: () => Promise<PagefindFragment>;
}

export interface PagefindResponse {
  results: PagefindResult[];
  unfilteredResultCount?: number;
  filters?: Record<string, Record<string, number>>;
  totalFilters?: Record<string, Record<string, number>>;
  timings?: {preload?: number; search?: number; total?: number} | {total?: number}[];
}

export interface PagefindOptions {
  baseUrl?: string;
  basePath?: string;
  excerptLength?: number;
  noWorker?: boolean;
}

/** The module `pagefind/pagefind.js` exports. */
export interface PagefindApi {
  options(options: PagefindOptions): Promise<void>;
  init(): Promise<void>;
  search(term: string | null, options?: {filters?: PagefindFilter | Record<string, never>}): Promise<PagefindResponse>;
}

/** One request of Algolia's multi-search, the fields we read. */
export interface AlgoliaSearchRequest {
  indexName?: string;
  query?: string;
  hitsPerPage?: number;
  page?: number;
  facetFilters?: import('./filters').FacetFilters;
  facets?: string | string[];
  attributesToSnippet?: string[];
  snippetEllipsisText?: string;
  highlightPreTag?: string;
  highlightPostTag?: string;
  [other: string]: unknown;
}

export interface HighlightValue {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

export interface SnippetValue {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
}

export type HierarchyLevel = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';

export interface DocSearchHierarchy {
  lvl0: string;
  lvl1: string;
  lvl2: string | null;
  lvl3: string | null;
  lvl4: string | null;
  lvl5: string | null;
  lvl6: string | null;
}

/** A hit as DocSearch 3.9 reads it (types/DocSearchHit.ts). */
export interface DocSearchHit {
  objectID: string;
  url: string;
  url_without_anchor: string;
  anchor: string | null;
  type: Exclude<HierarchyLevel, 'lvl0'> | 'content';
  content: string | null;
  hierarchy: DocSearchHierarchy;
  _highlightResult: {
    content?: HighlightValue;
    hierarchy: Partial<Record<HierarchyLevel, HighlightValue>>;
  };
  _snippetResult: {
    content?: SnippetValue;
    hierarchy: Partial<Record<HierarchyLevel, SnippetValue>>;
  };
}

export interface AlgoliaSearchResult {
  hits: DocSearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
  exhaustiveNbHits: boolean;
  facets?: Record<string, Record<string, number>>;
}
