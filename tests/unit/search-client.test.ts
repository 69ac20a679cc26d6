import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  createEmbeddedSearchClient,
  exclusive,
  normalizeRequests,
  snippetWordsOf,
  SearchUnavailableError,
} from '../../src/plugins/search-pagefind/client/client.ts';
import {
  COMMON_TAG,
  parseFacetFilter,
  TAGGED,
  toAlgoliaFacets,
  toPagefindFilters,
} from '../../src/plugins/search-pagefind/client/filters.ts';
import {
  COMMON_TAG as INDEXED_COMMON_TAG,
  TAGGED as INDEXED_TAGGED,
} from '../../src/plugins/search-pagefind/indexer.mjs';
import {
  DEFAULT_HIT_OPTIONS,
  excerptStart,
  fragmentToHits,
  fragmentToPageHit,
  headingChain,
  pageMatchesAllTerms,
  queryTerms,
  splitWords,
  type HitOptions,
} from '../../src/plugins/search-pagefind/client/hits.ts';
import {escapeHtml, stripHighlight} from '../../src/plugins/search-pagefind/client/html.ts';
import {navbarLabelFor, searchSection} from '../../src/plugins/search-pagefind/client/sections.ts';
import type {
  DocSearchHit,
  PagefindAnchor,
  PagefindApi,
  PagefindFragment,
  PagefindResponse,
  PagefindSubResult,
} from '../../src/plugins/search-pagefind/client/types.ts';

// ---------------------------------------------------------------------------
// A fake page as Pagefind 1.6 returns it from result.data(): the text with
// Pagefind's block periods, heading anchors at word locations, the matched
// word locations, and sub-results computed the way pagefind.js does.
// ---------------------------------------------------------------------------

interface Block {
  heading?: {level: number; id: string; text: string};
  text: string;
}

function fakePage(
  url: string,
  title: string,
  blocks: Block[],
  query: string,
  meta: Record<string, string> = {},
): PagefindFragment {
  const parts: string[] = [`${title}.`];
  const anchors: PagefindAnchor[] = [];
  let count = splitWords(parts[0] ?? '').length;
  for (const block of blocks) {
    if (block.heading) {
      anchors.push({
        element: `h${block.heading.level}`,
        id: block.heading.id,
        text: block.heading.text,
        location: count,
      });
      parts.push(`${block.heading.text}.`);
      count += splitWords(block.heading.text).length;
    }
    parts.push(block.text);
    count += splitWords(block.text).length;
  }
  const content = parts.join(' ');
  const words = splitWords(content);
  const terms = queryTerms(query);
  const locations = words
    .map((w, i) => ({w: w.toLowerCase().replace(/[^a-z0-9]/g, ''), i}))
    .filter(({w}) => terms.some((t) => w.startsWith(t)))
    .map(({i}) => i);
  const weighted = locations.map((location) => ({location, weight: 1, balanced_score: 10}));
  const subs: PagefindSubResult[] = [];
  const bounds = [0, ...anchors.map((a) => a.location), words.length];
  for (let i = 0; i < bounds.length - 1; i += 1) {
    const from = bounds[i] ?? 0;
    const to = bounds[i + 1] ?? 0;
    const inside = weighted.filter((l) => l.location >= from && l.location < to);
    if (inside.length === 0) continue;
    const anchor = i === 0 ? undefined : anchors[i - 1];
    subs.push({
      title: anchor?.text ?? title,
      url: `/orrery${url}${anchor ? `#${anchor.id}` : ''}`,
      ...(anchor ? {anchor} : {}),
      locations: inside.map((l) => l.location),
      weighted_locations: inside,
      excerpt: 'not used',
    });
  }
  return {
    url: `/orrery${url}`,
    raw_url: url,
    content,
    word_count: words.length,
    meta: {title, ...meta},
    anchors,
    locations,
    weighted_locations: weighted,
    sub_results: subs,
  };
}

const anchorsPage = (query: string) =>
  fakePage(
    '/planning/anchors/',
    'Anchors',
    [
      {text: 'This page is for planners who chain <directives> & anchors together in a plan.'},
      {heading: {level: 2, id: 'what', text: 'What it does'}, text: 'Without an anchor a start is a fixed offset.'},
      {heading: {level: 2, id: 'graph', text: 'The anchor graph'}, text: 'Each directive has at most one parent.'},
      {heading: {level: 3, id: 'example', text: 'Worked <example>'}, text: 'A slew, then an image anchored to it.'},
      {heading: {level: 2, id: 'ui', text: 'In the UI'}, text: 'Nothing relevant here at all.'},
    ],
    query,
    {lvl0: 'Planning & Scheduling'},
  );

const options = (query: string, extra: Partial<HitOptions> = {}): HitOptions => ({
  ...DEFAULT_HIT_OPTIONS,
  origin: 'http://127.0.0.1:4173',
  terms: queryTerms(query),
  ...extra,
});

/** DocSearch's group key (DocSearchModal `getHitGroup`): lvl0 highlight without tags, else lvl0. */
const groupKey = (hit: DocSearchHit) =>
  hit._highlightResult.hierarchy.lvl0 ? stripHighlight(hit._highlightResult.hierarchy.lvl0.value) : hit.hierarchy.lvl0;

// ---------------------------------------------------------------------------
// Requests and filters
// ---------------------------------------------------------------------------

test('both search argument forms become flat requests', () => {
  assert.deepEqual(normalizeRequests({requests: [{indexName: 'i', query: 'a', hitsPerPage: 20}]}), [
    {indexName: 'i', query: 'a', hitsPerPage: 20},
  ]);
  assert.deepEqual(normalizeRequests([{indexName: 'i', params: {query: 'a', page: 2}}]), [
    {indexName: 'i', query: 'a', page: 2},
  ]);
  assert.deepEqual(normalizeRequests([{indexName: 'i', params: 'query=a%20b&hitsPerPage=0&facets=%5B%22x%22%5D'}]), [
    {indexName: 'i', query: 'a b', hitsPerPage: 0, facets: ['x']},
  ]);
  assert.equal(snippetWordsOf({attributesToSnippet: ['hierarchy.lvl1:5', 'content:5']}), 5);
  assert.equal(snippetWordsOf({}), undefined);
});

test("DocSearch's contextual facet filters become a Pagefind all/any filter", () => {
  assert.deepEqual(
    toPagefindFilters([
      'language:en',
      ['docusaurus_tag:default', 'docusaurus_tag:docs-default-3.4.0', 'docusaurus_tag:docs-api-current'],
    ]),
    {
      all: [
        {language: 'en'},
        {
          any: [
            {docusaurus_tag: 'default'},
            {docusaurus_tag: 'docs-default-3.4.0'},
            {docusaurus_tag: 'docs-api-current'},
          ],
        },
      ],
    },
  );
});

test("the search page helper's nested filters, negation, strings and nothing", () => {
  assert.deepEqual(toPagefindFilters([['language:en'], ['docusaurus_tag:default', 'docusaurus_tag:x']]), {
    all: [{language: 'en'}, {any: [{docusaurus_tag: 'default'}, {docusaurus_tag: 'x'}]}],
  });
  assert.deepEqual(toPagefindFilters('type:-content'), {not: {type: 'content'}});
  assert.deepEqual(toPagefindFilters(['type:\\-x']), {type: '-x'});
  assert.deepEqual(toPagefindFilters(['no-colon', []]), {});
  assert.deepEqual(toPagefindFilters(undefined), {});
  assert.deepEqual(parseFacetFilter('a:b:c'), {facet: 'a', value: 'b:c', negated: false});
});

test("a filter on the site's language, which every indexed page has, is left out; other languages stay filters", () => {
  const tags = ['docusaurus_tag:default', 'docusaurus_tag:docs-api-current'];
  const anyTag = {any: [{docusaurus_tag: 'default'}, {docusaurus_tag: 'docs-api-current'}]};
  // DocSearch's contextual filters and the search page helper's nested form.
  assert.deepEqual(toPagefindFilters(['language:en', tags], 'en'), anyTag);
  assert.deepEqual(toPagefindFilters([['language:en'], tags], 'en'), anyTag);
  assert.deepEqual(toPagefindFilters('language:en', 'en'), {});
  // An OR with the site's language in it holds for every page.
  assert.deepEqual(toPagefindFilters([['language:en', 'docusaurus_tag:x'], 'type:y'], 'en'), {type: 'y'});
  // Another language, a negation and a case that differs stay filters, which no page passes.
  assert.deepEqual(toPagefindFilters(['language:fr', tags], 'en'), {all: [{language: 'fr'}, anyTag]});
  assert.deepEqual(toPagefindFilters(['language:-en'], 'en'), {not: {language: 'en'}});
  assert.deepEqual(toPagefindFilters(['language:EN'], 'en'), {language: 'EN'});
  // Without the site's language, as before.
  assert.deepEqual(toPagefindFilters(['language:en'], undefined), {language: 'en'});
});

test("Pagefind's filter counts answer the facets asked for", () => {
  const counts = {docusaurus_tag: {default: 0, 'docs-api-current': 3}, language: {en: 3}};
  assert.deepEqual(toAlgoliaFacets(counts, 'docusaurus_tag', 3), {docusaurus_tag: {'docs-api-current': 3}});
  assert.deepEqual(toAlgoliaFacets(counts, ['*'], 3), {docusaurus_tag: {'docs-api-current': 3}, language: {en: 3}});
  assert.deepEqual(toAlgoliaFacets(undefined, ['language'], 3), {});
  // The site's language counts every hit, whether Pagefind fetched its page list or not.
  const tagsOnly = {docusaurus_tag: {'docs-api-current': 3}};
  assert.deepEqual(toAlgoliaFacets(tagsOnly, ['language'], 3, 'en'), {language: {en: 3}});
  assert.deepEqual(toAlgoliaFacets(tagsOnly, ['*'], 3, 'en'), {
    docusaurus_tag: {'docs-api-current': 3},
    language: {en: 3},
  });
  assert.deepEqual(toAlgoliaFacets(tagsOnly, ['language'], 0, 'en'), {language: {}});
});

test('the current docs carry no tag in the index: a test on their tag is a test on TAGGED', () => {
  // The indexer and the client agree on the names.
  assert.equal(COMMON_TAG, INDEXED_COMMON_TAG);
  assert.equal(TAGGED, INDEXED_TAGGED);
  const notTagged = {not: {docusaurus_tag: TAGGED}};
  // DocSearch's contextual search on a current page: the current docs are the pages without TAGGED.
  assert.deepEqual(
    toPagefindFilters(
      ['language:en', ['docusaurus_tag:default', `docusaurus_tag:${COMMON_TAG}`, 'docusaurus_tag:docs-api-current']],
      'en',
    ),
    {any: [{docusaurus_tag: 'default'}, notTagged, {docusaurus_tag: 'docs-api-current'}]},
  );
  assert.deepEqual(toPagefindFilters([`docusaurus_tag:${COMMON_TAG}`]), notTagged);
  assert.deepEqual(toPagefindFilters([`docusaurus_tag:-${COMMON_TAG}`]), {docusaurus_tag: TAGGED});
  // Any other version stays its own value.
  assert.deepEqual(toPagefindFilters(['docusaurus_tag:docs-default-3.4.0']), {docusaurus_tag: 'docs-default-3.4.0'});
  assert.deepEqual(toPagefindFilters([`other:${COMMON_TAG}`]), {other: COMMON_TAG});
  // Counts: the common tag has the hits without TAGGED, and TAGGED is no facet value.
  const counts = {docusaurus_tag: {[TAGGED]: 4, 'docs-default-3.4.0': 1, 'docs-api-current': 3}};
  assert.deepEqual(toAlgoliaFacets(counts, ['docusaurus_tag'], 10), {
    docusaurus_tag: {'docs-default-3.4.0': 1, 'docs-api-current': 3, [COMMON_TAG]: 6},
  });
  assert.deepEqual(toAlgoliaFacets({docusaurus_tag: {[TAGGED]: 4, default: 4}}, ['docusaurus_tag'], 4), {
    docusaurus_tag: {default: 4},
  });
});

// ---------------------------------------------------------------------------
// Hit shaping
// ---------------------------------------------------------------------------

test('a page gives its own lvl1 hit first, then its best sections, with absolute URLs', () => {
  const hits = fragmentToHits(anchorsPage('anchor'), options('anchor'));
  const [page, ...sections] = hits;
  assert.ok(page);
  assert.equal(page.type, 'lvl1');
  assert.equal(page.url, 'http://127.0.0.1:4173/orrery/planning/anchors/');
  assert.equal(page.url_without_anchor, page.url);
  assert.equal(page.anchor, null);
  assert.equal(page.objectID, '/planning/anchors/');
  assert.equal(page.hierarchy.lvl1, 'Anchors');
  // Every hit of the page shares lvl0 and lvl1, so DocSearch groups them and draws the tree.
  for (const hit of hits) {
    assert.equal(groupKey(hit), 'Planning & Scheduling');
    assert.equal(hit.hierarchy.lvl1, 'Anchors');
  }
  assert.ok(sections.length <= DEFAULT_HIT_OPTIONS.maxSectionsPerPage);
  // "The anchor graph" matches in its heading: a lvl2 hit, ranked before content matches.
  const graph = sections[0];
  assert.ok(graph);
  assert.equal(graph.type, 'lvl2');
  assert.equal(graph.url, 'http://127.0.0.1:4173/orrery/planning/anchors/#graph');
  assert.equal(graph.anchor, 'graph');
  assert.equal(graph.objectID, '/planning/anchors/#graph');
  assert.equal(graph._snippetResult.hierarchy.lvl2?.value, 'The <mark>anchor</mark> graph');
  // The section without any match ("In the UI") is not a hit.
  assert.ok(!hits.some((h) => h.anchor === 'ui'));
});

test('a match in the text under a heading is a content hit carrying the heading chain', () => {
  const hits = fragmentToHits(anchorsPage('image'), options('image'));
  const example = hits.find((h) => h.anchor === 'example');
  assert.ok(example);
  assert.equal(example.type, 'content');
  assert.equal(example.hierarchy.lvl2, 'The anchor graph');
  assert.equal(example.hierarchy.lvl3, 'Worked &lt;example&gt;');
  assert.equal(example.hierarchy.lvl4, null);
  // The snippet is the section text, without the heading words.
  assert.equal(example._snippetResult.content?.value, 'A slew, then an <mark>image</mark> anchored to it.');
  assert.equal(example.content, 'A slew, then an image anchored to it.');
  // Highlight keys: only the non-null levels, in order (the search page takes the last as title).
  assert.deepEqual(Object.keys(example._highlightResult.hierarchy), ['lvl0', 'lvl1', 'lvl2', 'lvl3']);
});

test('everything but the highlight tags is escaped; lvl0 stays plain text for DocSearch to render as text', () => {
  const hits = fragmentToHits(anchorsPage('directives'), options('directives'));
  const [page] = hits;
  assert.ok(page);
  const snippet = page._snippetResult.content?.value ?? '';
  assert.match(snippet, /&lt;<mark>directives<\/mark>&gt; &amp; anchors/);
  assert.doesNotMatch(snippet.replace(/<\/?mark>/g, ''), /[<>]/);
  assert.doesNotMatch(page.content ?? '', /[<>]/);
  assert.equal(page.hierarchy.lvl0, 'Planning & Scheduling');
  assert.equal(page._highlightResult.hierarchy.lvl0?.value, 'Planning & Scheduling');
  for (const hit of fragmentToHits(anchorsPage('example'), options('example'))) {
    for (const level of ['lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const) {
      assert.doesNotMatch(hit.hierarchy[level] ?? '', /[<>]/);
      assert.doesNotMatch((hit._highlightResult.hierarchy[level]?.value ?? '').replace(/<\/?mark>/g, ''), /[<>]/);
    }
  }
});

test('a query holding HTML is matched as words and never echoed as markup', () => {
  assert.deepEqual(queryTerms('<img src=x onerror=alert(1)>'), ['img', 'src=x', 'onerror=alert(1']);
  const hits = fragmentToHits(anchorsPage('<b>anchor</b>'), options('<b>anchor</b>'));
  for (const hit of hits) {
    const html = JSON.stringify([hit._highlightResult, hit._snippetResult]);
    assert.doesNotMatch(html, /<b>|<img/);
  }
});

test('snippets honour the requested word count and mark ellipses', () => {
  const hits = fragmentToHits(anchorsPage('planners'), options('planners', {snippetWords: 5}));
  const value = hits[0]?._snippetResult.content?.value ?? '';
  assert.equal(
    value
      .replace(/<\/?mark>/g, '')
      .replace(/ …$/, '')
      .split(' ').length,
    5,
  );
  assert.match(value, /<mark>planners<\/mark>/);
  assert.match(value, / …$/);
  assert.equal(excerptStart([], 5), 0);
  // The window holding the match, centred on it.
  assert.equal(excerptStart([{location: 20, weight: 1, balanced_score: 1}], 5), 18);
});

test('the heading chain follows heading levels', () => {
  const page = anchorsPage('x');
  const chain = headingChain(page.anchors, page.anchors[2]?.location ?? 0);
  assert.deepEqual(
    [...chain.entries()].map(([level, a]) => [level, a.id]),
    [
      [2, 'graph'],
      [3, 'example'],
    ],
  );
  const later = headingChain(page.anchors, page.anchors[3]?.location ?? 0);
  assert.deepEqual([...later.keys()], [2]);
});

test('the search page gets one hit per page: its best part, a heading match first', () => {
  const hit = fragmentToPageHit(anchorsPage('graph'), options('graph'));
  assert.equal(hit.type, 'lvl2');
  assert.equal(hit.anchor, 'graph');
  const keys = Object.keys(hit._highlightResult.hierarchy);
  assert.equal(keys[keys.length - 1], 'lvl2');
});

test('sections: top-level sidebar category for the guides, navbar label elsewhere', () => {
  const items = [
    {type: 'docSidebar', label: 'Docs'},
    {type: 'docSidebar', docsPluginId: 'api', label: 'API'},
    {type: 'dropdown', items: [{type: 'doc', docsPluginId: 'upgrade-guides', label: 'Upgrade Guides'}]},
  ];
  assert.equal(navbarLabelFor(items, 'default'), 'Docs');
  assert.equal(navbarLabelFor(items, 'upgrade-guides'), 'Upgrade Guides');
  assert.equal(
    searchSection({pluginId: 'default', breadcrumbs: ['Planning', 'Anchors'], navbarLabel: 'Docs'}),
    'Planning',
  );
  assert.equal(searchSection({pluginId: 'default', breadcrumbs: ['Glossary'], navbarLabel: 'Docs'}), 'Docs');
  assert.equal(searchSection({pluginId: 'api', breadcrumbs: ['Examples', 'Tags'], navbarLabel: 'API'}), 'API');
  assert.equal(searchSection({pluginId: 'x', breadcrumbs: []}), 'Documentation');
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});

/** A page where Pagefind matched the given words (as its locations). */
function pageWithMatches(content: string, matchedWords: string[]): PagefindFragment {
  const words = splitWords(content);
  const locations = words.map((w, i) => (matchedWords.includes(w) ? i : -1)).filter((i) => i >= 0);
  return {
    url: '/orrery/x/',
    content,
    word_count: words.length,
    meta: {title: 'X'},
    anchors: [],
    locations,
    weighted_locations: locations.map((location) => ({location, weight: 1, balanced_score: 1})),
    sub_results: [],
  };
}

test("Pagefind's prefix fallback for unknown words is not a result; stems and word parts are", () => {
  const page = pageWithMatches('X. Q is a quaternion, HAL-FR-012: requires startOffset', [
    'Q',
    'HAL-FR-012:',
    'requires',
  ]);
  assert.equal(pageMatchesAllTerms(page, queryTerms('qqzzyxv')), false);
  assert.equal(pageMatchesAllTerms(page, queryTerms('frobnicate')), false);
  assert.equal(pageMatchesAllTerms(page, queryTerms('q')), true);
  assert.equal(pageMatchesAllTerms(page, queryTerms('fr')), true);
  assert.equal(pageMatchesAllTerms(page, queryTerms('requirements')), true);
  assert.equal(pageMatchesAllTerms(page, queryTerms('requirements frobnicate')), false);
  const camel = pageWithMatches('set startOffset here', ['startOffset']);
  assert.equal(pageMatchesAllTerms(camel, queryTerms('offset')), true);
  assert.equal(pageMatchesAllTerms(anchorsPage('anchor graph'), queryTerms('anchor graph')), true);
});

// ---------------------------------------------------------------------------
// The client, with a fake Pagefind
// ---------------------------------------------------------------------------

function fakePagefind(pages: (query: string) => PagefindFragment[]) {
  const calls: {term: string | null; filters: unknown}[] = [];
  const api: PagefindApi = {
    options: async () => undefined,
    init: async () => undefined,
    async search(term, opts) {
      calls.push({term, filters: opts?.filters});
      const found = pages(term ?? '');
      const response: PagefindResponse = {
        results: found.map((page, i) => ({id: String(i), score: 1 / (i + 1), words: [], data: async () => page})),
        filters: {docusaurus_tag: {'docs-api-current': found.length}},
      };
      return response;
    },
  };
  return {api, calls};
}

const manyPages = (query: string) =>
  Array.from({length: 12}, (_, i) =>
    fakePage(`/p${i}/`, `Page ${i}`, [{heading: {level: 2, id: 'a', text: 'Anchor use'}, text: 'anchor text'}], query, {
      lvl0: i % 2 ? 'Planning' : 'API',
    }),
  );

test("a client given the site's language queries Pagefind without the language filter and still counts the facet", async () => {
  const {api, calls} = fakePagefind(manyPages);
  const client = createEmbeddedSearchClient({
    shape: 'pages',
    load: async () => api,
    origin: () => 'http://h',
    language: 'en',
  });
  const {results} = await client.search([
    {
      indexName: 'orrery',
      params: {
        query: 'anchor',
        facets: ['language', 'docusaurus_tag'],
        facetFilters: [['language:en'], ['docusaurus_tag:default', 'docusaurus_tag:docs-api-current']],
      },
    },
  ]);
  const anyTag = {any: [{docusaurus_tag: 'default'}, {docusaurus_tag: 'docs-api-current'}]};
  assert.deepEqual(calls[0]?.filters, anyTag);
  // The demotion query adds the page kind to the same filter, and no query names the language.
  assert.ok(calls.length > 1);
  for (const call of calls) assert.doesNotMatch(JSON.stringify(call.filters), /language/);
  assert.deepEqual(results[0]?.facets, {language: {en: 12}, docusaurus_tag: {'docs-api-current': 12}});
});

test('modal requests: hits from the first pages, filters passed on, nbHits counts pages', async () => {
  const {api, calls} = fakePagefind(manyPages);
  const client = createEmbeddedSearchClient({shape: 'sections', load: async () => api, origin: () => 'http://h'});
  const {results} = await client.search({
    requests: [
      {
        indexName: 'orrery',
        query: 'anchor',
        hitsPerPage: 20,
        attributesToSnippet: ['content:10'],
        facetFilters: ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-api-current']],
      },
    ],
  });
  const [result] = results;
  assert.ok(result);
  assert.equal(result.nbHits, 12);
  assert.ok(result.hits.length <= 20);
  assert.equal(result.index, 'orrery');
  assert.deepEqual(calls[0], {
    term: 'anchor',
    filters: {
      all: [{language: 'en'}, {any: [{docusaurus_tag: 'default'}, {docusaurus_tag: 'docs-api-current'}]}],
    },
  });
  // Only the first 6 pages are expanded.
  assert.equal(new Set(result.hits.map((h) => h.url_without_anchor)).size, 6);
  assert.deepEqual([...new Set(result.hits.map(groupKey))], ['API', 'Planning']);
});

test('search page requests: one hit per page, paginated; facet-only requests; empty queries', async () => {
  const {api, calls} = fakePagefind(manyPages);
  const client = createEmbeddedSearchClient({shape: 'pages', load: async () => api, origin: () => 'http://h'});
  const {results} = await client.search([
    {indexName: 'orrery', params: {query: 'anchor', hitsPerPage: 5, page: 2}},
    {indexName: 'orrery', params: {query: 'anchor', hitsPerPage: 0, facets: 'docusaurus_tag'}},
    {indexName: 'orrery', params: {query: '   '}},
  ]);
  const [main, facets, empty] = results;
  assert.equal(main?.nbHits, 12);
  assert.equal(main?.nbPages, 3);
  assert.equal(main?.page, 2);
  assert.deepEqual(
    main?.hits.map((h) => h.url_without_anchor),
    ['http://h/orrery/p10/', 'http://h/orrery/p11/'],
  );
  assert.deepEqual(facets?.hits, []);
  assert.deepEqual(facets?.facets, {docusaurus_tag: {'docs-api-current': 12}});
  assert.equal(empty?.nbHits, 0);
  // Each query is searched twice (the second time for the upgrade guides and decision records it holds).
  assert.deepEqual(
    calls.map((c) => c.term),
    ['anchor', 'anchor', 'anchor', 'anchor'],
    'an empty query does not reach Pagefind',
  );
});

test('a query Pagefind only matched by prefix fallback has no results', async () => {
  const {api} = fakePagefind(() => [pageWithMatches('X. Q and Q again', ['Q'])]);
  for (const shape of ['sections', 'pages'] as const) {
    const client = createEmbeddedSearchClient({shape, load: async () => api, origin: () => 'http://h'});
    const {results} = await client.search({requests: [{query: 'qqzzyxv', hitsPerPage: 20}]});
    assert.equal(results[0]?.nbHits, 0);
    assert.deepEqual(results[0]?.hits, []);
  }
});

test('a missing or failing index is a RetryError, so DocSearch shows its error screen', async () => {
  const missing = createEmbeddedSearchClient({
    shape: 'sections',
    load: async () => {
      throw new SearchUnavailableError('missing', 'no index');
    },
    origin: () => 'http://h',
  });
  await assert.rejects(
    missing.search({requests: [{query: 'a'}]}),
    (err: unknown) =>
      err instanceof Error && err.name === 'RetryError' && (err as SearchUnavailableError).reason === 'missing',
  );
  const broken = createEmbeddedSearchClient({
    shape: 'sections',
    load: async () => ({
      options: async () => undefined,
      init: async () => undefined,
      search: async () => {
        throw new Error('wasm exploded');
      },
    }),
    origin: () => 'http://h',
  });
  await assert.rejects(broken.search({requests: [{query: 'a'}]}), {name: 'RetryError'});
  const odd = createEmbeddedSearchClient({
    shape: 'sections',
    load: async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    },
    origin: () => 'http://h',
  });
  await assert.rejects(odd.search({requests: [{query: 'a'}]}), {name: 'RetryError'});
});

test('searches on one Pagefind instance never overlap (Pagefind shares page data between them)', async () => {
  let running = 0;
  let most = 0;
  const api: PagefindApi = {
    options: async () => undefined,
    init: async () => undefined,
    async search() {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return {results: []};
    },
  };
  const modal = createEmbeddedSearchClient({shape: 'sections', load: async () => api, origin: () => 'http://h'});
  const pageClient = createEmbeddedSearchClient({shape: 'pages', load: async () => api, origin: () => 'http://h'});
  await Promise.all([
    modal.search({requests: [{query: 'a'}]}),
    modal.search({requests: [{query: 'an'}]}),
    pageClient.search([{indexName: 'i', params: {query: 'anc'}}]),
  ]);
  assert.equal(most, 1);
  // A failed task does not block the next one.
  const resource = {};
  await assert.rejects(exclusive(resource, async () => Promise.reject(new Error('x'))));
  assert.equal(await exclusive(resource, async () => 42), 42);
});
