import type {Page} from '@playwright/test';
import {test, expect, sitePath, hydrated} from './fixtures';

/**
 * Idle prefetch (the navigation plugin's client module): the links a page
 * shows have the chunks of their pages prefetched while the browser is idle,
 * each chunk once, and never a chunk the page has already loaded. Docusaurus's
 * own `window.docusaurus.prefetch`, which the module replaces, appends a
 * <link rel="prefetch"> per chunk per link at once, repeats shared chunks and
 * prefetches scripts the page already runs.
 */

const from = 'tutorials/mission-modeling/first-build/';
const to = 'tutorials/mission-modeling/first-resource/';
const isPrism = (body: string): boolean => body.includes('.languages.extend(') || body.includes('"./prism-');
/** What a page's routes load: scripts, and a doc page's data file (src/plugins/page-data). */
const isRouteResource = (url: string): boolean => url.endsWith('.js') || /\/assets\/pages\/[^/]+\.json$/.test(url);

interface PrefetchReport {
  hrefs: string[];
  /** Prefetched hrefs that the page already has as scripts. */
  alreadyLoaded: string[];
}

/** The page's prefetch links once their number has stopped changing (the idle queue is done). */
async function settledPrefetches(page: Page): Promise<PrefetchReport> {
  await page.goto(sitePath(from));
  await hydrated(page);
  let last = -1;
  await expect
    .poll(
      async () => {
        const count = await page.evaluate(() => document.querySelectorAll('link[rel="prefetch"]').length);
        const settled = count > 0 && count === last;
        last = count;
        return settled;
      },
      {intervals: [500], timeout: 15_000},
    )
    .toBe(true);
  return page.evaluate(() => {
    const hrefs = Array.from(document.querySelectorAll('link[rel="prefetch"]')).map(
      (l) => l.getAttribute('href') ?? '',
    );
    const scripts = new Set(Array.from(document.querySelectorAll('script[src]')).map((s) => s.getAttribute('src')));
    return {hrefs, alreadyLoaded: hrefs.filter((h) => scripts.has(h))};
  });
}

/** What breaks "each chunk once, nothing loaded twice". */
function problems(report: PrefetchReport): string[] {
  const found: string[] = [];
  const repeated = report.hrefs.length - new Set(report.hrefs).size;
  if (repeated > 0) found.push(`${repeated} chunks prefetched more than once`);
  if (report.alreadyLoaded.length > 0) found.push(`${report.alreadyLoaded.length} loaded scripts prefetched again`);
  return found;
}

test.describe('idle prefetch', () => {
  test('a page prefetches the chunks of the links it shows while idle, each once, and the next page needs no others', async ({
    page,
    consoleErrors,
  }) => {
    const requests = new Map<string, number>();
    page.on('request', (request) => {
      if (isRouteResource(request.url())) requests.set(request.url(), (requests.get(request.url()) ?? 0) + 1);
    });
    const report = await settledPrefetches(page);
    expect(problems(report)).toEqual([]);
    expect(report.hrefs.length).toBeGreaterThan(3);
    const twice = [...requests].filter(([, n]) => n > 1).map(([url]) => url);
    expect(twice, 'no script or page data is fetched twice').toEqual([]);
    // The links' pages are data: their files are among the prefetches.
    expect(report.hrefs.some((h) => /\/assets\/pages\/[^/]+\.json$/.test(h))).toBe(true);

    // A sidebar link the page shows: the scripts its page runs were all prefetched.
    const prefetched = new Set(report.hrefs.map((h) => new URL(h, page.url()).href));
    const before = await page.evaluate(() => performance.getEntriesByType('resource').length);
    const heading = page.getByRole('heading', {level: 1});
    const fromTitle = (await heading.textContent()) ?? '';
    await page
      .getByRole('navigation', {name: 'Docs sidebar'})
      .locator(`a[href="${sitePath(to)}"]`)
      .click();
    await expect(page).toHaveURL(new RegExp(`${sitePath(to)}$`));
    // The next page's own heading: the URL changes as the navigation starts, while the previous
    // page still shows, before the next page's scripts have loaded.
    await expect(heading).not.toHaveText(fromTitle);
    await expect(heading).toBeVisible();
    const loadedByClick = await page.evaluate(
      (n) =>
        performance
          .getEntriesByType('resource')
          .slice(n)
          .map((e) => e.name)
          .filter((name) => name.endsWith('.js') || /\/assets\/pages\/[^/]+\.json$/.test(name)),
      before,
    );
    expect(loadedByClick.filter((url) => prefetched.has(url)).length).toBeGreaterThan(0);
    // The only others: the Prism chunks, loaded on demand when code renders (no route's chunks or data).
    const others = [];
    for (const url of loadedByClick.filter((u) => !prefetched.has(u))) {
      if (!isPrism(await (await page.request.get(url)).text())) others.push(url);
    }
    expect(others, 'scripts and data the next page loaded that were not prefetched').toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  // The counter-case: with the module switched off (Docusaurus's prefetch kept
  // in window.docusaurus), the same page fails the check above.
  test('with Docusaurus own prefetch in its place, the check finds repeated and loaded chunks', async ({page}) => {
    await page.addInitScript(() => {
      let first: unknown;
      Object.defineProperty(window, 'docusaurus', {
        configurable: true,
        get: () => first,
        set: (value) => {
          first ??= value;
        },
      });
    });
    const found = problems(await settledPrefetches(page));
    expect(found.length).toBeGreaterThanOrEqual(2);
  });
});
