/**
 * The search indexer (src/plugins/search-pagefind/indexer.mjs) on a few pages
 * written here, and the modal's client (client/client.ts) querying the index
 * it wrote through Pagefind's own runtime, as scripts/bench-search-relevance.mjs
 * runs it in Node: the filters the contextual search depends on (the current
 * docs carry no tag value, client/filters.ts) and the stops the indexer puts
 * on pages it cannot index correctly.
 */
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {buildSearchIndex, closePagefind, COMMON_TAG} from '../../src/plugins/search-pagefind/indexer.mjs';

const SITE_DIR = path.resolve(import.meta.dirname, '..', '..');
const dirs: string[] = [];

after(async () => {
  await closePagefind();
  for (const dir of dirs) rmSync(dir, {recursive: true, force: true});
});

interface FixturePage {
  path: string;
  tag: string;
  title: string;
  language?: string;
}

/** A build folder holding a home page (not indexed) and `pages`, as Docusaurus writes them. */
function writeBuild(pages: FixturePage[]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'orrery-indexer-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><body><h1>Home</h1></body></html>');
  for (const p of pages) {
    const language = p.language ?? 'en';
    mkdirSync(path.join(dir, p.path), {recursive: true});
    writeFileSync(
      path.join(dir, p.path, 'index.html'),
      `<!doctype html><html lang="${language}"><head><title>${p.title}</title>` +
        `<meta name="docsearch:language" content="${language}">` +
        `<meta name="docsearch:docusaurus_tag" content="${p.tag}"></head>` +
        `<body><main><article><div data-pagefind-body=""><h1>${p.title}</h1>` +
        `<p>Anchors place an activity at an offset from another activity's start or end.</p>` +
        `</div></article></main></body></html>`,
    );
  }
  return dir;
}

const PAGES: FixturePage[] = [
  {path: 'planning/anchors', tag: COMMON_TAG, title: 'Anchors current'},
  {path: 'planning/anchor-chains', tag: COMMON_TAG, title: 'Anchor chains current'},
  {path: '3.4.0/planning/anchors', tag: 'docs-default-3.4.0', title: 'Anchors old'},
  {path: 'api/anchors', tag: 'docs-api-current', title: 'Anchors API'},
  {path: 'upgrade-guides/3-4-0-to-3-5-0', tag: 'docs-upgrade-guides-current', title: 'Anchors upgrade'},
];

test('contextual search through a real index: each docs version finds its own pages, the unversioned docs with both', async () => {
  const dir = writeBuild(PAGES);
  await buildSearchIndex({buildDir: dir, siteDir: SITE_DIR, env: {}, log: () => {}});
  // The answers' Node copies of pagefind.js (the unused second thread's included) are gone.
  assert.deepEqual(
    readdirSync(path.join(dir, 'pagefind')).filter((name) => name.startsWith('.pagefind-node-')),
    [],
  );
  const bench = await import('../../scripts/bench-search-relevance.mjs');
  const clients = await bench.clientsFor(dir);
  const pages = async (version: string) =>
    [
      ...(await bench.rankedPages(clients, 'anchors', [
        'language:en',
        [
          'docusaurus_tag:default',
          `docusaurus_tag:docs-default-${version}`,
          'docusaurus_tag:docs-api-current',
          'docusaurus_tag:docs-upgrade-guides-current',
        ],
      ])),
    ].sort();
  assert.deepEqual(await pages('current'), [
    '/api/anchors/',
    '/planning/anchor-chains/',
    '/planning/anchors/',
    '/upgrade-guides/3-4-0-to-3-5-0/',
  ]);
  assert.deepEqual(await pages('3.4.0'), [
    '/3.4.0/planning/anchors/',
    '/api/anchors/',
    '/upgrade-guides/3-4-0-to-3-5-0/',
  ]);

  // The search page's facet counts: the current docs, no value in the index, count as such.
  const {results} = await clients.page.search([
    {
      indexName: 'x',
      params: {query: 'anchors', hitsPerPage: 0, facets: ['docusaurus_tag'], facetFilters: [['language:en']]},
    },
  ]);
  assert.deepEqual(results[0].facets, {
    docusaurus_tag: {
      [COMMON_TAG]: 2,
      'docs-default-3.4.0': 1,
      'docs-api-current': 1,
      'docs-upgrade-guides-current': 1,
    },
  });
});

test('the indexer stops on pages it cannot index correctly, naming them', async () => {
  const mixed = writeBuild([
    ...PAGES.slice(0, 2),
    {path: 'planning/ancres', tag: COMMON_TAG, title: 'Ancres', language: 'fr'},
  ]);
  await assert.rejects(
    buildSearchIndex({buildDir: mixed, siteDir: SITE_DIR, env: {}, log: () => {}}),
    /must share one docsearch:language .*planning\/ancres\/index\.html \(fr\)/,
  );
  const untagged = writeBuild([...PAGES.slice(0, 2), {path: 'planning/untagged', tag: '', title: 'Untagged'}]);
  await assert.rejects(
    buildSearchIndex({buildDir: untagged, siteDir: SITE_DIR, env: {}, log: () => {}}),
    /without a docsearch:docusaurus_tag meta: planning\/untagged\/index\.html/,
  );
});
