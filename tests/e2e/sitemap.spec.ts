import {readFileSync} from 'node:fs';
import {test, expect, baseUrl} from './fixtures';
import {axeViolations, colorModeOf, diagramCounts, toggleColorMode, waitForDiagrams} from './axe';

/**
 * Visits every page of the built sitemap: each answers 200, has exactly one
 * h1, hydrates, logs no console error, and axe finds no WCAG 2.0/2.1 A or AA
 * violation in light mode nor in dark mode, Mermaid diagrams and code
 * highlighting included. The list is read from build/sitemap.xml when the
 * tests are collected, so a new page is walked too. Pages are walked in a few
 * chunks, each in one browser page, so the shared JavaScript and CSS come
 * from the HTTP cache as they do for a reader. Each page is checked in the
 * mode it opens in, then switched with the navbar toggle and checked again;
 * the stored mode carries over, so the next page opens in the other mode.
 */
const xml = readFileSync('build/sitemap.xml', 'utf8');
const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
const diagrams = diagramCounts();
const CHUNKS = 6;

// The chunks share no state: let both workers take them.
test.describe.configure({mode: 'parallel'});

test('the sitemap lists the whole site under the base path', () => {
  expect(paths.length).toBeGreaterThan(150);
  for (const p of paths) expect(p.startsWith(baseUrl)).toBe(true);
  expect(paths).toContain(`${baseUrl}glossary/`);
  expect(paths).toContain(`${baseUrl}3.4.0/glossary/`);
  expect(paths.some((p) => p.includes('/tests/'))).toBe(false);
});

test('the diagram counts the sweep waits for cover the doc pages', () => {
  // From .docusaurus/ (see diagramCounts): an empty map would let a page
  // whose diagrams the build did not draw pass unnoticed.
  expect(diagrams.get(`${baseUrl}planning/anchors/`)).toBe(1);
  expect(diagrams.get(`${baseUrl}3.4.0/planning/anchors/`)).toBe(1);
  expect(paths.filter((p) => diagrams.has(p)).length).toBeGreaterThan(paths.length * 0.9);
});

for (let chunk = 0; chunk < CHUNKS; chunk += 1) {
  const slice = paths.filter((_, i) => i % CHUNKS === chunk);
  test(`every page answers 200 with one h1, no console error and no WCAG A/AA violation in either colour mode (part ${chunk + 1} of ${CHUNKS})`, async ({
    browser,
  }) => {
    test.setTimeout(60_000 + slice.length * 15_000);
    // Reduced motion: the theme then switches colours without transitions to wait for.
    const context = await browser.newContext({reducedMotion: 'reduce'});
    const page = await context.newPage();
    let current = '';
    const errors: string[] = [];
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(`${current}: ${msg.text()}`);
    });
    page.on('pageerror', (err) => errors.push(`${current}: ${err.message}`));
    for (const p of slice) {
      current = p;
      const response = await page.goto(p, {waitUntil: 'load'});
      expect.soft(response?.status(), `status of ${p}`).toBe(200);
      expect.soft(await page.locator('h1').count(), `h1 elements on ${p}`).toBe(1);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      const count = diagrams.get(p) ?? 0;
      try {
        await waitForDiagrams(page, count);
        for (let pass = 0; pass < 2; pass += 1) {
          if (pass === 1) await toggleColorMode(page, count);
          const mode = await colorModeOf(page);
          for (const line of await axeViolations(page)) violations.push(`${p} (${mode}) ${line}`);
        }
      } catch (err) {
        violations.push(`${p}: not checked: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    expect.soft(errors).toEqual([]);
    const pages = new Set(violations.map((v) => v.split(' ')[0])).size;
    expect(violations, `${violations.length} WCAG violation(s) or unchecked pages on ${pages} page(s)`).toEqual([]);
    await context.close();
  });
}
