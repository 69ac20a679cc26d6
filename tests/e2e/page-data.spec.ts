import type {Page} from '@playwright/test';
import {test, expect, sitePath, hydrated} from './fixtures';
import {expectFullLoadWhenMissing, mark, marked} from './reload';

/**
 * Doc pages as data (src/plugins/page-data): a doc page's content comes from a JSON file, not a
 * script. The first load preloads that file with the page's scripts and fetches it once; a
 * navigation renders the next page from its file as the server rendered it; a missing file (a
 * deploy replaced it) ends in a full page load.
 */
const DATA_FILE = /\/assets\/pages\/[^/]+\.json$/;

/** The article's text, as a reader sees it (the diagrams' slots and code lines included). */
const articleText = (page: Page) => page.locator('article .theme-doc-markdown').innerText();
/**
 * The article's markup, style attributes left out: React sets a code block's colors as styles in
 * the browser, which serializes them another way than the server's HTML ("#1f2328" as "rgb(31, 35,
 * 40)"), for any page the browser renders, data or module.
 */
const articleHtml = async (page: Page) => (await page.locator('article').innerHTML()).replace(/ style="[^"]*"/g, '');

test("a doc page preloads its data file, fetches it once, and no script carries the page's text", async ({
  page,
  request,
  consoleErrors,
}) => {
  const path = sitePath('mission-modeling/value-schemas/');
  const html = await (await request.get(path)).text();
  const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous">/g)].map(
    (m) => m[1] ?? '',
  );
  expect(preloads).toHaveLength(1);
  expect(preloads[0]).toMatch(DATA_FILE);

  const fetched: string[] = [];
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (DATA_FILE.test(response.url())) fetched.push(response.url());
    else if (response.url().endsWith('.js')) scripts.push(await response.text().catch(() => ''));
  });
  await page.goto(path);
  await hydrated(page);
  const text = await articleText(page);
  expect(text.length).toBeGreaterThan(1000);
  // Its own file once (the preload's response serves the client's fetch); idle prefetch adds the
  // files of the pages it links to.
  expect(fetched.filter((u) => new URL(u).pathname === preloads[0])).toHaveLength(1);
  // A sentence of the page (its first paragraph's start) is in no script the page ran.
  const sentence = (await page.locator('article .theme-doc-markdown > p').first().innerText()).slice(0, 60);
  expect(sentence.length).toBe(60);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((body) => body.includes(sentence))).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('a navigation renders the next page from its data as the server rendered it', async ({page, consoleErrors}) => {
  // A page with tables, code blocks and a diagram, loaded from the server first: its article's
  // markup once hydrated (the diagram's slots filled by the build).
  const target = 'deployment/production-deployment/';
  await page.goto(sitePath(target));
  await hydrated(page);
  const served = await articleHtml(page);
  expect(served).toContain('<table');
  expect(served).toContain('<svg');

  // The same page reached from the sidebar of another one: the same markup, element for element
  // (the diagram's slots filled from its file, the code highlighted in the browser).
  await page.goto(sitePath('deployment/introduction/'));
  await hydrated(page);
  await mark(page);
  await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Production deployment', exact: true}).click();
  await expect(page).toHaveURL(new RegExp(`${sitePath(target)}$`));
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Production deployment');
  await expect.poll(() => articleHtml(page)).toBe(served);
  expect(await marked(page), 'the navigation stayed in the page').toBe(true);
  // Its data came from a file (prefetched while the first page was idle, or fetched on the way).
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => /\/assets\/pages\/[^/]+\.json$/.test(n)),
  );
  expect(loaded.length).toBeGreaterThanOrEqual(2);
  expect(consoleErrors).toEqual([]);
});

test('when the data file of the next page is missing (a deploy replaced it), the navigation loads the page from the server', async ({
  page,
  request,
}) => {
  // The first page's own data loads; any other data file is gone.
  const html = await (await request.get(sitePath('planning/anchors/'))).text();
  const own = /<link rel="preload" href="([^"]+)" as="fetch"/.exec(html)?.[1] ?? '';
  expect(own).toMatch(DATA_FILE);
  await expectFullLoadWhenMissing(page, DATA_FILE, async (route) => {
    if (new URL(route.request().url()).pathname === own) {
      await route.continue();
      return false;
    }
    await route.fulfill({status: 404, body: 'Not Found'});
    return true;
  });
});
