// cspell:ignore polici aeiou sses
/**
 * Pagefind page data → DocSearch hits (pure; unit-tested).
 *
 * Hosted DocSearch records are sections of pages: `hierarchy.lvl0` is the
 * top-level section (our doc wrapper stores it as the `lvl0` meta), `lvl1` the
 * page title and `lvl2`–`lvl6` the heading chain down to the matching section.
 * We build the same from one Pagefind page: one `lvl1` hit for the page (so
 * DocSearch draws it as the parent of the page's other hits) and one hit per
 * best matching section, typed `lvlN` when the match is in the heading itself,
 * else `content`.
 *
 * Escaping: DocSearch and the search page inject highlight and snippet values
 * (and, for saved searches, the raw hierarchy and content values) as HTML. All
 * of those are escaped text plus our highlight tags. `hierarchy.lvl0` is the
 * exception: DocSearch renders it as React text (the group header and the
 * "Try searching for" suggestions), so it stays plain text and is never
 * highlighted.
 */

import {cleanText, escapeHtml} from './html';
import type {
  DocSearchHierarchy,
  DocSearchHit,
  HierarchyLevel,
  HighlightValue,
  PagefindAnchor,
  PagefindFragment,
  PagefindSubResult,
  PagefindWeightedLocation,
  SnippetValue,
} from './types';

export interface HitOptions {
  /** Origin the URLs are resolved against (DocSearch and Docusaurus need absolute URLs). */
  origin: string;
  /** The query's words, as returned by `queryTerms`. */
  terms: readonly string[];
  /** Words per snippet (DocSearch asks for 10, or 5 on small screens). */
  snippetWords: number;
  ellipsis: string;
  preTag: string;
  postTag: string;
  /** At most this many section hits per page (the page's own hit comes on top). */
  maxSectionsPerPage: number;
  /** lvl0 when the page carries none. */
  fallbackSection: string;
}

export const DEFAULT_HIT_OPTIONS: Omit<HitOptions, 'origin' | 'terms'> = {
  snippetWords: 10,
  ellipsis: '…',
  preTag: '<mark>',
  postTag: '</mark>',
  maxSectionsPerPage: 3,
  fallbackSection: 'Documentation',
};

/** Pagefind's word separator (pagefind.js `word_separators`); word locations index into this split. */
const WORD_SEPARATORS = /[^\S\uFEFF]+/g;

export function splitWords(text: string): string[] {
  return text.split(WORD_SEPARATORS);
}

const PLAIN_WORD = /^[A-Za-z0-9]+$/;

/** A word reduced for comparison: lower case, without surrounding punctuation. */
export function normalizeWord(word: string): string {
  // Most words are ASCII letters and digits, which the steps below would only lower-case.
  if (PLAIN_WORD.test(word)) return word.toLowerCase();
  return word
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/** The words of a query, normalized and deduplicated (quotes and operators dropped). */
export function queryTerms(query: string): string[] {
  const terms = splitWords(query.replace(/["“”]/g, ' '))
    .map(normalizeWord)
    .filter((t) => t.length > 0);
  return [...new Set(terms)];
}

interface Token {
  text: string;
  marked: boolean;
}

/** Marks words that Pagefind matched on the page, or that start with a query term. */
function tokenize(text: string, matched: ReadonlySet<string>, terms: readonly string[]): Token[] {
  return splitWords(cleanText(text))
    .filter((w) => w.length > 0)
    .map((w) => {
      const n = normalizeWord(w);
      return {text: w, marked: n.length > 0 && (matched.has(n) || terms.some((t) => n.startsWith(t)))};
    });
}

/** Renders tokens as escaped HTML, wrapping the word part of marked tokens in the highlight tags. */
function render(tokens: readonly Token[], o: Pick<HitOptions, 'preTag' | 'postTag'>): string {
  return tokens
    .map(({text, marked}) => {
      if (!marked) return escapeHtml(text);
      const m = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/su.exec(text);
      const [lead, core, trail] = [m?.[1] ?? '', m?.[2] ?? text, m?.[3] ?? ''];
      return `${escapeHtml(lead)}${o.preTag}${escapeHtml(core)}${o.postTag}${escapeHtml(trail)}`;
    })
    .join(' ');
}

function matchLevel(tokens: readonly Token[], terms: readonly string[]): HighlightValue['matchLevel'] {
  const marked = tokens.filter((t) => t.marked).map((t) => normalizeWord(t.text));
  if (marked.length === 0) return 'none';
  const all = terms.every((term) => marked.some((w) => w.startsWith(term)));
  return all ? 'full' : 'partial';
}

function matchedTerms(tokens: readonly Token[], terms: readonly string[]): string[] {
  const marked = tokens.filter((t) => t.marked).map((t) => normalizeWord(t.text));
  return terms.filter((term) => marked.some((w) => w.startsWith(term)));
}

/** Cuts tokens to `length` words around the first marked one, with ellipses where text was cut. */
function window(
  tokens: readonly Token[],
  length: number,
  ellipsis: string,
): {tokens: Token[]; pre: string; post: string} {
  if (tokens.length <= length) return {tokens: [...tokens], pre: '', post: ''};
  const first = Math.max(
    0,
    tokens.findIndex((t) => t.marked),
  );
  const start = Math.max(0, Math.min(first - Math.floor(length / 4), tokens.length - length));
  return {
    tokens: tokens.slice(start, start + length),
    pre: start > 0 ? `${ellipsis} ` : '',
    post: start + length < tokens.length ? ` ${ellipsis}` : '',
  };
}

interface Field {
  /** Escaped text without highlight: the raw hit value. */
  raw: string;
  highlight: HighlightValue;
  snippet: SnippetValue;
}

function field(tokens: readonly Token[], o: HitOptions): Field {
  const level = matchLevel(tokens, o.terms);
  const cut = window(tokens, o.snippetWords, o.ellipsis);
  return {
    raw: escapeHtml(tokens.map((t) => t.text).join(' ')),
    highlight: {
      value: render(tokens, o),
      matchLevel: level,
      matchedWords: matchedTerms(tokens, o.terms),
      fullyHighlighted: tokens.length > 0 && tokens.every((t) => t.marked),
    },
    snippet: {value: cut.pre + render(cut.tokens, o) + cut.post, matchLevel: level},
  };
}

/**
 * Excerpt placement after pagefind.js `calculate_excerpt_region`: the
 * start of the `length`-word window holding the most match weight.
 * Locations are relative to the start of the text.
 */
export function excerptStart(locations: readonly PagefindWeightedLocation[], length: number): number {
  if (locations.length === 0) return 0;
  const words: number[] = [];
  for (const {location, balanced_score} of locations) {
    words[location] = (words[location] ?? 0) + balanced_score;
  }
  if (words.length <= length) return 0;
  let sum = 0;
  for (let i = 0; i < length; i += 1) sum += words[i] ?? 0;
  let best = sum;
  let bestAt = [0];
  for (let i = 0; i < words.length; i += 1) {
    sum += (words[i + length] ?? 0) - (words[i] ?? 0);
    if (sum > best) {
      best = sum;
      bestAt = [i + 1];
    } else if (sum === best && bestAt[bestAt.length - 1] === i) {
      bestAt.push(i + 1);
    }
  }
  return bestAt[Math.floor(bestAt.length / 2)] ?? 0;
}

/**
 * The snippet of words [from, to) of the page: `length` words placed like
 * Pagefind places its excerpts, Pagefind's matched locations highlighted.
 */
export function contentField(
  words: readonly string[],
  from: number,
  to: number,
  locations: readonly PagefindWeightedLocation[],
  o: HitOptions,
): Field | null {
  const end = Math.min(to, words.length);
  if (end <= from) return null;
  const inside = locations.filter((l) => l.location >= from && l.location < end);
  const marked = new Set(inside.map((l) => l.location));
  const tokensOf = (a: number, b: number): Token[] =>
    words
      .slice(a, b)
      .map((text, i) => ({text: cleanText(text), marked: marked.has(a + i)}))
      .filter((t) => t.text.length > 0);
  const length = Math.min(o.snippetWords, end - from);
  const start = Math.min(
    from +
      excerptStart(
        inside.map((l) => ({...l, location: l.location - from})),
        length,
      ),
    end - length,
  );
  const all = tokensOf(from, end);
  if (all.length === 0) return null;
  const level = matchLevel(all, o.terms);
  const shown = tokensOf(start, start + length);
  const pre = start > from ? `${o.ellipsis} ` : '';
  const post = start + length < end ? ` ${o.ellipsis}` : '';
  // The raw value is the plain snippet (saved searches show it without highlight).
  return {
    raw: escapeHtml(pre + shown.map((t) => t.text).join(' ') + post),
    highlight: {
      value: pre + render(shown, o) + post,
      matchLevel: level,
      matchedWords: matchedTerms(all, o.terms),
    },
    snippet: {value: pre + render(shown, o) + post, matchLevel: level},
  };
}

const LEVELS = ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;

/** h2…h6 → 2…6; anything else → null. */
function headingLevel(anchor: PagefindAnchor | undefined): number | null {
  const m = anchor ? /^h([2-6])$/i.exec(anchor.element) : null;
  return m ? Number(m[1]) : null;
}

/** The chain of headings (by level) that contains the word at `location`. */
export function headingChain(anchors: readonly PagefindAnchor[], location: number): Map<number, PagefindAnchor> {
  const chain = new Map<number, PagefindAnchor>();
  const headings = anchors
    .filter((a) => headingLevel(a) !== null && cleanText(a.text).length > 0 && a.location <= location)
    .sort((a, b) => a.location - b.location);
  for (const anchor of headings) {
    const level = headingLevel(anchor) ?? 0;
    for (const deeper of [...chain.keys()]) {
      if (deeper >= level) chain.delete(deeper);
    }
    chain.set(level, anchor);
  }
  return chain;
}

/** Sum of match weight of a sub-result: its rank among the page's sections. */
export function subResultScore(sub: PagefindSubResult): number {
  return sub.weighted_locations.reduce((sum, l) => sum + l.balanced_score, 0);
}

/** Number of leading words of `words` (from `at`) that spell `text`, or 0 when they do not. */
function leadingWords(words: readonly string[], at: number, text: string): number {
  const expected = splitWords(cleanText(text))
    .map(normalizeWord)
    .filter((w) => w);
  if (expected.length === 0) return 0;
  let i = at;
  for (const want of expected) {
    while (i < words.length && normalizeWord(words[i] ?? '') === '') i += 1;
    if (normalizeWord(words[i] ?? '') !== want) return 0;
    i += 1;
  }
  return i - at;
}

function absolute(url: string, origin: string): string {
  try {
    return new URL(url, origin).href;
  } catch {
    return url;
  }
}

interface PageContext {
  fragment: PagefindFragment;
  words: string[];
  matched: Set<string>;
  lvl0: string;
  title: Token[];
  pageUrl: string;
  /** First word after the title (the title is the page's h1, at the very start). */
  bodyStart: number;
  /** Where the first heading starts: the end of the page's introduction. */
  firstHeading: number;
  o: HitOptions;
}

function pageContext(fragment: PagefindFragment, o: HitOptions): PageContext {
  const words = splitWords(fragment.content ?? '');
  const matched = new Set(
    (fragment.locations ?? []).map((l) => normalizeWord(words[l] ?? '')).filter((w) => w.length > 0),
  );
  const titleText = cleanText(fragment.meta.title) || cleanText(fragment.url);
  const firstHeading = Math.min(
    words.length,
    ...fragment.anchors.filter((a) => headingLevel(a) !== null).map((a) => a.location),
  );
  return {
    fragment,
    words,
    matched,
    lvl0: cleanText(fragment.meta.lvl0) || o.fallbackSection,
    title: tokenize(titleText, matched, o.terms),
    pageUrl: absolute(fragment.url, o.origin),
    bodyStart: leadingWords(words, 0, titleText),
    firstHeading,
    o,
  };
}

function makeHit(
  ctx: PageContext,
  sub: PagefindSubResult | null,
): DocSearchHit & {__score: number; __headingMatched: boolean} {
  const {fragment, words, o} = ctx;
  const hierarchy: DocSearchHierarchy = {
    lvl0: ctx.lvl0,
    lvl1: '',
    lvl2: null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };
  const highlight: Partial<Record<HierarchyLevel, HighlightValue>> = {
    lvl0: {value: ctx.lvl0, matchLevel: 'none', matchedWords: []},
  };
  const snippet: Partial<Record<HierarchyLevel, SnippetValue>> = {lvl0: {value: ctx.lvl0, matchLevel: 'none'}};
  const put = (level: (typeof LEVELS)[number], tokens: Token[]) => {
    const f = field(tokens, o);
    hierarchy[level] = f.raw;
    highlight[level] = f.highlight;
    snippet[level] = f.snippet;
  };
  put('lvl1', ctx.title);

  const anchor = sub?.anchor;
  const level = headingLevel(anchor);
  let type: DocSearchHit['type'] = 'lvl1';
  let content: Field | null;
  let headingMatched = false;
  const locations = sub?.weighted_locations ?? [];
  if (sub && anchor) {
    const chain = headingChain(fragment.anchors, anchor.location);
    for (const [n, heading] of chain) {
      const lvl = LEVELS[n - 1];
      if (lvl) put(lvl, tokenize(heading.text ?? heading.title ?? '', ctx.matched, o.terms));
    }
    // The section's own heading is in the text at its location: skip it in the snippet.
    const headingWords = level ? leadingWords(words, anchor.location, anchor.text ?? '') : 0;
    headingMatched = level !== null && locations.some((l) => l.location < anchor.location + headingWords);
    const next = fragment.anchors
      .filter((a) => headingLevel(a) !== null && a.location > anchor.location)
      .reduce((min, a) => Math.min(min, a.location), words.length);
    content = contentField(words, anchor.location + headingWords, next, locations, o);
    type = headingMatched && level ? (`lvl${level}` as DocSearchHit['type']) : 'content';
  } else {
    content = contentField(words, ctx.bodyStart, ctx.firstHeading, locations, o);
    headingMatched = ctx.title.some((t) => t.marked);
  }

  const url = sub && anchor ? absolute(sub.url, o.origin) : ctx.pageUrl;
  const id = fragment.raw_url ?? fragment.url;
  // Only non-null levels, in order: the search page takes the last one as the title.
  const order: HierarchyLevel[] = ['lvl0', ...LEVELS];
  const pick = <T>(source: Partial<Record<HierarchyLevel, T>>) =>
    Object.fromEntries(order.filter((l) => source[l] !== undefined).map((l) => [l, source[l]])) as Partial<
      Record<HierarchyLevel, T>
    >;
  return {
    objectID: anchor ? `${id}#${anchor.id}` : id,
    url,
    url_without_anchor: ctx.pageUrl,
    anchor: anchor?.id ?? null,
    type,
    content: content?.raw ?? null,
    hierarchy,
    _highlightResult: {
      hierarchy: pick(highlight),
      ...(content ? {content: content.highlight} : {}),
    },
    _snippetResult: {
      hierarchy: pick(snippet),
      ...(content ? {content: content.snippet} : {}),
    },
    __score: sub ? subResultScore(sub) : 0,
    __headingMatched: headingMatched,
  };
}

function strip(hit: DocSearchHit & {__score: number; __headingMatched: boolean}): DocSearchHit {
  const {__score, __headingMatched, ...rest} = hit;
  void __score;
  void __headingMatched;
  return rest;
}

/**
 * Hits for the DocSearch modal: the page's own `lvl1` hit first, then its
 * best sections (by match weight), at most `maxSectionsPerPage`.
 */
export function fragmentToHits(fragment: PagefindFragment, options: HitOptions): DocSearchHit[] {
  const ctx = pageContext(fragment, options);
  const subs = fragment.sub_results ?? [];
  const pageSub = subs.find((s) => !s.anchor) ?? null;
  const sections = subs
    .filter((s) => s.anchor)
    .map((s) => makeHit(ctx, s))
    .sort((a, b) => Number(b.__headingMatched) - Number(a.__headingMatched) || b.__score - a.__score)
    .slice(0, options.maxSectionsPerPage);
  return [strip(makeHit(ctx, pageSub)), ...sections.map(strip)];
}

/**
 * One hit for the search page: the page's best matching part (a heading
 * match first, then the most match weight), so its title is the closest
 * heading and its breadcrumbs lead there from the section.
 */
export function fragmentToPageHit(fragment: PagefindFragment, options: HitOptions): DocSearchHit {
  const ctx = pageContext(fragment, options);
  const candidates = (fragment.sub_results ?? []).map((s) => makeHit(ctx, s));
  if (candidates.length === 0) return strip(makeHit(ctx, null));
  const better = (a: (typeof candidates)[number], b: (typeof candidates)[number]) =>
    Number(b.__headingMatched) - Number(a.__headingMatched) || b.__score - a.__score;
  return strip(candidates.reduce((a, b) => (better(a, b) > 0 ? b : a)));
}

/** The pieces of a page word a query term may have matched: the word, its hyphen/dot parts, its camelCase parts. */
function wordPieces(word: string): string[] {
  const camel = word.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2');
  return [word, ...word.split(/[^\p{L}\p{N}]+/u), ...camel.split(/[^\p{L}\p{N}]+/u)]
    .map(normalizeWord)
    .filter((w) => w.length > 0);
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  return i;
}

/**
 * The forms of a query term Pagefind may have matched: the term's pieces,
 * and each piece as Pagefind's English stemmer cuts it where that changes
 * the letters ("why" → "whi", "policy" → "polici", "classes" → "class"),
 * since its matches are found by the stem, not by the word typed.
 */
export function termForms(term: string): string[] {
  const pieces = wordPieces(term);
  const forms = new Set(pieces);
  for (const piece of pieces) {
    if (/[^aeiou]y$/.test(piece)) forms.add(`${piece.slice(0, -1)}i`);
    if (/ies$/.test(piece)) forms.add(piece.slice(0, -2));
    if (/sses$/.test(piece)) forms.add(piece.slice(0, -2));
  }
  return [...forms];
}

/**
 * Whether every query term really occurs on the page. When a word has no
 * match at all, Pagefind 1.6 falls back to ever shorter prefixes of it
 * (Pagefind issue #599), so "xylophone" finds every page with an "x". A term
 * counts as found when a matched word shares at least half of it (3 letters
 * at least, all of a shorter term) as a prefix: enough for the stemmed forms
 * Pagefind matches ("requirements" → "requires"), not for a fallback. The
 * term's stemmed forms count too (termForms: "why" is searched as "whi", and
 * matches "which"), and so do the page's `keywords` metadata (the synonyms
 * added at index time, which Pagefind searches without a word location).
 * Since Pagefind's results all hold every term, checking the best page tells
 * whether the query has real results.
 */
export function pageMatchesAllTerms(fragment: PagefindFragment, terms: readonly string[]): boolean {
  const words = splitWords(fragment.content ?? '');
  const matched = new Set([
    ...(fragment.locations ?? []).flatMap((l) => wordPieces(words[l] ?? '')),
    ...splitWords(fragment.meta.keywords ?? '').flatMap(wordPieces),
  ]);
  // Terms under 3 letters are not checked: Pagefind may skip them, and their fallback is near them anyway.
  return terms
    .filter((term) => term.length >= 3)
    .every((term) => {
      const needed = Math.min(term.length, Math.max(3, Math.floor(term.length / 2)));
      const forms = termForms(term).filter((piece) => piece.length >= 3);
      for (const word of matched) {
        if (forms.some((piece) => commonPrefix(word, piece) >= Math.min(needed, piece.length))) return true;
      }
      return false;
    });
}
