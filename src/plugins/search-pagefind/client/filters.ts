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

function single(filter: string): PagefindFilter | null {
  const parsed = parseFacetFilter(filter);
  if (!parsed) {
    return null;
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

/**
 * Translates Algolia facet filters. Returns `{}` (no filtering) when there
 * are none; unparsable entries are ignored, as Algolia would reject them.
 */
export function toPagefindFilters(
  facetFilters: FacetFilters | undefined | null,
): PagefindFilter | Record<string, never> {
  if (facetFilters === undefined || facetFilters === null) {
    return {};
  }
  const list: readonly FacetFilter[] = typeof facetFilters === 'string' ? [facetFilters] : facetFilters;
  const conjuncts: PagefindFilter[] = [];
  for (const entry of list) {
    if (typeof entry === 'string') {
      const f = single(entry);
      if (f) conjuncts.push(f);
    } else {
      const alternatives = entry.map(single).filter((f): f is PagefindFilter => f !== null);
      const f = combine('any', alternatives);
      if (f) conjuncts.push(f);
    }
  }
  return combine('all', conjuncts) ?? {};
}

/** Pagefind's per-filter counts (`response.filters`) → Algolia's `facets` for the facets asked for. */
export function toAlgoliaFacets(
  counts: Record<string, Record<string, number>> | undefined,
  requested: string | readonly string[] | undefined,
): Record<string, Record<string, number>> {
  if (!counts || requested === undefined) {
    return {};
  }
  const names = typeof requested === 'string' ? [requested] : requested;
  const wanted = names.includes('*') ? Object.keys(counts) : names;
  const facets: Record<string, Record<string, number>> = {};
  for (const name of wanted) {
    const values = counts[name];
    if (values) {
      facets[name] = Object.fromEntries(Object.entries(values).filter(([, n]) => n > 0));
    }
  }
  return facets;
}
