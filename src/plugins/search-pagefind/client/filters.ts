/**
 * Algolia `facetFilters` → Pagefind `filters`.
 *
 * DocSearch's contextual search sends
 * `['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current', …]]`
 * and the search page's helper sends the same filters, each wrapped in its own
 * array. Algolia's rules: the outer array is AND, an inner array is OR, `a:v`
 * tests facet `a` for value `v`, `a:-v` negates (`a:\-v` is a literal leading
 * minus). Pagefind expresses the same with `{all: […]}`, `{any: […]}` and
 * `{not: …}` around `{a: 'v'}` objects. The index carries the pages'
 * `docusaurus_tag` and `language` meta tags as filters (../indexer.mjs).
 *
 * Every indexed page has one language, the site's (../indexer.mjs stops the
 * build otherwise), so `language:<that language>` holds for every page: given
 * it as `language`, the translation leaves that test out instead of making
 * Pagefind fetch the language filter's page list (one request per search,
 * about 2 bytes per page gzipped) to find it true. Any other language test
 * stays a filter.
 *
 * A filter's file lists the pages of each of its values, and Pagefind fetches
 * it whole for any test on that filter. The current docs' tag, COMMON_TAG
 * (the version new pages go to), is therefore no value in the index: the
 * indexer gives every other page its tag and TAGGED as well, so
 * `docusaurus_tag:<COMMON_TAG>` becomes "not TAGGED", and the file the
 * contextual search fetches lists the other versions' pages only, however
 * large the current docs grow.
 */

export type FacetFilter = string | readonly string[];
export type FacetFilters = string | readonly FacetFilter[];

/** A Pagefind filter object (see Pagefind's "Filtering" documentation). */
export type PagefindFilter =
  {[facet: string]: string} | {all: PagefindFilter[]} | {any: PagefindFilter[]} | {not: PagefindFilter};

/** Parses one `facet:value` / `facet:-value` string; null when it has no facet name. */
export function parseFacetFilter(filter: string): {facet: string; value: string; negated: boolean} | null {
  const colon = filter.indexOf(':');
  if (colon <= 0) {
    return null;
  }
  const facet = filter.slice(0, colon).trim();
  let value = filter.slice(colon + 1);
  let negated = false;
  if (value.startsWith('-')) {
    negated = true;
    value = value.slice(1);
  } else if (value.startsWith('\\-')) {
    value = value.slice(1);
  }
  return {facet, value, negated};
}

/** The facet DocSearch's contextual search filters on: the page's docs instance and version. */
export const TAG_FACET = 'docusaurus_tag';
/** The tag no indexed page carries as a filter value (see the note at the top); ../indexer.mjs has the same. */
export const COMMON_TAG = 'docs-default-current';
/** The value every page of another tag carries besides its own (../indexer.mjs has the same). */
export const TAGGED = '*';

/** A test every indexed page passes (see the note at the top). */
const ALWAYS = Symbol('every page');
type Term = PagefindFilter | typeof ALWAYS;

function single(filter: string, language: string | undefined): Term | null {
  const parsed = parseFacetFilter(filter);
  if (!parsed) {
    return null;
  }
  if (language !== undefined && parsed.facet === 'language' && parsed.value === language && !parsed.negated) {
    return ALWAYS;
  }
  if (parsed.facet === TAG_FACET && parsed.value === COMMON_TAG) {
    // Pages of the common tag are those without TAGGED.
    const tagged: PagefindFilter = {[TAG_FACET]: TAGGED};
    return parsed.negated ? tagged : {not: tagged};
  }
  const test: PagefindFilter = {[parsed.facet]: parsed.value};
  return parsed.negated ? {not: test} : test;
}

function combine(kind: 'all' | 'any', parts: PagefindFilter[]): PagefindFilter | null {
  if (parts.length === 0) {
    return null;
  }
  const [first] = parts;
  if (parts.length === 1 && first) {
    return first;
  }
  return kind === 'all' ? {all: parts} : {any: parts};
}

const isFilter = (t: Term | null): t is PagefindFilter => t !== null && t !== ALWAYS;

/**
 * Translates Algolia facet filters. Returns `{}` (no filtering) when there
 * are none, or when every test holds for every page; unparsable entries are
 * ignored, as Algolia would reject them. `language`: the language of every
 * indexed page (see the note at the top).
 */
export function toPagefindFilters(
  facetFilters: FacetFilters | undefined | null,
  language?: string,
): PagefindFilter | Record<string, never> {
  if (facetFilters === undefined || facetFilters === null) {
    return {};
  }
  const list: readonly FacetFilter[] = typeof facetFilters === 'string' ? [facetFilters] : facetFilters;
  const conjuncts: PagefindFilter[] = [];
  for (const entry of list) {
    if (typeof entry === 'string') {
      const f = single(entry, language);
      if (isFilter(f)) conjuncts.push(f);
    } else {
      const alternatives = entry.map((e) => single(e, language));
      // One alternative every page passes makes the whole OR hold.
      if (alternatives.includes(ALWAYS)) continue;
      const f = combine('any', alternatives.filter(isFilter));
      if (f) conjuncts.push(f);
    }
  }
  return combine('all', conjuncts) ?? {};
}

/**
 * Pagefind's per-filter counts (`response.filters`) → Algolia's `facets` for
 * the facets asked for; `hits`: the number of pages the search found. With
 * `language` (the language of every indexed page, see the note at the top),
 * that facet counts all hits: Pagefind counts a filter only once it has
 * fetched its page list, which the translation above spares. The common tag,
 * no value in the index, counts the hits without TAGGED.
 */
export function toAlgoliaFacets(
  counts: Record<string, Record<string, number>> | undefined,
  requested: string | readonly string[] | undefined,
  hits: number,
  language?: string,
): Record<string, Record<string, number>> {
  if (!counts || requested === undefined) {
    return {};
  }
  const names = typeof requested === 'string' ? [requested] : requested;
  const all = {...counts};
  if (language !== undefined) all.language = {[language]: hits};
  const tags = counts[TAG_FACET];
  if (tags && TAGGED in tags) {
    const {[TAGGED]: tagged = 0, ...named} = tags;
    all[TAG_FACET] = {...named, [COMMON_TAG]: Math.max(0, hits - tagged)};
  }
  const wanted = names.includes('*') ? Object.keys(all) : names;
  const facets: Record<string, Record<string, number>> = {};
  for (const name of wanted) {
    const values = all[name];
    if (values) {
      facets[name] = Object.fromEntries(Object.entries(values).filter(([, n]) => n > 0));
    }
  }
  return facets;
}
