#!/usr/bin/env node
// `npm run bench:search`: what the embedded search (Pagefind) costs, printed as
// figures and saved to bench-results/search.json. Nothing is asserted.
//
// For this site (build/, from `npm run build`) and for a synthetic site of
// 5,000 extra generated doc pages (under /tmp, never in the repo):
//   - index size on disk (the whole build/pagefind/ folder, and its parts);
//   - bytes transferred from a cold cache until the first results of a query
//     show in the DocSearch modal: the search files (/pagefind/), and all
//     requests (with the modal's own code), as a host with gzip serves them;
//   - p50/p95 latency of warm queries in Chromium over a fixed list of 50
//     queries: in the modal (from typing to the results in its DOM), and of
//     Pagefind alone (search plus the page data the modal loads).
//
//   - relevance: hit@1, hit@3 and MRR on the query sets of
//     tests/search-relevance/ (tuning and held-out), through the modal's
//     client over this build's index (scripts/bench-search-relevance.mjs).
//
// Usage: node scripts/bench-search.mjs [--dir build] [--pages 5000] [--skip-synthetic]
//        node scripts/bench-search.mjs compare [--keep] [--verbose]
//          ours against @easyops-cn/docusaurus-search-local on a copy of the
//          site, held-out set (scripts/bench-search-compare.mjs).
import {chromium} from '@playwright/test';
import {seededRandom, serveCompressed, siteBase} from './bench-lib.mjs';
import {spawnSync} from 'node:child_process';
import {promises as fs} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const buildDir = path.resolve(root, option('dir', 'build'));
const syntheticPages = Number(option('pages', '5000'));
const skipSynthetic = args.includes('--skip-synthetic');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A cold query for a word few pages hold (about 1 in 15,000 words of this site's text, so of the
 * generated pages' too): it is never precomputed (src/plugins/search-pagefind/head.mjs), so it
 * shows what a query costs through Pagefind alone.
 */
export const TAIL_QUERY = 'umbra';

/** The fixed query list: what readers of these docs type, short and long, a few with no answer. */
export const QUERIES = [
  'anchor',
  'plan',
  'simulation',
  'constraint',
  'scheduling goal',
  'mission model',
  'activity type',
  'resource',
  'sequence',
  'command expansion',
  'expansion rule',
  'graphql',
  'hasura',
  'deployment',
  'kubernetes',
  'authentication',
  'permissions',
  'snapshot',
  'merge plans',
  'external events',
  'derivation group',
  'timeline',
  'upload mission model',
  'java',
  'gradle',
  'parameters',
  'effect model',
  'duration',
  'incons',
  'value schema',
  'activity mapper',
  'procedural scheduling',
  'declarative constraints',
  'temporal subset',
  'global conditions',
  'upgrade',
  'migration',
  'database',
  'postgres',
  'docker compose',
  'reverse proxy',
  'sso',
  'jwt',
  'seqjson',
  'command dictionary',
  'template',
  'plugins',
  'tags',
  'quaternion slew',
  'zzyzx frobnicator',
];

// ---------------------------------------------------------------------------
// Files and a static server that compresses text as production hosts do
// ---------------------------------------------------------------------------

async function sizeOf(dir) {
  let total = 0;
  for (const entry of await fs.readdir(dir, {withFileTypes: true, recursive: true})) {
    if (entry.isFile()) total += (await fs.stat(path.join(entry.parentPath ?? entry.path, entry.name))).size;
  }
  return total;
}

async function indexSizes(site) {
  const dir = path.join(site, 'pagefind');
  const parts = {total: await sizeOf(dir)};
  for (const sub of ['index', 'fragment', 'filter', 'head']) {
    parts[sub] = await sizeOf(path.join(dir, sub)).catch(() => 0);
  }
  parts.runtime = 0;
  for (const name of await fs.readdir(dir)) {
    if (/^(pagefind\.js|pagefind-worker\.js|wasm\..*)$/.test(name))
      parts.runtime += (await fs.stat(path.join(dir, name))).size;
  }
  parts.files = (await fs.readdir(dir, {recursive: true})).length;
  return parts;
}

// ---------------------------------------------------------------------------
// Measurements in Chromium
// ---------------------------------------------------------------------------

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/**
 * What a Pagefind file is, by its name: the runtime (JavaScript, WebAssembly,
 * the entry; the WebAssembly is `wasm.<language>.pagefind`), the page list (`pf_meta`: every page's hash and word count, so
 * it grows with the site), a word-index chunk, a filter's page lists, or a
 * result's page data (fragment).
 */
export function searchFileKind(url) {
  const name = new URL(url).pathname.split('/').pop() ?? '';
  if (name === 'head.json' || new URL(url).pathname.includes('/pagefind/head/')) return 'head';
  if (name.endsWith('.pf_meta')) return 'meta';
  if (name.endsWith('.pf_index')) return 'index';
  if (name.endsWith('.pf_filter')) return 'filter';
  if (name.endsWith('.pf_fragment')) return 'fragment';
  if (name.endsWith('.pagefind') || name.endsWith('.js') || name === 'pagefind-entry.json') return 'runtime';
  return 'other';
}

/**
 * What the embedded search costs on the built `site`, in Chromium: bytes to first results of two
 * cold queries (skipped with `cold: false`) and the latency of 50 queries in the modal.
 */
export async function measure(site, label, docPath, {cold: withCold = true} = {}) {
  // Served as `npm run serve` serves it, gzipped as the deployed nginx does (scripts/bench-lib.mjs).
  const server = await serveCompressed(site);
  const {origin, base: baseUrl} = server;
  const browser = await chromium.launch({executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu']});
  try {
    // Bytes until the first results of a query typed into the modal on a fresh browser (cold cache).
    const cold = async (query) => {
      const fresh = await browser.newContext();
      const page = await fresh.newPage();
      const cdp = await fresh.newCDPSession(page);
      await cdp.send('Network.enable');
      const urls = new Map();
      let counting = false;
      const bytes = {search: 0, all: 0, searchRequests: 0, allRequests: 0, byKind: {}};
      cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
      cdp.on('Network.loadingFinished', (e) => {
        if (!counting) return;
        const url = urls.get(e.requestId) ?? '';
        bytes.all += e.encodedDataLength;
        bytes.allRequests += 1;
        if (url.includes('/pagefind/')) {
          bytes.search += e.encodedDataLength;
          bytes.searchRequests += 1;
          const kind = searchFileKind(url);
          const entry = (bytes.byKind[kind] ??= {bytes: 0, requests: 0});
          entry.bytes += e.encodedDataLength;
          entry.requests += 1;
        }
      });
      await page.goto(`${origin}${baseUrl}${docPath}`);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      await page.waitForLoadState('networkidle');
      counting = true;
      const started = Date.now();
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill(query);
      await page.locator('.DocSearch-Hit').first().waitFor();
      const ms = Date.now() - started;
      await page.waitForTimeout(300);
      counting = false;
      await fresh.close();
      return {query, ms, ...bytes};
    };
    const coldQuery = withCold ? await cold('anchor') : undefined;
    const coldTail = withCold ? await cold(TAIL_QUERY) : undefined;

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}${baseUrl}${docPath}`);
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('anchor');
    await page.locator('.DocSearch-Hit').first().waitFor();

    // Modal: from the input event to this query's screen (the start screen in between).
    const modal = async (query) =>
      page.evaluate(async (q) => {
        const input = document.querySelector('.DocSearch-Input');
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
        const type = (value) => {
          setValue.call(input, value);
          input.dispatchEvent(new Event('input', {bubbles: true}));
        };
        // The time the modal's DOM holds the answer (a MutationObserver, not frame-rounded).
        const until = (test) =>
          new Promise((resolve) => {
            if (test()) return resolve(performance.now());
            const observer = new MutationObserver(() => {
              if (test()) {
                observer.disconnect();
                resolve(performance.now());
              }
            });
            observer.observe(document.querySelector('.DocSearch-Modal'), {childList: true, subtree: true});
          });
        type('');
        await until(() => document.querySelector('.DocSearch-StartScreen'));
        const start = performance.now();
        type(q);
        const end = await until(
          () => document.querySelector('.DocSearch-Hit') || document.querySelector('.DocSearch-NoResults'),
        );
        return end - start;
      }, query);

    // Pagefind alone: search, then the data of the first 6 pages (what the modal loads).
    const engine = async (query) =>
      page.evaluate(
        async ([q, bundle, base]) => {
          window.__benchPagefind ??= await import(bundle).then(async (pf) => {
            await pf.options({baseUrl: base, noWorker: true});
            await pf.init();
            return pf;
          });
          const start = performance.now();
          const response = await window.__benchPagefind.search(q);
          await Promise.all(response.results.slice(0, 6).map((r) => r.data()));
          return {ms: performance.now() - start, results: response.results.length};
        },
        [query, `${baseUrl}pagefind/pagefind.js`, baseUrl],
      );

    const firstPass = [];
    const secondPass = [];
    const enginePass = [];
    let withResults = 0;
    for (const q of QUERIES) firstPass.push(await modal(q));
    for (const q of QUERIES) secondPass.push(await modal(q));
    for (const q of QUERIES) {
      const r = await engine(q);
      enginePass.push(r.ms);
      if (r.results > 0) withResults += 1;
    }
    const summary = (values) => ({
      p50: Number(percentile(values, 50).toFixed(1)),
      p95: Number(percentile(values, 95).toFixed(1)),
    });
    return {
      label,
      coldQuery,
      coldTail,
      warmModal: summary(firstPass),
      cachedModal: summary(secondPass),
      engine: summary(enginePass),
      queriesWithResults: withResults,
    };
  } finally {
    await browser.close();
    server.close();
  }
}

// ---------------------------------------------------------------------------
// The synthetic site: this build plus N generated doc pages
// ---------------------------------------------------------------------------

/** Words of the real pages, so generated text has this site's vocabulary and word frequencies. */
async function vocabulary(site) {
  const words = [];
  for (const entry of await fs.readdir(site, {recursive: true})) {
    if (!entry.endsWith('index.html') || entry.startsWith('tests/') || words.length > 400_000) continue;
    const html = await fs.readFile(path.join(site, entry), 'utf8');
    const body = /data-pagefind-body[^>]*>([\s\S]*?)<footer/.exec(html)?.[1] ?? '';
    const text = body
      .replace(/<[^>]+>/g, ' ')
      .replace(/&[a-z#0-9]+;/gi, ' ')
      .split(/\s+/);
    for (const w of text) if (/^[A-Za-z][A-Za-z-]{1,20}$/.test(w)) words.push(w.toLowerCase());
  }
  return words;
}

const escapeHtml = (s) => s.replace(/[&<>"]/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'})[c]);

export async function makeSynthetic(site, pages) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'orrery-search-bench-'));
  const out = path.join(dir, 'site');
  console.log(`[bench] Synthetic site: ${site} + ${pages} generated pages in ${out}`);
  await fs.cp(site, out, {recursive: true, filter: (src) => !src.includes(`${path.sep}pagefind`)});
  const words = await vocabulary(site);
  const random = seededRandom(20_240_611);
  const pick = () => words[Math.floor(random() * words.length)];
  const sentence = (n) => {
    const s = Array.from({length: n}, pick).join(' ');
    return `${s[0].toUpperCase()}${s.slice(1)}.`;
  };
  const sections = ['Planning', 'Mission modeling', 'Scheduling and constraints', 'Sequencing', 'Deployment'];
  // A real page's head and chrome, with the doc body swapped for generated text.
  const template = await fs.readFile(path.join(site, 'planning', 'anchors', 'index.html'), 'utf8');
  const start = template.indexOf('<div data-pagefind-body');
  const end = template.indexOf('</article>', start);
  if (start < 0 || end < 0) throw new Error('The template page has no data-pagefind-body element.');
  for (let i = 0; i < pages; i += 1) {
    const title = `${sentence(3).slice(0, -1)} ${i}`;
    let body = `<div data-pagefind-body="" data-pagefind-meta="lvl0[data-search-section]" data-search-section="${
      sections[i % sections.length]
    }"><div class="theme-doc-markdown markdown"><header><h1>${escapeHtml(title)}</h1></header>`;
    body += `<p>${escapeHtml(Array.from({length: 4}, () => sentence(12 + Math.floor(random() * 10))).join(' '))}</p>`;
    const h2 = 3 + Math.floor(random() * 4);
    for (let h = 0; h < h2; h += 1) {
      const heading = sentence(3).slice(0, -1);
      body += `<h2 id="s${h}">${escapeHtml(heading)}</h2>`;
      for (let p = 0; p < 2; p += 1) {
        body += `<p>${escapeHtml(Array.from({length: 5}, () => sentence(10 + Math.floor(random() * 12))).join(' '))}</p>`;
      }
    }
    body += '</div></div>';
    const html = template.slice(0, start) + body + template.slice(end);
    const file = path.join(out, 'synthetic', `page-${i}`, 'index.html');
    await fs.mkdir(path.dirname(file), {recursive: true});
    await fs.writeFile(file, html);
  }
  const started = Date.now();
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'search-index.mjs'), '--dir', out], {
    stdio: 'inherit',
    env: {...process.env, ALGOLIA_APP_ID: '', ALGOLIA_API_KEY: '', ALGOLIA_INDEX_NAME: ''},
  });
  if (result.status !== 0) throw new Error('Indexing the synthetic site failed.');
  return {dir, out, indexSeconds: (Date.now() - started) / 1000};
}

// ---------------------------------------------------------------------------

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function report(title, pagesIndexed, sizes, m, extra = '') {
  console.log(`\n${title}${extra}`);
  console.log(`  pages indexed                      ${pagesIndexed}`);
  console.log(
    `  index on disk                      ${kb(sizes.total)} in ${sizes.files} files ` +
      `(runtime ${kb(sizes.runtime)}, word index ${kb(sizes.index)}, page data ${kb(sizes.fragment)}, filters ${kb(sizes.filter)}, ` +
      `precomputed answers ${kb(sizes.head)})`,
  );
  console.log(
    `  cold query "anchor", to first results: ${kb(m.coldQuery.search)} of search files in ${m.coldQuery.searchRequests} requests; ` +
      `${kb(m.coldQuery.all)} in all (${m.coldQuery.allRequests} requests, with the modal's code); ${m.coldQuery.ms} ms`,
  );
  console.log(
    `  cold query "${m.coldTail.query}" (never precomputed): ${kb(m.coldTail.search)} of search files in ${m.coldTail.searchRequests} requests; ` +
      `${kb(m.coldTail.all)} in all; ${m.coldTail.ms} ms`,
  );
  console.log(`  warm queries, modal (50, first run) p50 ${m.warmModal.p50} ms, p95 ${m.warmModal.p95} ms`);
  console.log(`  warm queries, modal (50, cached)    p50 ${m.cachedModal.p50} ms, p95 ${m.cachedModal.p95} ms`);
  console.log(`  warm queries, Pagefind alone        p50 ${m.engine.p50} ms, p95 ${m.engine.p95} ms`);
  console.log(`  queries with results               ${m.queriesWithResults} of ${QUERIES.length}`);
}

async function countIndexed(site) {
  const meta = (await fs.readdir(path.join(site, 'pagefind'))).find((f) => f.endsWith('.pf_meta'));
  if (!meta) return NaN;
  let count = 0;
  for (const entry of await fs.readdir(site, {recursive: true})) {
    if (entry.endsWith('.html') && !entry.startsWith('pagefind')) {
      const html = await fs.readFile(path.join(site, entry), 'utf8');
      if (html.includes('data-pagefind-body') && !/^(tests|search)\//.test(entry)) count += 1;
    }
  }
  return count;
}

async function main() {
  try {
    await fs.access(path.join(buildDir, 'pagefind', 'pagefind.js'));
  } catch {
    console.error(
      `No embedded search index in ${buildDir}/pagefind/: run "npm run build" (without ALGOLIA_* set) first.`,
    );
    process.exit(1);
  }
  if (QUERIES.length !== 50) throw new Error(`The query list has ${QUERIES.length} queries, not 50.`);
  const results = {date: new Date().toISOString(), baseUrl: siteBase(buildDir), queries: QUERIES};
  // Which build is measured: an old build/ gives old figures, so say how old it is.
  const built = (await fs.stat(path.join(buildDir, 'index.html'))).mtime;
  const age = Math.round((Date.now() - built.getTime()) / 60_000);
  console.log(
    `[bench] Measuring ${buildDir}/, built for ${results.baseUrl} ${age} minutes ago (${built.toISOString()}).`,
  );

  const relevance = await import('./bench-search-relevance.mjs');
  const clients = await relevance.clientsFor(buildDir);
  results.relevance = {};
  console.log("Relevance (pages in the modal's order, current docs):");
  for (const [name, file] of Object.entries(relevance.SETS)) {
    const s = await relevance.evaluate((q) => relevance.rankedPages(clients, q), await relevance.readSet(file));
    console.log(relevance.formatScores(`  ${name}`, s));
    results.relevance[name] = {n: s.n, hit1: s.hit1, hit3: s.hit3, mrr: Number(s.mrr.toFixed(3)), kinds: s.kinds};
  }

  const sizes = await indexSizes(buildDir);
  const pages = await countIndexed(buildDir);
  const m = await measure(buildDir, 'site', 'planning/anchors/');
  results.site = {pages, sizes, ...m};
  report('This site', pages, sizes, m);

  if (!skipSynthetic) {
    const synthetic = await makeSynthetic(buildDir, syntheticPages);
    try {
      const sSizes = await indexSizes(synthetic.out);
      const sPages = pages + syntheticPages;
      const sm = await measure(synthetic.out, 'synthetic', 'planning/anchors/');
      results.synthetic = {pages: sPages, sizes: sSizes, indexSeconds: synthetic.indexSeconds, ...sm};
      report(
        `Synthetic site (this site + ${syntheticPages} generated pages)`,
        sPages,
        sSizes,
        sm,
        `, indexed in ${synthetic.indexSeconds.toFixed(1)} s`,
      );
    } finally {
      await fs.rm(synthetic.dir, {recursive: true, force: true});
    }
  }
  await fs.mkdir(path.join(root, 'bench-results'), {recursive: true});
  await fs.writeFile(path.join(root, 'bench-results', 'search.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nSaved to bench-results/search.json. Figures only: nothing here is a pass/fail check.');
}

// Run as a script (not when bench-scale.mjs imports `measure`).
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  if (args[0] === 'compare') {
    const {compare} = await import('./bench-search-compare.mjs');
    await compare();
  } else {
    await main();
  }
}
