/**
 * What a reader's query asks for (pure; unit-tested): the words worth
 * searching for, and whether it is about a release.
 *
 * Pagefind returns only pages holding every query word (stemmed), so "how do
 * I export a plan" misses the export page, which never says "how". Question
 * and stop words are dropped when other words remain; a query made only of
 * them is searched as typed. Synonyms and acronyms (sso ↔ single sign-on) are
 * handled at index time (facts/search-synonyms.yaml, scripts/search-index.mjs).
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
