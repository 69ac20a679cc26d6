#!/usr/bin/env node
// Relevance of the embedded search, measured in Node over a built index: the
// query sets in tests/search-relevance/ go through the very client the modal
// uses (src/plugins/search-pagefind/client/client.ts, loaded with tsx) on the site's Pagefind bundle
// (pagefind.js and its WebAssembly, run here with a file-reading fetch). For
// each query we take the pages in the order the DocSearch modal shows them
// (hits grouped by top-level section, as DocSearch groups them) and report
// hit@1, hit@3 (an answering page first, or among the first three) and MRR.
//
// Used by `npm run bench:search` (scripts/bench-search.mjs) and by the test
// tests/unit/search-relevance.test.ts. Standalone:
//   node scripts/bench-search-relevance.mjs [--dir build] [--verbose]
import {tsImport} from 'tsx/esm/api';
import {docSearchRequest, pagefindInNode} from '../src/plugins/search-pagefind/head.mjs';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import {pathToFileURL, fileURLToPath} from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const SETS = {
  tuning: path.join(root, 'tests', 'search-relevance', 'tuning.json'),
  heldOut: path.join(root, 'tests', 'search-relevance', 'held-out.json'),
};
const BASE_URL = '/orrery/';
/** What the modal sends from a page of the current docs (contextual search). */
export const CURRENT_FACET_FILTERS = [
  'language:en',
  [
    'docusaurus_tag:default',
    'docusaurus_tag:docs-default-current',
    'docusaurus_tag:docs-api-current',
    'docusaurus_tag:docs-upgrade-guides-current',
  ],
];
/** DocSearch's request, as @docsearch/react 3.9 sends it. */
const MODAL_REQUEST = docSearchRequest(10);
const MAX_RESULTS_PER_GROUP = 8;

export async function readSet(file) {
  const {queries} = JSON.parse(await fs.readFile(file, 'utf8'));
  return queries;
}

let pagefindByDir = new Map();

let freshInstances = 0;

/**
 * pagefind.js of a built site, run in Node: fetch reads the bundle's files.
 * One instance per bundle, unless `fresh`: a new instance that has loaded no
 * chunk yet (Pagefind keeps the chunks it loaded, and they can answer later
 * queries).
 */
export async function pagefindOf(dir, {fresh = false} = {}) {
  const bundle = path.join(dir, 'pagefind', 'pagefind.js');
  if (!fresh && pagefindByDir.has(bundle)) return pagefindByDir.get(bundle);
  pagefindInNode('en');
  const freshTag = fresh ? `&fresh=${(freshInstances += 1)}` : '';
  const module = await import(`${pathToFileURL(bundle).href}?dir=${encodeURIComponent(dir)}${freshTag}`);
  const pagefind = module.createInstance({baseUrl: BASE_URL});
  await pagefind.options({
    baseUrl: BASE_URL,
    ...(process.env.PF_RANKING ? {ranking: JSON.parse(process.env.PF_RANKING)} : {}),
  });
  await pagefind.init();
  if (!fresh) pagefindByDir.set(bundle, pagefind);
  return pagefind;
}

let clientModule;
async function loadClientModule() {
  if (!clientModule) {
    clientModule = await tsImport(
      pathToFileURL(path.join(root, 'src', 'plugins', 'search-pagefind', 'client', 'client.ts')).href,
      import.meta.url,
    );
  }
  return clientModule;
}

/** The modal's client and the search page's client over the index in `dir`. */
export async function clientsFor(dir) {
  const {createEmbeddedSearchClient} = await loadClientModule();
  const pagefind = await pagefindOf(dir);
  const make = (shape) =>
    createEmbeddedSearchClient({shape, load: async () => pagefind, origin: () => 'http://localhost'});
  return {modal: make('sections'), page: make('pages')};
}

/** Page paths (under the base path) in the order the DocSearch modal draws them. */
export function modalOrder(hits) {
  const groups = new Map();
  for (const hit of hits) {
    const key = hit.hierarchy.lvl0;
    if (!groups.has(key)) groups.set(key, []);
    const group = groups.get(key);
    if (group.length < MAX_RESULTS_PER_GROUP) group.push(hit);
  }
  const pages = [];
  for (const group of groups.values()) {
    for (const hit of group) {
      const page = new URL(hit.url_without_anchor ?? hit.url).pathname;
      if (!pages.includes(page)) pages.push(page);
    }
  }
  return pages.map((p) => (p.startsWith(BASE_URL) ? `/${p.slice(BASE_URL.length)}` : p));
}

export async function rankedPages(clients, query, facetFilters = CURRENT_FACET_FILTERS) {
  const {results} = await clients.modal.search({requests: [{...MODAL_REQUEST, query, facetFilters}]});
  return modalOrder(results[0].hits);
}

export async function searchPageOrder(clients, query, facetFilters = CURRENT_FACET_FILTERS) {
  const {results} = await clients.page.search([
    {indexName: 'x', params: {query, hitsPerPage: 15, page: 0, facetFilters: facetFilters.map((f) => [f].flat())}},
  ]);
  return results[0].hits.map((h) => {
    const p = new URL(h.url_without_anchor).pathname;
    return `/${p.slice(BASE_URL.length)}`;
  });
}

/** hit@1, hit@3, MRR (over the first 10 pages) of a query set; `ranks` lists each query's rank (0 = missed). */
export async function evaluate(rank, queries) {
  const rows = [];
  for (const q of queries) {
    const pages = await rank(q.query);
    const at = pages.slice(0, 10).findIndex((p) => q.pages.includes(p));
    rows.push({...q, rank: at + 1, top: pages.slice(0, 3)});
  }
  return summarize(rows);
}

export function summarize(rows) {
  const of = (list) => ({
    n: list.length,
    hit1: list.filter((r) => r.rank === 1).length,
    hit3: list.filter((r) => r.rank >= 1 && r.rank <= 3).length,
    mrr: list.length ? list.reduce((s, r) => s + (r.rank ? 1 / r.rank : 0), 0) / list.length : 0,
  });
  const kinds = {};
  for (const kind of [...new Set(rows.map((r) => r.kind))]) kinds[kind] = of(rows.filter((r) => r.kind === kind));
  return {...of(rows), kinds, rows};
}

export function formatScores(label, s) {
  const pct = (k) => `${k}/${s.n} (${((100 * k) / s.n).toFixed(0)}%)`;
  const kinds = Object.entries(s.kinds)
    .map(([k, v]) => `${k} ${v.hit3}/${v.n}`)
    .join(', ');
  return `${label.padEnd(34)} hit@1 ${pct(s.hit1).padEnd(12)} hit@3 ${pct(s.hit3).padEnd(12)} MRR ${s.mrr.toFixed(3)}   (hit@3 by kind: ${kinds})`;
}

export function formatMisses(s) {
  return s.rows
    .filter((r) => r.rank !== 1)
    .map((r) => `    ${r.rank ? `#${r.rank}` : 'miss'}  "${r.query}" → ${r.top.join(', ') || '(nothing)'}`)
    .join('\n');
}

async function main() {
  const args = process.argv.slice(2);
  const i = args.indexOf('--dir');
  const dir = path.resolve(root, i >= 0 ? args[i + 1] : 'build');
  const clients = await clientsFor(dir);
  for (const [name, file] of Object.entries(SETS)) {
    const s = await evaluate((q) => rankedPages(clients, q), await readSet(file));
    console.log(formatScores(`${name} (${path.relative(root, file)})`, s));
    if (args.includes('--verbose')) console.log(formatMisses(s));
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) await main();
