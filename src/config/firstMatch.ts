/**
 * The first entry of a list that matches a pathname, as a scan in order with
 * react-router's `matchPath` finds it, without testing every entry: entries
 * matched exactly by a plain path (no parameters, not strict, not case
 * sensitive) are looked up by their path, and only the others are tested in
 * order. Used where a scan per page costs time in proportion to the page
 * count, so that a build does work in proportion to its square: the static
 * rendering's active-doc lookups (src/plugins/ssg-lookup) and the chunk
 * scripts each page lists (src/plugins/page-startup, postBuild).
 *
 * Why a plain path can be a key: `matchPath(pathname, {path, exact: true})`
 * compiles `path` with path-to-regexp (end, not strict, not sensitive) into
 * `^<path less one trailing slash>(?:/(?=$))?$` with the `i` flag. For a path
 * of ASCII segments holding none of path-to-regexp's special characters, that
 * matches exactly the pathnames equal to it in ASCII case, with or without
 * one trailing slash: the key (lower case, one trailing slash off). A
 * lower-cased non-ASCII character may turn into an ASCII one (the Kelvin sign
 * becomes `k`), so the entry a key finds is confirmed with `matches`.
 */

export interface FirstMatchRules<T> {
  /** The path `entry` matches exactly (exact, not strict, not case sensitive), or undefined for any other kind of match. */
  exactPath: (entry: T) => string | undefined;
  /** The real test, as the scan runs it: the index only narrows the entries it is run on. */
  matches: (pathname: string, entry: T) => boolean;
}

interface Index {
  /** The list's length when indexed: a list that grew or shrank is indexed again. */
  length: number;
  /** The first entry with each key, among the entries matched by a plain path. */
  byKey: Map<string, number>;
  /** Every other entry, in list order. */
  others: number[];
}

/** Segments of letters, digits and characters path-to-regexp reads as themselves; no empty segment. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9._~!$&'=@,;%-]+)*\/?$/;

const keyOf = (pathname: string): string => pathname.toLowerCase().replace(/\/$/, '');

const indexes = new WeakMap<object, WeakMap<readonly unknown[], Index>>();

function indexOf<T>(entries: readonly T[], rules: FirstMatchRules<T>): Index {
  let byList = indexes.get(rules);
  if (!byList) indexes.set(rules, (byList = new WeakMap()));
  const cached = byList.get(entries);
  if (cached && cached.length === entries.length) return cached;
  const index: Index = {length: entries.length, byKey: new Map(), others: []};
  entries.forEach((entry, i) => {
    const path = rules.exactPath(entry);
    if (path === undefined || !PLAIN_PATH.test(path)) {
      index.others.push(i);
      return;
    }
    const key = keyOf(path);
    if (!index.byKey.has(key)) index.byKey.set(key, i);
  });
  byList.set(entries, index);
  return index;
}

/**
 * The position of the first entry of `entries` that `rules.matches`
 * accepts for `pathname`, or -1: what `entries.findIndex((e) =>
 * rules.matches(pathname, e))` returns. The index is built once per list
 * (and again when its length changes); the list must not be changed in place otherwise.
 */
export function firstMatch<T>(entries: readonly T[], pathname: string, rules: FirstMatchRules<T>): number {
  const index = indexOf(entries, rules);
  let found = index.byKey.get(keyOf(pathname)) ?? -1;
  if (found >= 0 && !rules.matches(pathname, entries[found] as T)) found = -1;
  for (const i of index.others) {
    if (found >= 0 && i > found) break;
    if (rules.matches(pathname, entries[i] as T)) return i;
  }
  return found;
}
