// Page weight: the JavaScript and CSS that Chromium actually loads on a few
// representative pages (raw and gzip), and the HTML size. Prefetched chunks
// (Docusaurus prefetches the code of links in view, without running it) are
// counted apart. Run through `npm run bench` (scripts/bench.mjs).
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {chromiumFlags, chromiumPath, gzipSize, htmlFiles, kb, printTable, serveCompressed} from './bench-lib.mjs';

/** The pages every part of the bench measures, as site paths without the base. */
export function benchPages(buildDir) {
  const exists = (p) => {
    try {
      readFileSync(path.join(buildDir, p, 'index.html'));
      return true;
    } catch {
      return false;
    }
  };
  const pages = [
    {key: 'home', label: 'Home', path: ''},
    {key: 'doc', label: 'Typical doc', path: process.env.BENCH_DOC_PAGE ?? 'mission-modeling/value-schemas/'},
    {key: 'longest', label: 'Longest doc', path: process.env.BENCH_LONG_PAGE ?? longestDocPage(buildDir)},
    {key: 'mermaid', label: 'Mermaid doc', path: process.env.BENCH_MERMAID_PAGE ?? 'planning/anchors/'},
    {key: 'search', label: 'Search', path: process.env.BENCH_SEARCH_PAGE ?? 'search/'},
  ];
  return pages.filter((p) => {
    if (p.path !== undefined && exists(p.path)) return true;
    console.warn(`(bench) skipping "${p.label}": ${p.path ?? '?'} is not in the build`);
    return false;
  });
}

/** The doc page with the most text in its article (test pages, search and category indexes left out). */
export function longestDocPage(buildDir) {
  let best;
  for (const file of htmlFiles(buildDir)) {
    // Current docs only: versioned snapshots (3.4.0/…) repeat pages of the current docs.
    if (
      !file.endsWith('/index.html') ||
      /^(tests|search|category|pagefind|\d+\.\d+\.\d+)\//.test(file) ||
      file.includes('/category/')
    ) {
      continue;
    }
    const html = readFileSync(path.join(buildDir, file), 'utf8');
    const article = /<article[\s>][\s\S]*<\/article>/.exec(html)?.[0];
    if (!article) continue;
    const text = article.replace(/<[^>]+>/g, '').length;
    if (!best || text > best.text) best = {text, path: file.slice(0, -'index.html'.length)};
  }
  return best?.path;
}

/** A page data file (src/plugins/page-data). */
const PAGE_DATA = /\/assets\/pages\/[^/]+\.json$/;

function emptyTally() {
  return {
    js: {raw: 0, gz: 0, files: 0},
    css: {raw: 0, gz: 0, files: 0},
    // The page's own data file (src/plugins/page-data), fetched, not run.
    data: {raw: 0, gz: 0, files: 0},
    prefetch: {raw: 0, gz: 0, files: 0},
  };
}

/** Loads one page in a fresh context and tallies what came over the wire. */
async function weighPage(browser, site, page, buildDir) {
  // The data file the page preloads (page-data); other data files it loads are prefetches.
  const built = readFileSync(path.join(buildDir, page.path, 'index.html'), 'utf8');
  const ownData = /<link rel="?preload"? href="?([^"\s>]+)"? as="?fetch"?/.exec(built)?.[1];
  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  const tab = await context.newPage();
  const tally = emptyTally();
  const scripts = [];
  const pending = [];
  tab.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const body = await response.body().catch(() => null);
        if (!body) return;
        const type = request.resourceType();
        const url = request.url();
        let bucket;
        const {pathname} = new URL(url);
        if (type === 'script') bucket = tally.js;
        else if (type === 'stylesheet') bucket = tally.css;
        else if (pathname === ownData) bucket = tally.data;
        else if (/\.(js|css)$/.test(pathname) || PAGE_DATA.test(pathname)) bucket = tally.prefetch;
        if (!bucket) return;
        const gz = gzipSize(body);
        bucket.raw += body.length;
        bucket.gz += gz;
        bucket.files += 1;
        if (bucket === tally.js) scripts.push({file: path.basename(new URL(url).pathname), raw: body.length, gz});
      })(),
    );
  });
  const url = `${site}${page.path}`;
  const response = await tab.goto(url, {waitUntil: 'load'});
  const html = (await response?.body()) ?? Buffer.alloc(0);
  await tab.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
  await tab.waitForLoadState('networkidle');
  await tab.waitForTimeout(500);
  await Promise.all(pending);
  await context.close();
  scripts.sort((a, b) => b.gz - a.gz);
  return {...page, ...tally, html: {raw: html.length, gz: gzipSize(html)}, scripts};
}

/** Measures every bench page of a build; resolves with one result per page. */
export async function measureWeight(buildDir, pages = benchPages(buildDir)) {
  const server = await serveCompressed(buildDir);
  const site = `${server.origin}${server.base}`;
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumFlags});
  try {
    const results = [];
    for (const page of pages) results.push(await weighPage(browser, site, page, buildDir));
    return results;
  } finally {
    await browser.close();
    server.close();
  }
}

export function printWeight(
  results,
  title = 'Page weight (what Chromium loads; gzip as the deployed nginx sends it, level 5)',
) {
  printTable(
    title,
    [
      'Page',
      'Path',
      'JS files',
      'JS raw',
      'JS gzip',
      'CSS raw',
      'CSS gzip',
      'HTML raw',
      'HTML gzip',
      'Page data gzip',
      'Prefetched JS and data gzip',
    ],
    results.map((r) => [
      r.label,
      `/${r.path}`,
      r.js.files,
      kb(r.js.raw),
      kb(r.js.gz),
      kb(r.css.raw),
      kb(r.css.gz),
      kb(r.html.raw),
      kb(r.html.gz),
      kb(r.data.gz),
      kb(r.prefetch.gz),
    ]),
  );
}

// Run on its own: node scripts/bench-weight.mjs [buildDir] [--files]
if (import.meta.url === `file://${process.argv[1]}`) {
  const buildDir = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'build';
  const results = await measureWeight(buildDir);
  printWeight(results);
  if (process.argv.includes('--files')) {
    for (const r of results) {
      console.log(`\n${r.label} (/${r.path}):`);
      for (const s of r.scripts) console.log(`  ${kb(s.gz).padStart(9)} gzip  ${kb(s.raw).padStart(9)} raw  ${s.file}`);
    }
  }
}
