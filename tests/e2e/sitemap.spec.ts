import {readFileSync} from 'node:fs';
import {test, expect, baseUrl} from './fixtures';

/**
 * Visits every page of the built sitemap: each answers 200, has exactly one
 * h1, hydrates, and logs no console error. The list is read from
 * build/sitemap.xml when the tests are collected, so a new page is walked
 * too. Pages are walked in a few chunks, each in one browser context, so the
 * shared JavaScript and CSS come from the HTTP cache as they do for a reader.
 */
const xml = readFileSync('build/sitemap.xml', 'utf8');
const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
const CHUNKS = 6;

test('the sitemap lists the whole site under the base path', () => {
  expect(paths.length).toBeGreaterThan(150);
  for (const p of paths) expect(p.startsWith(baseUrl)).toBe(true);
  expect(paths).toContain(`${baseUrl}glossary/`);
  expect(paths).toContain(`${baseUrl}3.4.0/glossary/`);
  expect(paths.some((p) => p.includes('/tests/'))).toBe(false);
});

for (let chunk = 0; chunk < CHUNKS; chunk += 1) {
  const slice = paths.filter((_, i) => i % CHUNKS === chunk);
  test(`every page answers 200 with one h1 and no console error (part ${chunk + 1} of ${CHUNKS})`, async ({
    browser,
  }) => {
    test.setTimeout(60_000 + slice.length * 15_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    let current = '';
    const errors: string[] = [];
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
    }
    expect(errors).toEqual([]);
    await context.close();
  });
}
