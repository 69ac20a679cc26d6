#!/usr/bin/env node
// `npm run pdf`: prints the guides of scripts/pdf-guides.mjs to PDF from the
// production build, with Chromium (Playwright's page.pdf):
//   dist/pdf/orrery-<guide>-<docs version>.pdf
// Each has a cover with the docs version, a table of contents with page
// numbers, then the chapters in sidebar order: the content of each page as
// the browser renders it (diagrams included), without navbar, sidebar or footer,
// with wrapped code blocks and links that stay inside the PDF where they can.
//
// Usage: node scripts/pdf.mjs [--dir build] [--out dist/pdf] [--only user-guide,api-guide]
// The base path is read from the build. Chromium: CHROMIUM_PATH or
// /usr/bin/chromium. Page numbers in the contents need pdftotext
// (poppler-utils); without it the contents list chapters without numbers.
import {execFile, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, promises as fs, readFileSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {promisify} from 'node:util';
import {chromium} from '@playwright/test';
import {buildBase} from './csp.mjs';
import {startServer} from './serve-lib.mjs';
import {GUIDES, chaptersOf, mermaidCounts, parseLlmsTxt} from './pdf-guides.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const PRINT_CSS = readFileSync(path.join(here, 'pdf-print.css'), 'utf8');
/** Chapters read at a time. */
const CONCURRENCY = 3;
/**
 * Guides printed at a time: one document's layout and printing leaves part of
 * a second core idle. On 2 cores all seven guides took 104–121 s printed one
 * at a time and 76–87 s two at a time (the chapters read without their
 * stylesheets and images in both).
 */
const PRINT_CONCURRENCY = 2;

const execFileAsync = promisify(execFile);

function hasPdftotext() {
  return spawnSync('pdftotext', ['-v'], {encoding: 'utf8'}).error === undefined;
}

/**
 * Text of each page of a PDF (pdftotext splits pages with form feeds). Not
 * spawnSync: the other guide printing meanwhile keeps its events flowing.
 */
export async function pdfPages(file) {
  const {stdout} = await execFileAsync('pdftotext', ['-layout', file, '-'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  }).catch((err) => {
    throw new Error(`pdftotext failed on ${file}: ${err.stderr || err.message}`);
  });
  return stdout.split('\f');
}

const escapeHtml = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c]);

/** The rendered Markdown content of the page open in `page`, ready to print (or null). */
function contentOf(page) {
  return page.evaluate(() => {
    const content = document.querySelector('.theme-doc-markdown');
    if (!content) return null;
    const copy = /** @type {HTMLElement} */ (content.cloneNode(true));
    copy.querySelectorAll('details').forEach((d) => d.setAttribute('open', ''));
    // The guides print in light mode: the dark drawing of each diagram would only be hidden weight.
    copy.querySelectorAll('[data-mermaid-variant="dark"]').forEach((d) => d.remove());
    // Absolute URLs for links and images: the PDF document has its own address.
    copy.querySelectorAll('a[href]').forEach((a) => a.setAttribute('href', /** @type {HTMLAnchorElement} */ (a).href));
    copy.querySelectorAll('img[src]').forEach((i) => i.setAttribute('src', /** @type {HTMLImageElement} */ (i).src));
    return copy.innerHTML;
  });
}

/** A diagram drawn into a chapter's content. */
const DRAWN_DIAGRAM = '.theme-doc-markdown .docusaurus-mermaid-container:has(svg)';

/** Number of drawn diagrams in the content of the page open in `page`. */
const drawnDiagrams = (page) => page.evaluate((selector) => document.querySelectorAll(selector).length, DRAWN_DIAGRAM);

/**
 * Loads one page and returns its rendered Markdown content. `pages.still` has
 * JavaScript off: the server-rendered HTML holds everything a chapter prints
 * (highlighted code, every tab, diagrams drawn at build time), and reading it
 * costs a fraction of a page start. Only a page whose diagrams the build left
 * to the browser (a build without Chromium) is loaded again in `pages.live`,
 * a page of `pages.context` (JavaScript on) opened the first time it is needed.
 * `wait` is how long the browser may take to draw them.
 */
export async function grabChapter(pages, url, diagrams, log, wait = 30_000) {
  const response = await pages.still.goto(url, {waitUntil: 'domcontentloaded'});
  if (!response || response.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
  if (diagrams === 0 || (await drawnDiagrams(pages.still)) >= diagrams) return contentOf(pages.still);
  pages.live ??= await pages.context.newPage();
  const {live} = pages;
  // Hydration is the signal; images load again in the print document.
  await live.goto(url, {waitUntil: 'domcontentloaded'});
  await live.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
  // The browser draws the diagrams after hydration with no placeholder: wait for as many as the
  // page's Markdown holds.
  try {
    await live.waitForFunction(
      ([selector, n]) => document.querySelectorAll(selector).length >= n,
      [DRAWN_DIAGRAM, diagrams],
      {
        timeout: wait,
      },
    );
  } catch {
    log(`Warning: ${url} drew fewer than ${diagrams} diagram(s) in ${wait / 1000} s.`);
  }
  return contentOf(live);
}

function documentHtml({guide, docsVersion, siteVersion, siteUrl, cssHref, toc, created}) {
  return `<!doctype html>
<html lang="en" dir="ltr" data-theme="light">
<head>
<meta charset="utf-8">
<title>Orrery ${escapeHtml(guide.title)} ${escapeHtml(docsVersion)}</title>
<link rel="stylesheet" href="${escapeHtml(cssHref)}">
<style>${PRINT_CSS}</style>
</head>
<body class="pdf-guide">
<section class="pdf-cover">
  <p class="pdf-cover__product">Orrery</p>
  <h1 class="pdf-cover__title">${escapeHtml(guide.title)}</h1>
  <p class="pdf-cover__subtitle">${escapeHtml(guide.subtitle)}</p>
  <dl class="pdf-cover__facts">
    <dt>Docs version</dt><dd>Orrery ${escapeHtml(docsVersion)}</dd>
    <dt>Printed</dt><dd>${escapeHtml(created)} from the documentation site ${escapeHtml(siteVersion)}</dd>
    <dt>Online</dt><dd>${escapeHtml(siteUrl)}</dd>
  </dl>
</section>
<nav class="pdf-toc" aria-label="Contents">
  <h1>Contents</h1>
  ${toc}
</nav>
<div id="pdf-chapters"></div>
</body>
</html>`;
}

/** The contents: chapters grouped under their sidebar headings, with page numbers when known. */
function tocHtml(chapters, pageOf) {
  let html = '<ol class="pdf-toc__list">';
  let lastPath = [];
  chapters.forEach((c, i) => {
    // Headings of sections entered since the previous chapter.
    let common = 0;
    while (common < lastPath.length && lastPath[common] === c.path[common]) common += 1;
    for (let d = common; d < c.path.length; d += 1) {
      html += `<li class="pdf-toc__part pdf-toc__part--${d}">${escapeHtml(c.path[d])}</li>`;
    }
    lastPath = c.path;
    const page = pageOf?.get(i);
    html +=
      `<li class="pdf-toc__chapter pdf-toc__chapter--${c.path.length}"><a href="#ch-${i}">` +
      `<span class="pdf-toc__title">${escapeHtml(c.title)}</span>` +
      `<span class="pdf-toc__page">${page ?? ''}</span></a></li>`;
  });
  return `${html}</ol>`;
}

/** Inserts the chapters into the print document, rewriting ids and links. */
async function fillChapters(page, {chapters, contents, markers, siteOrigin, serverOrigin}) {
  await page.evaluate(
    ({chapters, contents, markers, siteOrigin, serverOrigin}) => {
      const root = document.getElementById('pdf-chapters');
      if (!root) throw new Error('no #pdf-chapters');
      const chapterOf = new Map(chapters.map((c, i) => [new URL(c.url).pathname, i]));
      chapters.forEach((c, i) => {
        const article = document.createElement('article');
        article.className = 'pdf-chapter';
        article.id = `ch-${i}`;
        if (markers) {
          const marker = document.createElement('span');
          marker.className = 'pdf-marker';
          marker.textContent = `@@PDFCH${i}@@`;
          article.appendChild(marker);
        }
        const body = document.createElement('div');
        body.className = 'theme-doc-markdown markdown';
        body.innerHTML = contents[i] ?? '';
        // Unique anchors across chapters; diagrams keep theirs, which their own styles select.
        body.querySelectorAll('[id]').forEach((el) => {
          if (!el.closest('svg')) el.id = `ch-${i}-${el.id}`;
        });
        body.querySelectorAll('a[href]').forEach((a) => {
          const url = new URL(a.getAttribute('href') ?? '', serverOrigin);
          if (url.origin !== serverOrigin) return;
          const target = chapterOf.get(url.pathname);
          if (target !== undefined) {
            const hash = decodeURIComponent(url.hash.slice(1));
            a.setAttribute('href', hash ? `#ch-${target}-${hash}` : `#ch-${target}`);
          } else {
            a.setAttribute('href', `${siteOrigin}${url.pathname}${url.search}${url.hash}`);
          }
        });
        article.appendChild(body);
        root.appendChild(article);
      });
    },
    {chapters, contents, markers, siteOrigin, serverOrigin},
  );
  // Every image loaded before printing.
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
}

async function printGuide(context, o) {
  const {guide, chapters, contents, docsVersion, serverOrigin, base, outFile, numbers} = o;
  const page = await context.newPage();
  const url = `${serverOrigin}${base}__pdf__/${guide.slug}.html`;
  // `final` is false for the pass that only finds page numbers: no outline or tags to build.
  const render = async (pageOf, markers, final) => {
    const html = documentHtml({...o, toc: tocHtml(chapters, pageOf)});
    await page.route(url, (route) => route.fulfill({status: 200, contentType: 'text/html; charset=utf-8', body: html}));
    await page.goto(url, {waitUntil: 'load'});
    await page.unroute(url);
    await fillChapters(page, {chapters, contents, markers, siteOrigin: o.siteOrigin, serverOrigin});
    return page.pdf({
      format: 'A4',
      printBackground: true,
      outline: final,
      tagged: final,
      margin: {top: '16mm', bottom: '18mm', left: '16mm', right: '16mm'},
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate:
        '<div style="font-size:8px;width:100%;padding:0 16mm;color:#555;display:flex;justify-content:space-between">' +
        `<span>Orrery ${escapeHtml(guide.title)} · ${escapeHtml(docsVersion)}</span>` +
        '<span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>',
    });
  };
  let pdf;
  if (numbers) {
    // Pass 1 with invisible markers finds the page of each chapter; pass 2
    // prints the contents with those numbers (the layout does not move).
    const first = await render(undefined, true, false);
    const tmp = path.join(mkdtempSync(path.join(os.tmpdir(), 'orrery-pdf-')), 'pass1.pdf');
    await fs.writeFile(tmp, first);
    const pages = await pdfPages(tmp);
    rmSync(path.dirname(tmp), {recursive: true, force: true});
    const pageOf = new Map();
    pages.forEach((text, p) => {
      for (const m of text.matchAll(/@@PDFCH(\d+)@@/g)) if (!pageOf.has(Number(m[1]))) pageOf.set(Number(m[1]), p + 1);
    });
    pdf = await render(pageOf, false, true);
  } else {
    pdf = await render(undefined, false, true);
  }
  await page.close();
  await fs.writeFile(outFile, pdf);
}

/**
 * Prints the guides. Returns [{guide, file, chapters}].
 * @param {{buildDir?: string, outDir?: string, only?: string[], log?: (s: string) => void}} o
 */
export async function printGuides({buildDir = 'build', outDir = 'dist/pdf', only, log = console.log} = {}) {
  const llmsFile = path.join(buildDir, 'llms.txt');
  if (!existsSync(llmsFile)) {
    throw new Error(
      `${llmsFile} is missing: build the site first (npm run build, without ORRERY_LLMS_TXT=0); llms.txt lists the chapters.`,
    );
  }
  const llms = readFileSync(llmsFile, 'utf8');
  const {docsVersion, sections} = parseLlmsTxt(llms);
  const base = buildBase(buildDir);
  const siteOrigin = new URL(/^- \[[^\]]*\]\((\S+?)\)/m.exec(llms)?.[1] ?? 'http://localhost/').origin;
  const siteVersion = JSON.parse(readFileSync(path.join(here, '..', 'package.json'), 'utf8')).version;
  const cssHref = /<link rel="?stylesheet"? href="?([^"\s>]+\.css)/.exec(
    readFileSync(path.join(buildDir, 'index.html'), 'utf8'),
  )?.[1];
  if (!cssHref) throw new Error('The build has no stylesheet link in index.html.');
  const guides = GUIDES.filter((g) => !only || only.includes(g.slug));
  const plan = guides.map((guide) => ({guide, chapters: chaptersOf(guide, sections)}));
  for (const {guide, chapters} of plan) {
    if (chapters.length === 0) throw new Error(`The ${guide.title} has no chapters in ${llmsFile}.`);
  }
  const fullFile = path.join(buildDir, 'llms-full.txt');
  const diagrams = existsSync(fullFile) ? mermaidCounts(readFileSync(fullFile, 'utf8')) : new Map();
  const numbers = hasPdftotext();
  if (!numbers) log('pdftotext (poppler-utils) not found: the contents will have no page numbers.');

  const server = await startServer({buildDir, baseUrl: base, port: 0});
  const serverOrigin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const context = await browser.newContext({colorScheme: 'light', viewport: {width: 1000, height: 1400}});
    await context.addInitScript(() => {
      try {
        localStorage.setItem('theme', 'light');
      } catch {
        /* storage unavailable: the default is light anyway */
      }
    });
    // Every chapter once, a few pages at a time.
    const urls = [...new Set(plan.flatMap((p) => p.chapters.map((c) => c.url)))];
    const contents = new Map();
    const queue = [...urls];
    const stillContext = await browser.newContext({javaScriptEnabled: false});
    // Reading a chapter needs its HTML only: no stylesheet, image or font is fetched (a third of
    // the reading time). Links and image addresses are resolved without loading them.
    await stillContext.route('**/*', (route) =>
      route.request().resourceType() === 'document' ? route.continue() : route.abort(),
    );
    await Promise.all(
      Array.from({length: CONCURRENCY}, async () => {
        const pages = {still: await stillContext.newPage(), live: null, context};
        for (let url = queue.shift(); url; url = queue.shift()) {
          const local = `${serverOrigin}${new URL(url).pathname}`;
          const html = await grabChapter(pages, local, diagrams.get(url) ?? 0, log);
          if (html === null) throw new Error(`${local} has no doc content (.theme-doc-markdown).`);
          contents.set(url, html);
        }
        await pages.still.close();
        await pages.live?.close();
      }),
    );
    await stillContext.close();
    await fs.mkdir(outDir, {recursive: true});
    const created = new Date().toISOString().slice(0, 10);
    // Longest first, so that the last guide to start is a short one.
    const printQueue = [...plan].sort((a, b) => b.chapters.length - a.chapters.length);
    const printed = new Map();
    const printNext = async () => {
      for (let next = printQueue.shift(); next; next = printQueue.shift()) {
        const {guide, chapters} = next;
        const outFile = path.join(outDir, `orrery-${guide.slug}-${docsVersion}.pdf`);
        await printGuide(context, {
          guide,
          chapters,
          contents: chapters.map((c) => contents.get(c.url)),
          docsVersion,
          siteVersion,
          siteUrl: `${siteOrigin}${base}`,
          siteOrigin,
          serverOrigin,
          base,
          cssHref,
          created,
          outFile,
          numbers,
        });
        log(`Wrote ${outFile} (${chapters.length} chapters)`);
        printed.set(guide, {guide, file: outFile, chapters});
      }
    };
    await Promise.all(Array.from({length: PRINT_CONCURRENCY}, printNext));
    // In the order of GUIDES, whatever order they were printed in.
    return plan.map(({guide}) => printed.get(guide));
  } finally {
    await browser.close();
    server.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  try {
    await printGuides({
      buildDir: option('dir', 'build'),
      outDir: option('out', 'dist/pdf'),
      only: option('only', undefined)?.split(','),
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
