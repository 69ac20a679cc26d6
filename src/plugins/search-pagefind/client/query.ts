// cspell:ignore upgrad deprecat
/**
 * What a reader's query asks for (pure; unit-tested): the words worth
 * searching for, and whether it is about a release.
 *
 * Pagefind returns only pages holding every query word (stemmed), so "how do
 * I export a plan" misses the export page, which never says "how". Question
 * and stop words are dropped when other words remain; a query made only of
 * them is searched as typed. Synonyms and acronyms (sso ↔ single sign-on) are
 * handled at index time (facts/search-synonyms.yaml, ../indexer.mjs).
 */

import {normalizeWord, splitWords} from './hits';

/** Words that carry no topic: question words, auxiliaries, pronouns, articles, common prepositions. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but if then so of to in on at by for from with without into onto about as ' +
    'is are was were be been being am do does did doing done have has had having can could ' +
    'should would will shall may might must i me my mine we us our you your it its they them their ' +
    'this that these those there here what which who whom whose when where why how ' +
    'not no yes any some all each every one get gets got make makes need needs want wants ' +
    'way ways use using used please help thing things able tell say says'
  ).split(' '),
);

/** A query about a release: a version number, or upgrading/migrating/release notes. */
const VERSION_WORDS = /^(upgrad\w*|migrate|migrating|changelog|release|releases|breaking|deprecat\w*)$/;
const VERSION_NUMBER = /^v?\d+(\.\d+)+$|^v?\d+\.x$/;

export interface QueryPlan {
  /** The words searched for, in query order (normalized). */
  words: string[];
  /** True for quoted phrases: searched exactly as typed. */
  exact: boolean;
  /** The query names a version, or asks about upgrading or migrating. */
  versionIntent: boolean;
}

export function planQuery(query: string): QueryPlan {
  const trimmed = query.trim();
  const exact = /^\s*["“].+["”]\s*$/.test(trimmed);
  const raw = splitWords(trimmed.replace(/["“”]/g, ' '))
    .map((w) => w.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w.length > 0);
  const versionIntent = raw.some((w) => VERSION_NUMBER.test(w) || VERSION_WORDS.test(normalizeWord(w)));
  const words = [...new Set(raw.map((w) => (VERSION_NUMBER.test(w) ? w : normalizeWord(w))).filter((w) => w))];
  if (exact) return {words, exact, versionIntent};
  const informative = words.filter((w) => !STOP_WORDS.has(w) && !/^[\p{P}\p{S}]+$/u.test(w));
  return {words: informative.length > 0 ? informative : words, exact, versionIntent};
}

/** Pages reordered by their title and headings (the first pages of each answer, whose data is loaded anyway). */
export const REORDER_DEPTH = 6;

export interface ReorderPage {
  title: string;
  /** Synonyms of the title's words (index-time `title_synonyms` metadata). */
  titleSynonyms?: string;
  headings: readonly string[];
  /** The top-level section (the modal groups hits by it). */
  section: string;
  /** How many hits the page gives in the modal (its own and its sections'). */
  hits?: number;
}

const wordsOf = (text: string) =>
  splitWords(text.replace(/[-/_.:()]/g, ' '))
    .map(normalizeWord)
    .filter((w) => w.length > 0);

/** Query word `q` matches text word `w`: same word or shared stem (prefix of 4+ letters, or the shorter whole). */
function sameWord(q: string, w: string): boolean {
  if (q === w) return true;
  const n = Math.min(q.length, w.length);
  if (n < 3) return false;
  let i = 0;
  while (i < n && q[i] === w[i]) i += 1;
  return i >= Math.max(4, n - 1) || (i === n && n >= 3);
}

/**
 * Evidence from a page's title and headings, which say what the page is
 * about better than its body: how many query words the title holds, how
 * much of the title the query covers (so "Anchors" beats "Anchors with the
 * API" for "anchors"), and how many query words a heading holds.
 */
export function titleEvidence(page: ReorderPage, words: readonly string[]): number {
  if (words.length === 0) return 0;
  const title = [...wordsOf(page.title), ...wordsOf(page.titleSynonyms ?? '')];
  const titleOwn = wordsOf(page.title).filter((w) => !STOP_WORDS.has(w));
  const inTitle = words.filter((q) => title.some((w) => sameWord(q, w))).length;
  const covered = titleOwn.filter((w) => words.some((q) => sameWord(q, w))).length;
  const headingBest = Math.max(
    0,
    ...page.headings.map((h) => {
      const hw = wordsOf(h);
      return words.filter((q) => hw.some((w) => sameWord(q, w))).length;
    }),
  );
  return (
    inTitle / words.length +
    (titleOwn.length ? (0.5 * covered) / titleOwn.length : 0) +
    (0.5 * headingBest) / words.length
  );
}

/**
 * The order of the first pages of an answer: Pagefind's order, moved by
 * title and heading evidence (a page keeps its place unless another's title
 * says clearly more), then grouped by section in first-seen order, as the
 * DocSearch modal draws them. The modal shows at most `groupCap` hits per
 * section: a page none of whose hits fit goes after the groups, where the
 * search page lists it, so both show the same pages in the same order.
 * Returns indexes into `pages`.
 */
export function reorderPages(pages: readonly ReorderPage[], words: readonly string[], groupCap = Infinity): number[] {
  const scored = pages.map((p, i) => ({i, s: titleEvidence(p, words) - i * 0.15}));
  scored.sort((a, b) => b.s - a.s || a.i - b.i);
  const sections: string[] = [];
  for (const {i} of scored) {
    const section = pages[i]?.section ?? '';
    if (!sections.includes(section)) sections.push(section);
  }
  const shown: number[] = [];
  const hidden: number[] = [];
  for (const section of sections) {
    let used = 0;
    for (const {i} of scored.filter(({i}) => pages[i]?.section === section)) {
      (used < groupCap ? shown : hidden).push(i);
      used += pages[i]?.hits ?? 1;
    }
  }
  return [...shown, ...hidden];
}
