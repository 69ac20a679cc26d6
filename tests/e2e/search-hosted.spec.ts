import type {Page, Route} from '@playwright/test';
import {test as base, expect, sitePath, hydrated} from './fixtures';
import {input, leftPage, modal, stored} from './search-helpers';

/**
 * Hosted search (Algolia DocSearch): the site built with ALGOLIA_* set to test
 * values (scripts/search-hosted-build.mjs → build-hosted/, project
 * "hosted-search"). The browser's requests to Algolia's hosts are answered
 * here; any other request off the site fails the test.
 */
const APP_ID = 'TESTAPP';
const INDEX = 'orrery-e2e';
const ORIGIN = 'https://orrery-space.github.io';

interface Hit {
  url: string;
  lvl0: string;
  lvl1: string;
  lvl2?: string;
  type?: 'lvl1' | 'lvl2' | 'content';
  content?: string;
}

/** An Algolia record as the DocSearch crawler stores it, with highlight and snippet data. */
function record(hit: Hit, query: string, i: number) {
  const mark = (text: string) =>
    text.replace(new RegExp(`(${query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`, 'gi'), '<mark>$1</mark>');
  const hierarchy = {
    lvl0: hit.lvl0,
    lvl1: hit.lvl1,
    lvl2: hit.lvl2 ?? null,
    lvl3: null,
    lvl4: null,
    lvl5: null,
    lvl6: null,
  };
  const levels = Object.fromEntries(
    Object.entries(hierarchy)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, {value: mark(String(v)), matchLevel: 'full', matchedWords: [query]}]),
  );
  return {
    objectID: `record-${i}`,
    url: hit.url,
    url_without_anchor: hit.url.split('#')[0],
    anchor: hit.url.split('#')[1] ?? null,
    type: hit.type ?? (hit.lvl2 ? 'lvl2' : 'lvl1'),
    content: hit.content ?? null,
    hierarchy,
    _highlightResult: {
      hierarchy: levels,
      ...(hit.content ? {content: {value: mark(hit.content), matchLevel: 'full', matchedWords: [query]}} : {}),
    },
    _snippetResult: {
      hierarchy: levels,
      ...(hit.content ? {content: {value: mark(hit.content), matchLevel: 'full'}} : {}),
    },
  };
}

const INDEX_HITS: Hit[] = [
  {url: `${ORIGIN}/orrery/planning/anchors/`, lvl0: 'Planning', lvl1: 'Anchors', content: 'Anchor a directive'},
  {
    url: `${ORIGIN}/orrery/planning/anchors/#the-anchor-graph`,
    lvl0: 'Planning',
    lvl1: 'Anchors',
    lvl2: 'The anchor graph',
  },
  {url: `${ORIGIN}/orrery/api/examples/planning/anchors/`, lvl0: 'API', lvl1: 'Anchors with the API'},
  {url: `${ORIGIN}/orrery/glossary/`, lvl0: 'Docs', lvl1: 'Glossary', type: 'content', content: 'Anchor: a link'},
  ...Array.from({length: 10}, (_, i) => ({
    url: `${ORIGIN}/orrery/upgrade-guides/3-4-0-to-3-5-0/#step-${i}`,
    lvl0: 'Upgrade Guides',
    lvl1: '3.4.0 to 3.5.0',
    lvl2: `Anchor step ${i}`,
  })),
  {url: 'https://javadoc.orrery.example/anchors/index.html', lvl0: 'Javadoc', lvl1: 'Anchor class'},
];

interface AlgoliaRequest {
  indexName: string;
  query?: string;
  hitsPerPage?: number;
  page?: number;
  [key: string]: unknown;
}

interface Mock {
  /** Every search request body seen, and the URL it went to. */
  calls: {url: string; requests: AlgoliaRequest[]}[];
  /** 'answer' (default), 'empty' (no hits) or 'down' (every host unreachable). */
  mode: 'answer' | 'empty' | 'down';
}

const test = base.extend<{algolia: Mock}>({
  algolia: [
    async ({page, baseURL}, use) => {
      const mock: Mock = {calls: [], mode: 'answer'};
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const offSite: string[] = [];
      const answer = async (route: Route) => {
        const request = route.request();
        const url = new URL(request.url());
        if (/(^|\.)algolia(net)?\.(net|com|io)$/.test(url.hostname)) {
          const cors = {'access-control-allow-origin': origin, 'access-control-allow-headers': '*'};
          if (request.method() === 'OPTIONS') return route.fulfill({status: 204, headers: cors});
          if (mock.mode === 'down') return route.abort('internetdisconnected');
          if (!url.pathname.endsWith('/queries')) return route.fulfill({status: 404, headers: cors, json: {}});
          const body = request.postDataJSON() as {requests: AlgoliaRequest[]};
          mock.calls.push({url: request.url(), requests: body.requests});
          const results = body.requests.map((r) => {
            const query = String(r.query ?? '');
            const matching =
              mock.mode === 'empty' || !query
                ? []
                : INDEX_HITS.filter((h) => JSON.stringify(h).toLowerCase().includes(query.toLowerCase()));
            const hitsPerPage = r.hitsPerPage ?? 20;
            const hits = matching.slice(0, hitsPerPage).map((h, i) => record(h, query, i));
            return {
              hits,
              nbHits: matching.length,
              page: r.page ?? 0,
              nbPages: matching.length ? 1 : 0,
              hitsPerPage,
              query,
              params: '',
              index: r.indexName,
              processingTimeMS: 1,
              exhaustiveNbHits: true,
              facets: {},
            };
          });
          return route.fulfill({status: 200, headers: cors, json: {results}});
        }
        if (url.hostname === 'javadoc.orrery.example') {
          return route.fulfill({
            contentType: 'text/html',
            body: '<!doctype html><title>Javadoc</title><h1>Anchor class</h1>',
          });
        }
        if (url.origin === origin) return route.fallback();
        offSite.push(request.url());
        return route.abort();
      };
      await page.context().route('**/*', answer);
      await use(mock);
      expect(offSite, 'requests that left the site').toEqual([]);
    },
    {auto: true},
  ],
});

async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(sitePath(path));
  await hydrated(page);
}

async function search(page: Page, query: string): Promise<void> {
  if (!(await modal(page).isVisible())) await page.keyboard.press('Control+k');
  await expect(modal(page)).toBeVisible();
  await input(page).fill(query);
}

test.describe('hosted search: the DocSearch modal on Algolia', () => {
  test('the configuration: preconnect hint, request shape, contextual filters, extra parameters, no insights', async ({
    page,
    algolia,
  }) => {
    await openPage(page, 'planning/anchors/');
    await expect(
      page.locator(`link[rel="preconnect"][href="https://${APP_ID}-dsn.algolia.net"]`).first(),
    ).toBeAttached();
    await search(page, 'anchor');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    const call = algolia.calls.at(-1);
    expect(call).toBeDefined();
    const url = new URL(call?.url ?? 'http://x');
    expect(url.hostname).toBe(`${APP_ID.toLowerCase()}-dsn.algolia.net`);
    expect(url.pathname).toBe('/1/indexes/*/queries');
    expect(url.searchParams.get('x-algolia-application-id')).toBe(APP_ID);
    expect(url.searchParams.get('x-algolia-api-key')).toBe('test-search-only-key');
    const [request] = call?.requests ?? [];
    expect(request).toMatchObject({
      indexName: INDEX,
      query: 'anchor',
      hitsPerPage: 20,
      clickAnalytics: false,
      highlightPreTag: '<mark>',
      highlightPostTag: '</mark>',
      snippetEllipsisText: '…',
      analyticsTags: ['orrery-e2e'],
      facetFilters: [
        'language:en',
        [
          'docusaurus_tag:default',
          'docusaurus_tag:docs-default-current',
          'docusaurus_tag:docs-api-current',
          'docusaurus_tag:docs-upgrade-guides-current',
        ],
      ],
    });
    expect(request?.attributesToSnippet).toContain('content:10');
    expect(request?.attributesToRetrieve).toEqual(expect.arrayContaining(['hierarchy.lvl0', 'content', 'type', 'url']));

    // From the 3.4.0 docs the filters name 3.4.0.
    const v340 = await page.request.get(sitePath('3.4.0/planning/anchors/'));
    if (v340.status() === 200) {
      await page.keyboard.press('Escape');
      await openPage(page, '3.4.0/planning/anchors/');
      await search(page, 'graph');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
      expect(JSON.stringify(algolia.calls.at(-1)?.requests[0]?.facetFilters)).toContain(
        'docusaurus_tag:docs-default-3.4.0',
      );
    }
  });

  test('Ctrl+K, Command+K and / open the modal, Escape closes it; placeholder and 64-character cap', async ({page}) => {
    await openPage(page, 'introduction/');
    for (const open of ['Control+k', 'Meta+k', '/']) {
      await page.keyboard.press(open);
      await expect(modal(page), open).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(modal(page)).toBeHidden();
    }
    await page.keyboard.press('Control+k');
    await expect(input(page)).toHaveAttribute('placeholder', 'Search docs');
    await input(page).pressSequentially('y'.repeat(70));
    await expect(input(page)).toHaveValue('y'.repeat(64));
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await expect(input(page)).toHaveValue('');
    await expect(page.locator('.DocSearch-StartScreen')).toContainText('No recent searches');
  });

  test('the initial query is the text selected on the page, cut to 64 characters', async ({page}) => {
    await openPage(page, 'planning/anchors/');
    const selected = await page.evaluate(() => {
      const p = Array.from(document.querySelectorAll('article p')).find((el) => (el.textContent ?? '').length > 80);
      if (!p) throw new Error('no long paragraph');
      getSelection()?.selectAllChildren(p);
      return getSelection()?.toString() ?? '';
    });
    await page.keyboard.press('Control+k');
    await expect(input(page)).toHaveValue(selected.slice(0, 64));
  });

  test('results are grouped by section, at most 8 per group', async ({page}) => {
    await openPage(page, 'introduction/');
    await search(page, 'anchor');
    const sources = page.locator('.DocSearch-Hit-source');
    await expect(sources.first()).toBeVisible();
    expect(await sources.allTextContents()).toEqual(['Planning', 'API', 'Docs', 'Upgrade Guides', 'Javadoc']);
    const upgrade = page.locator('.DocSearch-Hits').filter({hasText: 'Upgrade Guides'});
    await expect(upgrade.locator('.DocSearch-Hit')).toHaveCount(8);
    await expect(page.locator('.DocSearch-Hit mark').first()).toBeVisible();
  });

  test("no results: 'No results for' and 'Try searching for' suggestions", async ({page, algolia}) => {
    await openPage(page, 'introduction/');
    await search(page, 'anchor');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    algolia.mode = 'empty';
    await input(page).fill('qqzzyxv');
    const none = page.locator('.DocSearch-NoResults');
    await expect(none).toContainText('No results for');
    await expect(none.locator('.DocSearch-Title')).toContainText('"qqzzyxv"');
    await expect(none).toContainText('Try searching for');
    const suggestions = none.locator('.DocSearch-NoResults-Prefill-List button');
    expect(await suggestions.count()).toBeGreaterThan(0);
    expect(await suggestions.count()).toBeLessThanOrEqual(3);
  });

  test("every host unreachable: 'Unable to fetch results'", async ({page, algolia}) => {
    algolia.mode = 'down';
    await openPage(page, 'introduction/');
    await search(page, 'anchor');
    const error = page.locator('.DocSearch-ErrorScreen');
    await expect(error).toContainText('Unable to fetch results');
    await expect(error).toContainText('You might want to check your network connection.');
  });

  test('selecting a hit navigates inside the site and saves it; favourite and remove', async ({page}) => {
    await openPage(page, 'introduction/');
    await page.evaluate(() => ((window as unknown as {marker: number}).marker = 1));
    await search(page, 'graph');
    const hit = page.locator('.DocSearch-Hit a').first();
    // The record's URL is the public site's; the theme turns it into this site's path.
    await expect(hit).toHaveAttribute('href', `${sitePath('planning/anchors/')}#the-anchor-graph`);
    const h1 = await page.locator('h1').first().textContent();
    await hit.click();
    await expect(page).toHaveURL(new RegExp(`${sitePath('planning/anchors/')}#the-anchor-graph$`));
    await leftPage(page, h1);
    expect(await page.evaluate(() => (window as unknown as {marker?: number}).marker)).toBe(1);
    await expect.poll(() => stored(page, 'RECENT')).toBe(1);
    await page.keyboard.press('Control+k');
    const recent = page.locator('.DocSearch-Hits').filter({hasText: 'Recent'});
    await expect(recent.locator('.DocSearch-Hit')).toHaveCount(1);
    await recent.getByTitle('Save this search').click();
    // DocSearch moves it when the item's CSS transition ends.
    await expect.poll(() => stored(page, 'FAVORITE'), {timeout: 10_000}).toBe(1);
    const favourites = page.locator('.DocSearch-Hits').filter({hasText: 'Favorite'});
    await expect(favourites.locator('.DocSearch-Hit')).toHaveCount(1);
    await favourites.getByTitle('Remove this search from favorites').click();
    await expect(page.locator('.DocSearch-StartScreen')).toContainText('No recent searches');
  });

  test('a modifier-click opens a new tab and keeps the modal open', async ({page, context}) => {
    await openPage(page, 'introduction/');
    await search(page, 'graph');
    const hit = page.locator('.DocSearch-Hit a').first();
    const [tab] = await Promise.all([context.waitForEvent('page'), hit.click({modifiers: ['Control']})]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(sitePath('planning/anchors/'));
    await expect(modal(page)).toBeVisible();
    await tab.close();
  });

  test('a hit matching the external-URL pattern loads as a full page', async ({page}) => {
    await openPage(page, 'introduction/');
    await search(page, 'anchor class');
    const external = page.locator('.DocSearch-Hit a[href="https://javadoc.orrery.example/anchors/index.html"]');
    await expect(external).toBeVisible();
    // Selecting it (pointer over it, Enter) leaves the site in this tab.
    await external.hover();
    await Promise.all([
      page.waitForURL('https://javadoc.orrery.example/anchors/index.html'),
      input(page).press('Enter'),
    ]);
    await expect(page.getByRole('heading', {name: 'Anchor class'})).toBeVisible();
  });
});

test.describe('hosted search: the search page on Algolia', () => {
  test('/search/?q= shows the results; a query holding HTML is shown as text', async ({page, algolia}) => {
    await openPage(page, 'search/?q=graph');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "graph"');
    const first = page.locator('main article').first();
    await expect(first.locator('h2 a')).toHaveAttribute('href', `${sitePath('planning/anchors/')}#the-anchor-graph`);
    await expect(page.getByRole('link', {name: 'Powered by Algolia'})).toBeVisible();
    expect(algolia.calls.some((c) => c.requests.some((r) => r.query === 'graph' && r.indexName === INDEX))).toBe(true);

    const query = '<img src=x onerror="window.__searchXss=1">';
    await openPage(page, `search/?q=${encodeURIComponent(query)}`);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(`Search results for "${query}"`);
    await expect(page.getByText('No results were found')).toBeVisible();
    expect(await page.locator('main img[src="x"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as {__searchXss?: number}).__searchXss)).toBeUndefined();
  });
});
