import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {BrowserContext, Page} from '@playwright/test';
import {test, expect} from './fixtures';

/**
 * `npm run pdf` over the build the deploy tests serve: one PDF per guide, each
 * with a cover naming the docs version, a table of contents with page
 * numbers, and every chapter (its title found in the text pdftotext
 * extracts), without the site's navbar, sidebar or footer.
 */
const normalize = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim();

test('npm run pdf prints every guide with a cover, contents and all its chapters', async ({server, target}) => {
  test.skip(target !== 'build', 'The PDFs are printed once, from the build.');
  test.setTimeout(300_000);
  const {ensureCommand} = await import('./nginx-harness.mjs');
  ensureCommand('pdftotext', 'poppler-utils');
  const {GUIDES, chaptersOf, parseLlmsTxt} = await import('../../scripts/pdf-guides.mjs');
  const {readFileSync} = await import('node:fs');
  const {docsVersion, sections} = parseLlmsTxt(readFileSync(path.join(server.siteDir, 'llms.txt'), 'utf8'));
  expect(docsVersion).toMatch(/^\d+\.\d+\.\d+$/);

  const out = mkdtempSync(path.join(os.tmpdir(), 'orrery-pdf-test-'));
  try {
    const run = spawnSync('npm', ['run', '--silent', 'pdf', '--', '--dir', server.siteDir, '--out', out], {
      encoding: 'utf8',
    });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    for (const guide of GUIDES) {
      const file = path.join(out, `orrery-${guide.slug}-${docsVersion}.pdf`);
      expect(existsSync(file), file).toBe(true);
      const pages = spawnSync('pdftotext', [file, '-'], {encoding: 'utf8', maxBuffer: 512 * 1024 * 1024}).stdout.split(
        '\f',
      );
      const text = normalize(pages.join(' '));
      const cover = normalize(pages[0] ?? '');
      expect(cover).toContain(guide.title);
      expect(cover).toContain(`Orrery ${docsVersion}`);
      expect(normalize(pages[1] ?? '')).toContain('Contents');
      const chapters = chaptersOf(guide, sections);
      expect(chapters.length, guide.slug).toBeGreaterThan(0);
      for (const chapter of chapters) {
        expect(text, `${guide.title}: chapter "${chapter.title}"`).toContain(normalize(chapter.title));
      }
      // The contents give each chapter's page: "<title> … <number>".
      expect(normalize(pages[1] ?? '')).toMatch(/\s\d+\s/);
      // No site chrome.
      for (const chrome of ['Skip to main content', 'Edit this page', 'Copyright ©', 'On this page']) {
        expect(text, `${guide.title} holds "${chrome}"`).not.toContain(chrome);
      }
    }
  } finally {
    rmSync(out, {recursive: true, force: true});
  }
});

test('a chapter is read with JavaScript off, and its page started only when diagrams are missing', async ({
  browser,
  server,
  target,
}) => {
  test.skip(target !== 'build', 'Checked once, over the build.');
  const {grabChapter} = await import('../../scripts/pdf.mjs');
  const url = `${server.origin}${server.base}planning/anchors/`;
  const still = await browser.newContext({javaScriptEnabled: false});
  const context = await browser.newContext();
  const logged: string[] = [];
  type Pages = {still: Page; live: Page | null; context: BrowserContext};
  try {
    // The build drew the page's one diagram: the server-rendered HTML is enough.
    const pages: Pages = {still: await still.newPage(), live: null, context};
    const html = await grabChapter(pages, url, 1, (line: string) => logged.push(line));
    expect(html).toContain('docusaurus-mermaid-container');
    expect(pages.live, 'no page started').toBeNull();
    // A page holding fewer drawings than its Markdown has diagrams (as from a build that left them
    // to the browser) is started, given time to draw them, and read after hydration.
    const short: Pages = {still: await still.newPage(), live: null, context};
    const again = await grabChapter(short, url, 2, (line: string) => logged.push(line), 1_000);
    expect(short.live, 'the page was started').not.toBeNull();
    expect(await short.live?.evaluate(() => document.documentElement.dataset.hasHydrated)).toBe('true');
    expect(again).toContain('docusaurus-mermaid-container');
    expect(logged).toEqual([`Warning: ${url} drew fewer than 2 diagram(s) in 1 s.`]);
  } finally {
    await still.close();
    await context.close();
  }
});
