import {readFileSync} from 'node:fs';
import {test, expect, baseUrl} from './fixtures';

/**
 * Visits every page of the built sitemap: each answers 200, has exactly one
 * h1 and logs no console error. The list is read from build/sitemap.xml when
 * the tests are collected, so a page added to the site is walked too.
 */
const xml = readFileSync('build/sitemap.xml', 'utf8');
const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);

test('the sitemap lists the whole site under the base path', () => {
  expect(paths.length).toBeGreaterThan(150);
  for (const p of paths) expect(p.startsWith(baseUrl)).toBe(true);
  expect(paths).toContain(`${baseUrl}glossary/`);
  expect(paths.some((p) => p.includes('/tests/'))).toBe(false);
});

for (const p of paths) {
  test(`page ${p}`, async ({page, consoleErrors}) => {
    const response = await page.goto(p, {waitUntil: 'load'});
    expect(response?.status(), `status of ${p}`).toBe(200);
    await expect(page.locator('h1')).toHaveCount(1);
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    expect(consoleErrors, `console errors on ${p}`).toEqual([]);
  });
}
