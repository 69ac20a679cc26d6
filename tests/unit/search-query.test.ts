import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  planQuery,
  reorderPages,
  titleEvidence,
  type ReorderPage,
} from '../../src/plugins/search-pagefind/client/query.ts';
import {
  normalizeWord,
  pageMatchesAllTerms,
  splitWords,
  termForms,
} from '../../src/plugins/search-pagefind/client/hits.ts';
import {
  addSearchHints,
  COMMON_TAG,
  docsearchLanguage,
  docsearchMeta,
  indexedPart,
  markFilterMetas,
  otherLanguages,
  pageKind,
  parseSynonyms,
  synonymsFor,
} from '../../src/plugins/search-pagefind/indexer.mjs';
import type {PagefindFragment} from '../../src/plugins/search-pagefind/client/types.ts';

test('question and stop words are dropped when other words remain', () => {
  assert.deepEqual(planQuery('how do I export a plan with simulation results').words, [
    'export',
    'plan',
    'simulation',
    'results',
  ]);
  assert.deepEqual(planQuery('Why does the simulation panel say out of date?').words, [
    'simulation',
    'panel',
    'out',
    'date',
  ]);
  // Only stop words: searched as typed.
  assert.deepEqual(planQuery('how to').words, ['how', 'to']);
  // Quoted: exact, nothing dropped.
  assert.deepEqual(planQuery('"the plan"'), {words: ['the', 'plan'], exact: true, versionIntent: false});
});

test('a query names a release when it has a version number or asks about upgrading', () => {
  assert.equal(planQuery('what changed in 3.5.0').versionIntent, true);
  assert.deepEqual(planQuery('what changed in 3.5.0').words, ['changed', '3.5.0']);
  assert.equal(planQuery('upgrade to 3.2 with incons').versionIntent, true);
  assert.equal(planQuery('how do I upgrade orrery').versionIntent, true);
  assert.equal(planQuery('how do I migrate from 2.21 to 3.0').versionIntent, true);
  assert.equal(planQuery('incons').versionIntent, false);
  assert.equal(planQuery('database migrations').versionIntent, false);
  assert.equal(planQuery('serve ui under subpath').versionIntent, false);
});

/** A page whose matched words are at the given word locations, as Pagefind's data() returns it. */
function page(content: string, matched: readonly string[], meta: Record<string, string> = {}): PagefindFragment {
  const words = splitWords(content);
  const locations = words.flatMap((w, i) => (matched.includes(w.toLowerCase().replace(/\W+$/, '')) ? [i] : []));
  return {
    url: '/orrery/x/',
    content,
    word_count: words.length,
    meta: {title: 'X', ...meta},
    anchors: [],
    locations,
    weighted_locations: locations.map((location) => ({location, weight: 1, balanced_score: 1})),
    sub_results: [],
  };
}

test('stemming: "why …" queries keep the page Pagefind ranked first (it searches "why" as "whi")', () => {
  assert.ok(termForms('why').includes('whi'));
  assert.ok(termForms('policy').includes('polici'));
  // Pagefind matched "which" and "while" for "why", plus the other words.
  const best = page('Which plans need initial conditions while the simulation runs', [
    'which',
    'while',
    'plans',
    'need',
    'initial',
    'conditions',
  ]);
  assert.equal(pageMatchesAllTerms(best, ['why', 'plans', 'need', 'initial', 'conditions']), true);
  const panel = page('The Simulation panel shows Out of date which means', [
    'which',
    'simulation',
    'panel',
    'out',
    'date',
  ]);
  assert.equal(pageMatchesAllTerms(panel, ['why', 'simulation', 'panel', 'out', 'date']), true);
  // A word with no real match still means no results (Pagefind's prefix fallback).
  assert.equal(pageMatchesAllTerms(page('Anchors xylem', ['xylem']), ['xylophone']), false);
});

test('a term found only in the synonym keywords counts as found', () => {
  const sso = page('Single sign-on with OIDC', ['single'], {keywords: 'sso single sign on'});
  assert.equal(pageMatchesAllTerms(sso, ['sso']), true);
  assert.equal(pageMatchesAllTerms(page('Single sign-on', ['single']), ['sso']), false);
});

const rp = (title: string, section: string, headings: string[] = [], hits = 1): ReorderPage => ({
  title,
  section,
  headings,
  hits,
});

test('the title counts more than the body: "Anchors" before "Anchors with the API"', () => {
  assert.ok(
    titleEvidence(rp('Anchors', 'Planning'), ['anchors']) >
      titleEvidence(rp('Anchors with the API', 'API'), ['anchors']),
  );
  const order = reorderPages(
    [rp('Anchors with the API', 'API'), rp('Anchors', 'Planning'), rp('Timeline editing', 'Planning')],
    ['anchors'],
  );
  assert.deepEqual(order, [1, 2, 0]);
  // Title synonyms: "sso" is in the title of "Single sign-on with OIDC or SAML".
  const sso = {...rp('Single sign-on with OIDC or SAML', 'Deployment'), titleSynonyms: 'sso'};
  assert.deepEqual(reorderPages([rp('Permissions', 'Deployment'), sso], ['sso']), [1, 0]);
});

test('the first pages group by section as the modal draws them, hidden overflow last', () => {
  const pages = [rp('A', 'S1', [], 4), rp('B', 'S2', [], 4), rp('C', 'S1', [], 4), rp('D', 'S1', [], 4)];
  assert.deepEqual(reorderPages(pages, ['zzz']), [0, 2, 3, 1]);
  // Eight hits per section: D's hits do not fit under S1, so the modal never shows D.
  assert.deepEqual(reorderPages(pages, ['zzz'], 8), [0, 2, 1, 3]);
});

test('index time: synonyms, page kinds and the hint element', () => {
  const groups = parseSynonyms('groups:\n  - [sso, single sign-on]\n  - [incons, initial conditions] # comment\n');
  assert.deepEqual(groups, [
    ['sso', 'single sign-on'],
    ['incons', 'initial conditions'],
  ]);
  assert.deepEqual(synonymsFor('Connect with Single Sign-On.', groups), ['sso']);
  assert.deepEqual(synonymsFor('the ssop tool', groups), []);
  assert.equal(pageKind('upgrade-guides/3-1-0-to-3-2-0/index.html'), 'upgrade');
  assert.equal(pageKind('overview/design/arch-decision-records/0002-postgresql/index.html'), 'decision-record');
  assert.equal(pageKind('overview/design/arch-decision-records/index.html'), 'guide');
  const html = addSearchHints(
    '<div data-pagefind-body=""><h1>Initial conditions</h1><p>Text</p></div>',
    'planning/advanced-incons/index.html',
    groups,
  );
  assert.match(
    html,
    /<div data-pagefind-body=""><span data-pagefind-meta="keywords:incons, title_synonyms:incons"><\/span><h1>/,
  );
  // Only the demoted kinds are filter values (the client asks for nothing else).
  assert.match(
    addSearchHints(
      '<main data-pagefind-body><h1>3.1 to 3.2</h1></main>',
      'upgrade-guides/3-1-0-to-3-2-0/index.html',
      groups,
    ),
    /^<main data-pagefind-body><span data-pagefind-filter="page_kind:upgrade"><\/span><h1>/,
  );
  const plain = '<main data-pagefind-body><h1>Anchors</h1><p>Offsets</p></main>';
  assert.equal(addSearchHints(plain, 'planning/anchors/index.html', groups), plain);
});

test("index time: the pages' docsearch:language, which must be one for the whole index", () => {
  assert.equal(docsearchLanguage('<meta data-rh=true name=docsearch:language content=en />'), 'en');
  assert.equal(docsearchLanguage('<meta content="fr" name="docsearch:language">'), 'fr');
  assert.equal(docsearchLanguage('<meta name="docsearch:docusaurus_tag" content="default">'), null);
  assert.equal(docsearchMeta('<meta name="docsearch:docusaurus_tag" content="default">', 'docusaurus_tag'), 'default');
  assert.equal(
    otherLanguages(
      new Map([
        ['a/index.html', 'en'],
        ['b/index.html', 'en'],
      ]),
    ),
    null,
  );
  assert.deepEqual(
    otherLanguages(
      new Map<string, string | null>([
        ['a/index.html', 'en'],
        ['b/index.html', 'fr'],
        ['c/index.html', null],
      ]),
    ),
    {first: 'en', others: ['b/index.html (fr)', 'c/index.html (none)']},
  );
  assert.deepEqual(otherLanguages(new Map([['a/index.html', null]])), {first: null, others: ['a/index.html (none)']});
});

test('index time: the docsearch meta tags become filters, the current docs tag none', () => {
  const head = (tag: string) =>
    `<meta name="docsearch:language" content="en"><meta name="docsearch:docusaurus_tag" content="${tag}">`;
  assert.equal(
    markFilterMetas(head('docs-default-3.4.0')),
    '<meta data-pagefind-filter="language[content]" name="docsearch:language" content="en">' +
      '<meta data-pagefind-filter="docusaurus_tag[content]" name="docsearch:docusaurus_tag" content="docs-default-3.4.0">' +
      '<meta data-pagefind-filter="docusaurus_tag:*">',
  );
  assert.equal(
    markFilterMetas(head(COMMON_TAG)),
    `<meta data-pagefind-filter="language[content]" name="docsearch:language" content="en"><meta name="docsearch:docusaurus_tag" content="${COMMON_TAG}">`,
  );
});

test('index time: Pagefind gets the head and the indexed element onwards, not the navbar and sidebar', () => {
  const head = '<!doctype html><html lang="en"><head><meta name="docsearch:language" content="en"></head>';
  const page = `${head}<body><nav>Navbar</nav><aside><ul><li>Sidebar</ul></aside><main><article><div data-pagefind-body="" data-pagefind-meta="lvl0[data-search-section]"><h1>Anchors</h1></div></article><footer>Foot</footer></main></body></html>`;
  assert.equal(
    indexedPart(page),
    `${head.replace('</head>', '')}</head><body><div data-pagefind-body="" data-pagefind-meta="lvl0[data-search-section]"><h1>Anchors</h1></div></article><footer>Foot</footer></main></body></html>`,
  );
  // A page without the indexed element, or an odd one, is handed over whole.
  const plain = `${head}<body><h1>Home</h1></body></html>`;
  assert.equal(indexedPart(plain), plain);
  assert.equal(indexedPart('<div data-pagefind-body></div>'), '<div data-pagefind-body></div>');
});

test('normalizeWord: plain ASCII words take a short path to the same result as the full one', () => {
  const full = (word: string) =>
    word
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  for (const word of [
    'Anchor',
    'SOLAR_ARRAY',
    'PT20M',
    'v1',
    'x',
    '',
    'Déjà',
    '(umbra),',
    'ﬁle',
    'İstanbul',
    '"GNC"',
    'a-b',
  ])
    assert.equal(normalizeWord(word), full(word), word);
  assert.equal(normalizeWord('Umbra'), 'umbra');
  assert.equal(normalizeWord('(Umbra).'), 'umbra');
  assert.equal(normalizeWord('Café'), 'cafe');
});
