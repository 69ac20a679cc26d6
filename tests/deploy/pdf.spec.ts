import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
