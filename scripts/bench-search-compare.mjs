#!/usr/bin/env node
// `npm run bench:search -- compare`: our embedded search against
// @easyops-cn/docusaurus-search-local, the offline search most Docusaurus
// sites use, side by side on the same content, in one run.
//
// 1. Snapshots this tree into /tmp/search-compare/site (the plugin is
//    installed there from the npm registry, never in this repository).
// 2. Builds the snapshot as it is (ours: DocSearch modal + Pagefind index).
// 3. Builds it again with the plugin in place of our search (the theme's
//    SearchBar/SearchPage overrides and `themeConfig.algolia` removed).
// 4. Asks both the held-out queries (tests/search-relevance/held-out.json,
//    never used to tune ours): ours through the modal's client in Node
//    (scripts/bench-search-relevance.mjs), theirs by typing into its search
//    box in Chromium and reading its suggestion list. Prints hit@1, hit@3 and
//    MRR for both, and the bytes each moves until a cold query's first results.
//
// Options: --keep (reuse the two builds of a previous run), --verbose.
// The plugin's index loads with the page (hashed, all versions): its bytes are
// counted from the page load; ours loads with the first query.
import {chromium} from '@playwright/test';
import {gzipSize, serveCompressed} from './bench-lib.mjs';
import {spawnSync} from 'node:child_process';
import {existsSync, promises as fs} from 'node:fs';
import path from 'node:path';
import {
  SETS,
  clientsFor,
  evaluate,
  formatMisses,
  formatScores,
  rankedPages,
  readSet,
} from './bench-search-relevance.mjs';

const root = path.resolve(import.meta.dirname, '..');
const work = process.env.SEARCH_COMPARE_DIR ?? '/tmp/search-compare';
const site = path.join(work, 'site');
const ours = path.join(work, 'ours');
const theirs = path.join(work, 'theirs');
const PLUGIN = '@easyops-cn/docusaurus-search-local@0.55.3';
const baseUrl = '/orrery/';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = process.argv.slice(2);
const verbose = args.includes('--verbose');

function run(cmd, cmdArgs, cwd, env = {}) {
  console.log(`[compare] ${cmd} ${cmdArgs.join(' ')}  (in ${cwd})`);
  const r = spawnSync(cmd, cmdArgs, {cwd, stdio: 'inherit', env: {...process.env, ...env}});
  if (r.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} failed (${r.status})`);
}

async function snapshot() {
  const skip = new Set(['node_modules', '.git', '.docusaurus', 'test-results', 'bench-results']);
  await fs.mkdir(site, {recursive: true});
  for (const entry of await fs.readdir(site)) {
    if (entry !== 'node_modules') await fs.rm(path.join(site, entry), {recursive: true, force: true});
  }
  for (const entry of await fs.readdir(root)) {
    if (skip.has(entry) || entry.startsWith('build')) continue;
    await fs.cp(path.join(root, entry), path.join(site, entry), {recursive: true});
  }
  // Other writers edit pages while this runs: a link broken for a moment must not stop the comparison.
  const configFile = path.join(site, 'docusaurus.config.ts');
  const config = await fs.readFile(configFile, 'utf8');
  await fs.writeFile(configFile, config.replace(/onBrokenMarkdownLinks: 'throw'/, "onBrokenMarkdownLinks: 'warn'"));
  if (!existsSync(path.join(site, 'node_modules', '@easyops-cn', 'docusaurus-search-local'))) {
    if (!existsSync(path.join(site, 'node_modules'))) {
      await fs.cp(path.join(root, 'node_modules'), path.join(site, 'node_modules'), {
        recursive: true,
        verbatimSymlinks: true,
      });
    }
    run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--legacy-peer-deps', PLUGIN], site);
  }
}

async function useThePlugin() {
  // Our search (SearchBar, SearchPage, the index) is one theme plugin: dropping it from `themes` removes it all.
  const configFile = path.join(site, 'docusaurus.config.ts');
  let config = await fs.readFile(configFile, 'utf8');
  const before = config;
  config = config
    .replace(/\n\s*algolia: search\.algolia,/, '')
    .replace(/\n\s*headTags: search\.headTags,/, '')
    .replace(
      "themes: ['@docusaurus/theme-mermaid', searchPagefind],",
      `themes: [
    '@docusaurus/theme-mermaid',
    [
      '@easyops-cn/docusaurus-search-local',
      {hashed: true, indexBlog: false, docsRouteBasePath: ['/', 'api', 'upgrade-guides'], language: ['en']},
    ],
  ],`,
    );
  if (config === before || !config.includes('docusaurus-search-local')) {
    throw new Error(
      'Could not put the plugin into the snapshot\'s docusaurus.config.ts: has its "themes" line changed?',
    );
  }
  await fs.writeFile(configFile, config);
}

function build(outDir, {index}) {
  run('npx', ['docusaurus', 'build', '--out-dir', outDir], site, {
    NODE_OPTIONS: '--max-old-space-size=1536',
    ALGOLIA_APP_ID: '',
    ALGOLIA_API_KEY: '',
    ALGOLIA_INDEX_NAME: '',
  });
  // Ours: the search plugin's postBuild has written the index; theirs: the snapshot has no such plugin.
  if (index && !existsSync(path.join(outDir, 'pagefind', 'pagefind.js'))) {
    run(process.execPath, [path.join(site, 'scripts', 'search-index.mjs'), '--dir', outDir], site);
  }
}

// ---------------------------------------------------------------------------

/**
 * Opens a doc page in Chromium and runs `fn`. `meter` counts the bytes of
 * responses while `meter.on`, and, from the page load on, the bytes of the
 * search index files (our /pagefind/ folder, their search-index*.json).
 */
async function withPage(dir, fn) {
  // Served as `npm run serve` serves it, gzipped as the deployed nginx does (scripts/bench-lib.mjs).
  const server = await serveCompressed(dir);
  const {origin} = server;
  const browser = await chromium.launch({executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu']});
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const outside = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) outside.push(r.url());
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const meter = {on: false, bytes: 0, requests: 0, indexBytes: 0};
    const urls = new Map();
    cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
    cdp.on('Network.loadingFinished', (e) => {
      const url = urls.get(e.requestId) ?? '';
      if (/\/pagefind\/|search-index[^/]*\.json/.test(url)) meter.indexBytes += e.encodedDataLength;
      if (meter.on) {
        meter.bytes += e.encodedDataLength;
        meter.requests += 1;
      }
    });
    const start = `${origin}${baseUrl}planning/anchors/`;
    await page.goto(start);
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await page.waitForLoadState('networkidle');
    return await fn(page, meter, outside, start);
  } finally {
    await browser.close();
    server.close();
  }
}

/**
 * The plugin's suggestions for a query, as page paths in its order. Its
 * suggestion list carries no links, so each of the first `depth` suggestions
 * is opened (as a reader would, by clicking it) and the page it leads to read.
 */
async function theirResults(page, query, start, depth = 5) {
  const pages = [];
  for (let k = 0; k < depth; k += 1) {
    if (page.url() !== start) {
      await page.goBack().catch(() => undefined);
      if (page.url() !== start) await page.goto(start);
    }
    const input = page.locator('input.navbar__search-input').first();
    await input.fill('');
    await input.fill(query);
    const options = page.locator('[role="listbox"] [role="option"]');
    try {
      await options.first().waitFor({timeout: 4000});
    } catch {
      break;
    }
    await page.waitForTimeout(100);
    if (k >= (await options.count())) break;
    await options.nth(k).click();
    try {
      await page.waitForURL((u) => u.href !== start, {timeout: 5000});
    } catch {
      continue; // The suggestion is a section of this very page.
    }
    const p = new URL(page.url()).pathname;
    const rel = p.startsWith(baseUrl) ? `/${p.slice(baseUrl.length)}` : p;
    if (!pages.includes(rel)) pages.push(rel);
  }
  if (page.url() !== start) await page.goto(start);
  return pages;
}

async function measureTheirs(queries) {
  return withPage(theirs, async (page, meter, outside, start) => {
    const input = page.locator('input.navbar__search-input').first();
    meter.on = true;
    await input.fill('anchor');
    await page.locator('[role="listbox"] [role="option"]').first().waitFor();
    await page.waitForTimeout(300);
    meter.on = false;
    // Its index loads in a Web Worker, whose requests the page's network log does not show: the gzipped file size.
    let indexBytes = 0;
    for (const name of await fs.readdir(theirs)) {
      if (/^search-index.*\.json$/.test(name)) {
        indexBytes += gzipSize(await fs.readFile(path.join(theirs, name)));
      }
    }
    const cold = {bytes: meter.bytes + indexBytes, requests: meter.requests + 1, indexBytes};
    await input.fill('');
    const scores = await evaluate((q) => theirResults(page, q, start), queries);
    return {scores, cold, outside};
  });
}

async function measureOursCold() {
  return withPage(ours, async (page, meter, outside) => {
    meter.on = true;
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').fill('anchor');
    await page.locator('.DocSearch-Hit').first().waitFor();
    await page.waitForTimeout(300);
    meter.on = false;
    return {cold: {bytes: meter.bytes, requests: meter.requests, indexBytes: meter.indexBytes}, outside};
  });
}

async function main() {
  const keep = args.includes('--keep') && existsSync(path.join(ours, 'pagefind')) && existsSync(theirs);
  if (!keep) {
    await snapshot();
    await fs.rm(ours, {recursive: true, force: true});
    await fs.rm(theirs, {recursive: true, force: true});
    build(ours, {index: true});
    await useThePlugin();
    build(theirs, {index: false});
  }
  const heldOut = await readSet(SETS.heldOut);
  const clients = await clientsFor(ours);
  const ourScores = await evaluate((q) => rankedPages(clients, q), heldOut);
  const ourCold = await measureOursCold();
  const their = await measureTheirs(heldOut);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`\nSide by side on the same content (${work}), held-out set (${heldOut.length} queries):`);
  console.log(formatScores('  ours (Pagefind + DocSearch modal)', ourScores));
  if (verbose) console.log(formatMisses(ourScores));
  console.log(formatScores('  @easyops-cn/docusaurus-search-local', their.scores));
  if (verbose) console.log(formatMisses(their.scores));
  console.log(
    `  cold query "anchor", from the page load to the first results: index files ours ${kb(ourCold.cold.indexBytes)}, ` +
      `theirs ${kb(their.cold.indexBytes)} (gzip); all bytes to the first results ours ${kb(ourCold.cold.bytes)} ` +
      `(${ourCold.cold.requests} requests), theirs ${kb(their.cold.bytes)} (${their.cold.requests} requests, its index included)`,
  );
  console.log('  (theirs: the first 5 suggestions, each opened, so its MRR counts 5 places at most)');
  const outside = [...ourCold.outside, ...their.outside];
  if (outside.length) console.log(`  requests outside the site: ${outside.slice(0, 5).join(', ')}`);
  const result = {
    date: new Date().toISOString(),
    plugin: PLUGIN,
    ours: {...pick(ourScores), cold: ourCold.cold},
    theirs: {...pick(their.scores), cold: their.cold},
  };
  await fs.mkdir(path.join(root, 'bench-results'), {recursive: true});
  await fs.writeFile(path.join(root, 'bench-results', 'search-compare.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log('Saved to bench-results/search-compare.json.');
  return result;
}

function pick(s) {
  return {n: s.n, hit1: s.hit1, hit3: s.hit3, mrr: Number(s.mrr.toFixed(3)), kinds: s.kinds};
}

export {main as compare};
const isMain = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename;
if (isMain) await main();
