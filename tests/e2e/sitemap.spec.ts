import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {test, expect, baseUrl, reportPolicyViolations} from './fixtures';
import {
  colorModeOf,
  diagramCounts,
  injectAxe,
  sampledAxeViolations,
  STYLE_RULES,
  toggleColorMode,
  waitForDiagrams,
  DIAGRAM_SELECTOR,
} from './axe';

/**
 * The one walk over every page of the built sitemap, through nginx with the
 * deploy configuration: each page answers 200, has exactly one h1, hydrates,
 * logs no console error and no Content-Security-Policy violation, and axe
 * finds no WCAG 2.0/2.1 A or AA (or best-practice) violation in light mode
 * nor in dark mode, Mermaid diagrams and code highlighting included. The list
 * is read from build/sitemap.xml when the tests are collected, so a new page
 * is walked too. Pages are walked in a few chunks, each in one browser page,
 * so the shared JavaScript and CSS come from the HTTP cache as they do for a
 * reader.
 *
 * Each page gets every rule in the mode it opens in, in one axe run; the two
 * rules whose result is a function of an element's style (text contrast,
 * links told from their text by colour) look only at the styles the worker
 * has not checked yet in that mode (sampledAxeViolations: they were most of
 * the walk's time, and a docs site repeats a few dozen styles on every page).
 * Then the navbar toggle switches the mode, and the rules whose result can
 * change with it run again on what is the page's own: those two on <main>
 * (the article, its table of contents and pagination), sampled as before;
 * on a page with diagrams, whose other drawing is now the one shown, every
 * rule over <main>, which holds them. Nothing else in
 * a page differs between the modes but the toggle's own label. The stored
 * mode carries over, so the next page opens in the other mode: the navbar,
 * sidebar and footer, the same on every page but for which links are open
 * and active, get every rule in both modes on half of the pages each.
 */
const sitemap = path.join(process.env.DEPLOY_BUILD_DIR ?? 'build', 'sitemap.xml');
const xml = existsSync(sitemap) ? readFileSync(sitemap, 'utf8') : '';
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
  test(`every page answers 200 with one h1, no console error or CSP violation, and no WCAG A/AA violation in either colour mode (part ${chunk + 1} of ${CHUNKS})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000 + slice.length * 15_000);
    // Reduced motion: the theme then switches colours without transitions to wait for.
    const context = await browser.newContext({reducedMotion: 'reduce', baseURL});
    await injectAxe(context);
    const page = await context.newPage();
    await reportPolicyViolations(page);
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
        const first = await colorModeOf(page);
        for (const line of await sampledAxeViolations(page)) violations.push(`${p} (${first}) ${line}`);
        const second = await toggleColorMode(page, count);
        // On a page with diagrams, every rule over <main>, the style rules sampled, in one run:
        // axe's cost is mostly per run and per rule, so this is cheaper than the style rules on
        // <main> and then every rule, contrast unsampled, on the diagrams.
        if (count > 0)
          expect.soft(await page.locator(`main ${DIAGRAM_SELECTOR}`).count(), `diagrams in <main> on ${p}`).toBe(count);
        const again = await sampledAxeViolations(
          page,
          count > 0 ? {within: 'main', include: ['main']} : {rules: [...STYLE_RULES], within: 'main'},
        );
        for (const line of again) violations.push(`${p} (${second}) ${line}`);
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
