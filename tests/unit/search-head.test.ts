/**
 * Precomputed answers of the commonest one-word queries
 * (src/plugins/search-pagefind/head.mjs and client/head.ts): which queries
 * are taken, which requests they answer, and what the modal's client does
 * when they are there, missing or broken. That the stored answers equal a
 * fresh client's is checked on a real build in search-relevance.test.ts.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {gzipSync} from 'node:zlib';
import {readFileSync} from 'node:fs';
import {contentFiles} from '../../src/config/build.ts';
import {
  createHeadLookup,
  decodeHeadKeys,
  encodeHeadKeys,
  headAnswerName,
  headContextKey,
  headQueryKey,
  headVariant,
  resolveHeadHits,
  storeHeadHits,
  HEAD_ORIGIN,
  HEAD_VERSION,
  type HeadAnswerFile,
  type HeadManifest,
} from '../../src/plugins/search-pagefind/client/head.ts';
import {createEmbeddedSearchClient} from '../../src/plugins/search-pagefind/client/client.ts';
import type {DocSearchHit, PagefindApi} from '../../src/plugins/search-pagefind/client/types.ts';
import {
  collectTypedWords,
  headKeys,
  latestVersion,
  unpacked,
  prefixWeights,
  stemWord,
  snowballStem,
  searchContexts,
  HEAD_REQUEST,
  docSearchRequest,
} from '../../src/plugins/search-pagefind/head.mjs';

/** What the modal sends from a page of the current docs (contextual search). */
const CURRENT = [
  'language:en',
  ['default', 'docs-default-current', 'docs-api-current', 'docs-upgrade-guides-current'].map(
    (tag) => `docusaurus_tag:${tag}`,
  ),
];
const MODAL = docSearchRequest(10);

test('a query key is its one informative word; phrases and several words have none', () => {
  assert.equal(headQueryKey('anchor'), 'anchor');
  assert.equal(headQueryKey('  Anchor '), 'anchor');
  assert.equal(headQueryKey('the anchor'), 'anchor');
  assert.equal(headQueryKey('how do I anchor'), 'anchor');
  assert.equal(headQueryKey('upgrade'), '!upgrade');
  assert.equal(headQueryKey('"anchor"'), null);
  assert.equal(headQueryKey('anchor plan'), null);
});

test('the search context does not depend on the order of the facet filters', () => {
  const reordered = [[...(CURRENT[1] as string[])].reverse(), 'language:en'];
  assert.equal(headContextKey(reordered, 'en'), headContextKey(CURRENT, 'en'));
  const older = ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-3.4.0']];
  assert.notEqual(headContextKey(older, 'en'), headContextKey(CURRENT, 'en'));
});

test('only the modal usual request gets a precomputed answer', () => {
  const shape = HEAD_REQUEST;
  assert.equal(headVariant(MODAL, shape, 10), '10');
  assert.equal(headVariant(MODAL, shape, 5), '5');
  assert.equal(headVariant(MODAL, shape, 7), null);
  assert.equal(headVariant({...MODAL, page: 1}, shape, 10), null);
  assert.equal(headVariant({...MODAL, hitsPerPage: 10}, shape, 10), null);
  assert.equal(headVariant({...MODAL, facets: ['*']}, shape, 10), null);
  assert.equal(headVariant({...MODAL, highlightPreTag: '<em>'}, shape, 10), null);
  assert.equal(headVariant({...MODAL, snippetEllipsisText: '...'}, shape, 10), null);
});

test('the manifest front-codes its keys, in their order, and reads them back', () => {
  const keys = ['s', 'si', 'sim', 'simul', 'simulation', 'simulations', '2', '2026', '!anchor', 'sim2'];
  const encoded = encodeHeadKeys(keys);
  assert.equal(encoded.split(',').slice(0, 5).join(','), '0s,1i,2m,3ul,5ation');
  assert.deepEqual(decodeHeadKeys(encoded), keys);
  assert.deepEqual(decodeHeadKeys(encodeHeadKeys([])), []);
  // A shared start longer than one base-36 digit can name is cut to 35 letters.
  const long = ['a'.repeat(40), `${'a'.repeat(40)}b`];
  assert.deepEqual(decodeHeadKeys(encodeHeadKeys(long)), long);
  assert.throws(() => encodeHeadKeys(['a,b']), /cannot be "a,b"/);
  // Sorted keys are what the indexer writes: shorter than the JSON list they replace.
  const sorted = ['a', 'an', 'anc', 'anch', 'ancho', 'anchor', 'anchored', 'b', 'be', 'bet', 'beta'];
  assert.ok(encodeHeadKeys(sorted).length < JSON.stringify(sorted).length / 2);
});

test('every prefix weighs the entries of the words it starts', () => {
  const weights = prefixWeights([
    {word: 'anchor', size: 100},
    {word: 'anchored', size: 50},
    {word: 'and', size: 10},
  ]);
  assert.equal(weights.get('a'), 160);
  assert.equal(weights.get('an'), 160);
  assert.equal(weights.get('anc'), 150);
  assert.equal(weights.get('anchor'), 150);
  assert.equal(weights.get('anchore'), 50);
  assert.equal(weights.get('and'), 10);
});

test('the heaviest prefixes are taken, with every prefix of a taken word, up to the limit', () => {
  const weights = prefixWeights([
    {word: 'anchor', size: 100},
    {word: 'anchored', size: 50},
    {word: 'and', size: 10},
    {word: 'beta', size: 120},
  ]);
  const keyOf = (q: string) => headQueryKey(q);
  // Without stemming, each prefix costs what it weighs.
  const stem = (w: string) => w;
  const taken = headKeys(weights, keyOf, {minBytes: 120, max: 100, stem}).map((k) => k.key);
  assert.deepEqual(taken, ['a', 'an', 'anc', 'anch', 'ancho', 'anchor', 'b', 'be', 'bet', 'beta']);
  assert.deepEqual(
    headKeys(weights, keyOf, {minBytes: 120, max: 3, stem}).map((k) => k.key),
    ['a', 'an', 'anc'],
  );
  // A prefix whose query plan is another word (or none) is not taken.
  assert.deepEqual(
    headKeys(weights, (q: string) => (q === 'an' ? null : keyOf(q)), {minBytes: 150, max: 100, stem}).map((k) => k.key),
    ['a', 'anc', 'anch', 'ancho', 'anchor'],
  );
});

test("stemWord gives the stems of Snowball's own port for every word of the content and every prefix of each", () => {
  // What the answers' keys stem: every prefix of every indexed word, and the words readers type.
  const words = new Set<string>();
  for (const file of contentFiles(process.cwd())) {
    for (const m of readFileSync(file, 'utf8').matchAll(/[\p{L}\p{N}_'-]+/gu)) {
      const word = m[0].toLowerCase();
      for (let end = 1; end <= word.length; end += 1) words.add(word.slice(0, end));
    }
  }
  // Words the English algorithm treats specially (its exceptions and prefix rules) and non-ASCII ones.
  for (const w of [
    'skies',
    'dying',
    'lying',
    'tying',
    'idly',
    'gently',
    'ugly',
    'early',
    'only',
    'singly',
    'news',
    'generously',
    'communism',
    'arsenal',
    'café',
    'naïve',
    'größe',
    "orrery's",
    "'tis",
    "plans'",
    'x-ray',
    'dry_run',
  ]) {
    words.add(w);
  }
  assert.ok(words.size > 10_000, `only ${words.size} words`);
  const differ = [...words].filter((w) => stemWord(w) !== snowballStem(w));
  assert.deepEqual(
    differ.slice(0, 10).map((w) => [w, stemWord(w), snowballStem(w)]),
    [],
  );
});

test('a query costs what its stem weighs, so typed words whose stem is heavy are taken too', () => {
  // Pagefind's index holds stems: "simulation", "simulations" and "simulated" are all "simul".
  assert.equal(stemWord('simulations'), 'simul');
  assert.equal(stemWord('anchored'), 'anchor');
  assert.equal(stemWord('snapshot'), 'snapshot');
  const weights = prefixWeights([
    {word: 'simul', size: 200},
    {word: 'simulink', size: 5},
    {word: 'snapshot', size: 90},
  ]);
  const keyOf = (q: string) => headQueryKey(q);
  const typed = ['simulation', 'simulated', 'simulink', 'snapshots', 'orbit'];
  const taken = headKeys(weights, keyOf, {minBytes: 150, max: 100, typed}).map((k) => k.key);
  // "simulation" and "simulated" weigh 200 (their stem's entries) though no index word starts with
  // them; "simulink" is its own stem (5 bytes); "snapshots" and "orbit" stay light.
  assert.deepEqual(taken, ['s', 'si', 'sim', 'simu', 'simul', 'simulated', 'simulation']);
  // Without the typed words, only the prefixes.
  assert.deepEqual(
    headKeys(weights, keyOf, {minBytes: 150, max: 100}).map((k) => k.key),
    ['s', 'si', 'sim', 'simu', 'simul'],
  );
});

test("the typed words are a page's text: words of 4 to 30 letters, lower case, not its tags", () => {
  const words = collectTypedWords(
    '<h2 id="battery-state">Battery <code class="language-java">SoC</code></h2><p>Simulations run; é café x1y2 ok.</p>',
    new Set<string>(),
  );
  assert.deepEqual([...words].sort(), ['battery', 'café', 'simulations']);
});

test('the search contexts are the latest versions, then each other version of a docs plugin', () => {
  const contexts = searchContexts(
    ['default', 'docs-default-current', 'docs-default-3.4.0', 'docs-api-current', 'docs-upgrade-guides-current'],
    'en',
  );
  assert.deepEqual(contexts, [
    [
      'language:en',
      [
        'docusaurus_tag:default',
        'docusaurus_tag:docs-api-current',
        'docusaurus_tag:docs-default-current',
        'docusaurus_tag:docs-upgrade-guides-current',
      ],
    ],
    [
      'language:en',
      [
        'docusaurus_tag:default',
        'docusaurus_tag:docs-api-current',
        'docusaurus_tag:docs-default-3.4.0',
        'docusaurus_tag:docs-upgrade-guides-current',
      ],
    ],
  ]);
  // What the modal sends from a current page (in its own order) is the first context.
  assert.equal(headContextKey(contexts[0], 'en'), headContextKey(CURRENT, 'en'));
});

test('without a current version, the latest is the highest version name, compared by its numbers', () => {
  assert.equal(latestVersion(['3.4.0', 'current', '3.10.0']), 'current');
  assert.equal(latestVersion(['3.4.0', '3.10.0', '3.9.2']), '3.10.0');
  assert.equal(latestVersion(['1.0.0', '10.0.0', '9.12.1']), '10.0.0');
  const [first] = searchContexts(['default', 'docs-default-3.4.0', 'docs-default-3.10.0'], 'en');
  assert.deepEqual(first, ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-3.10.0']]);
});

function hit(path: string): DocSearchHit {
  const url = `${HEAD_ORIGIN}${path}`;
  return {
    objectID: `/${path}`,
    url,
    url_without_anchor: url.replace(/#.*/, ''),
    anchor: null,
    type: 'lvl1',
    content: null,
    hierarchy: {lvl0: 'Docs', lvl1: path, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null},
    _highlightResult: {hierarchy: {}},
    _snippetResult: {hierarchy: {}},
  };
}

test('hit URLs are stored relative to the base URL and read back on this site', () => {
  const stored = storeHeadHits([hit('planning/anchors/#x')]);
  assert.equal(stored[0]?.url, 'planning/anchors/#x');
  assert.equal(stored[0]?.url_without_anchor, 'planning/anchors/');
  const read = resolveHeadHits(stored, 'https://docs.example/mission/');
  assert.equal(read[0]?.url, 'https://docs.example/mission/planning/anchors/#x');
  assert.equal(read[0]?.url_without_anchor, 'https://docs.example/mission/planning/anchors/');
});

/** A fake site: the manifest and answer files by URL; `broken` URLs fail. */
function fakeSite(keys: string[], broken: Set<string> = new Set()) {
  const contexts = [headContextKey(CURRENT, 'en')];
  const manifest: HeadManifest = {
    version: HEAD_VERSION,
    dir: 'abc123',
    request: HEAD_REQUEST,
    contexts,
    keys: encodeHeadKeys(keys),
  };
  const files = new Map<string, unknown>([['/i/head.json', manifest]]);
  keys.forEach((key, i) => {
    const file: HeadAnswerFile = {
      '10': {hits: storeHeadHits([hit(`${key}/`)]), nbHits: 7},
      '5': {hits: storeHeadHits([hit(`${key}/short/`)]), nbHits: 7},
    };
    files.set(`/i/head/abc123/${headAnswerName(i, 0, 1)}`, file);
  });
  const fetched: string[] = [];
  const fetchJson = async (url: string) => {
    fetched.push(url);
    if (broken.has(url) || !files.has(url)) throw new Error(`HTTP 404 ${url}`);
    return files.get(url);
  };
  return {fetchJson, fetched};
}

function neverPagefind(): {load: () => Promise<PagefindApi>; loads: () => number} {
  let loads = 0;
  return {
    load: async () => {
      loads += 1;
      throw new Error('Pagefind is not there');
    },
    loads: () => loads,
  };
}

/** An embedded client with precomputed answers from `fetchJson` and a Pagefind that never loads. */
function clientWith(
  shape: 'sections' | 'pages',
  fetchJson: (url: string) => Promise<unknown>,
  siteRoot = 'https://docs.example/',
) {
  const pagefind = neverPagefind();
  const client = createEmbeddedSearchClient({
    shape,
    load: pagefind.load,
    origin: () => 'https://docs.example',
    language: 'en',
    head: createHeadLookup('/i/', () => siteRoot, 'en', fetchJson),
  });
  return {client, loads: pagefind.loads};
}

test('the modal client answers a precomputed query without loading Pagefind', async () => {
  const site = fakeSite(['anchor', 'plan']);
  const {client, loads} = clientWith('sections', site.fetchJson, 'https://docs.example/mission/');
  const {results} = await client.search({requests: [{...MODAL, query: 'Plan', facetFilters: CURRENT}]});
  assert.equal(loads(), 0);
  assert.equal(results[0]?.nbHits, 7);
  assert.equal(results[0]?.nbPages, 1);
  assert.equal(results[0]?.query, 'Plan');
  assert.equal(results[0]?.hits[0]?.url, 'https://docs.example/mission/plan/');
  const small = await client.search({
    requests: [
      {...MODAL, attributesToSnippet: ['hierarchy.lvl1:5', 'content:5'], query: 'anchor', facetFilters: CURRENT},
    ],
  });
  assert.equal(small.results[0]?.hits[0]?.url, 'https://docs.example/mission/anchor/short/');
  assert.deepEqual(site.fetched, ['/i/head.json', '/i/head/abc123/1.json', '/i/head/abc123/0.json']);
});

test('any other query, context or request goes to Pagefind', async () => {
  const site = fakeSite(['anchor']);
  const requests = [
    {...MODAL, query: 'anchors', facetFilters: CURRENT},
    {...MODAL, query: 'anchor', facetFilters: ['language:en', ['docusaurus_tag:docs-default-3.4.0']]},
    {...MODAL, query: 'anchor', facetFilters: CURRENT, page: 1},
    {...MODAL, query: '"anchor"', facetFilters: CURRENT},
  ];
  for (const request of requests) {
    const {client, loads} = clientWith('sections', site.fetchJson);
    await assert.rejects(client.search({requests: [request]}), {name: 'RetryError'}, JSON.stringify(request));
    assert.equal(loads(), 1, JSON.stringify(request));
  }
});

test('a missing manifest or answer file sends the query to Pagefind, and a failed answer is tried again', async () => {
  const request = {...MODAL, query: 'anchor', facetFilters: CURRENT};
  const noManifest = fakeSite(['anchor'], new Set(['/i/head.json']));
  const {client, loads} = clientWith('sections', noManifest.fetchJson);
  await assert.rejects(client.search({requests: [request]}), {name: 'RetryError'});
  assert.equal(loads(), 1);

  const broken = new Set(['/i/head/abc123/0.json']);
  const noAnswer = fakeSite(['anchor'], broken);
  const lookup = createHeadLookup('/i/', () => 'https://docs.example/', 'en', noAnswer.fetchJson);
  assert.equal(await lookup.answer(request, 'anchor', 10), undefined);
  broken.clear();
  assert.equal((await lookup.answer(request, 'anchor', 10))?.nbHits, 7);
  assert.equal(noAnswer.fetched.filter((u) => u.endsWith('/0.json')).length, 2);

  // A manifest of another layout is no manifest.
  const lookupOld = createHeadLookup(
    '/i/',
    () => '',
    'en',
    async () => ({version: 0, keys: ['anchor']}),
  );
  assert.equal(await lookupOld.answer(request, 'anchor', 10), undefined);
});

test('warming the modal client loads the manifest once and nothing else; the first query reuses it', async () => {
  const site = fakeSite(['anchor']);
  const {client, loads} = clientWith('sections', site.fetchJson);
  client.warm();
  client.warm();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(site.fetched, ['/i/head.json']);
  assert.equal(loads(), 0);
  const {results} = await client.search({requests: [{...MODAL, query: 'anchor', facetFilters: CURRENT}]});
  assert.equal(results[0]?.nbHits, 7);
  assert.deepEqual(site.fetched, ['/i/head.json', '/i/head/abc123/0.json']);
  // The search page's client has no answers to warm.
  const page = fakeSite(['anchor']);
  clientWith('pages', page.fetchJson).client.warm();
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(page.fetched, []);
});

test('the search page never uses precomputed answers', async () => {
  const site = fakeSite(['anchor']);
  const {client, loads} = clientWith('pages', site.fetchJson);
  await assert.rejects(client.search({requests: [{query: 'anchor', facetFilters: CURRENT}]}), {name: 'RetryError'});
  assert.equal(loads(), 1);
  assert.deepEqual(site.fetched, []);
});

test('pagefind.js in Node gets Pagefind files inflated, anything else as it is', () => {
  const raw = Buffer.concat([Buffer.from('pagefind_dcd'), Buffer.from([0x82, 0x01, 0x02])]);
  assert.ok(unpacked(gzipSync(raw)).equals(raw));
  const other = gzipSync(Buffer.from('{"version":"1.6.0"}'));
  assert.ok(unpacked(other).equals(other));
  const plain = Buffer.from('export const x = 1;');
  assert.ok(unpacked(plain).equals(plain));
  const broken = Buffer.from([0x1f, 0x8b, 0x00]);
  assert.ok(unpacked(broken).equals(broken));
});
