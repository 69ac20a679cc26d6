import AxeBuilder from '@axe-core/playwright';
import type {Page, Request} from '@playwright/test';
import {test as base, expect, sitePath, hydrated} from './fixtures';
import {input, leftPage, modal, stored} from './search-helpers';
import {decodeHeadKeys} from '../../src/plugins/search-pagefind/client/head';

/**
 * Embedded search (the default build: no Algolia variables): the DocSearch
 * modal and the /search/ page answered from the Pagefind index in
 * build/pagefind/. Every test fails if the browser asks anything of a host
 * other than the site's own.
 */
const test = base.extend<{offSite: string[]}>({
  offSite: [
    async ({page, baseURL}, use) => {
      const offSite: string[] = [];
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      await page.route('**/*', (route) => {
        const url = route.request().url();
        if (new URL(url).origin === origin) return route.fallback();
        offSite.push(url);
        return route.abort();
      });
      await use(offSite);
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

/** The hits shown, per group header, once they are the answer to `query` (its first word is highlighted). */
async function groups(page: Page, query: string): Promise<{section: string; hits: string[]}[]> {
  const word = query.split(' ')[0] ?? query;
  await expect(page.locator('.DocSearch-Hits mark').first()).toHaveText(new RegExp(word.slice(0, 5), 'i'));
  return page.locator('.DocSearch-Hits').evaluateAll((sections) =>
    sections.map((s) => ({
      section: s.querySelector('.DocSearch-Hit-source')?.textContent ?? '',
      hits: Array.from(s.querySelectorAll('.DocSearch-Hit a')).map((a) => a.getAttribute('href') ?? ''),
    })),
  );
}

test.describe('embedded search: the DocSearch modal', () => {
  test('Ctrl+K, Command+K and / open the modal; Escape closes it', async ({page}) => {
    await openPage(page, 'planning/anchors/');
    for (const open of ['Control+k', 'Meta+k', '/']) {
      await page.keyboard.press(open);
      await expect(modal(page), open).toBeVisible();
      await expect(input(page)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(modal(page)).toBeHidden();
    }
    // The button opens it too; off Apple platforms its name holds the Ctrl key cap.
    const button = page.getByRole('button', {name: 'Search Ctrl K', exact: true});
    await expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K');
    await button.click();
    await expect(modal(page)).toBeVisible();
  });

  test('on Apple platforms the button shows Command+K', async ({page}) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'platform', {get: () => 'MacIntel'}));
    await openPage(page, 'introduction/');
    await expect(page.getByRole('button', {name: 'Search ⌘ K', exact: true})).toHaveAttribute(
      'aria-keyshortcuts',
      'Meta+K',
    );
    await expect(page.locator('.DocSearch-Button-Key').first()).toHaveText('⌘');
    await page.keyboard.press('Meta+k');
    await expect(modal(page)).toBeVisible();
  });

  test('Escape closes the modal and clears the query; Escape when closed does nothing', async ({page}) => {
    await openPage(page, 'introduction/');
    await search(page, 'anchor');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(modal(page)).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(modal(page)).toBeHidden();
    await page.keyboard.press('Control+k');
    await expect(input(page)).toHaveValue('');
    await expect(page.locator('.DocSearch-StartScreen')).toContainText('No recent searches');
  });

  test("placeholder 'Search docs', input capped at 64 characters, footer key hints", async ({page}) => {
    await openPage(page, 'introduction/');
    await page.keyboard.press('Control+k');
    await expect(input(page)).toHaveAttribute('placeholder', 'Search docs');
    await expect(input(page)).toHaveAttribute('maxlength', '64');
    await input(page).pressSequentially('x'.repeat(70));
    await expect(input(page)).toHaveValue('x'.repeat(64));
    const footer = page.locator('.DocSearch-Footer');
    for (const hint of ['Select', 'Navigate', 'Close']) await expect(footer).toContainText(hint);
    // Algolia plays no part in embedded mode: its footer logo is hidden.
    await expect(footer.locator('.DocSearch-Logo')).toBeHidden();
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

  test('start screen, then results grouped by top-level section, with the page as parent', async ({page}) => {
    await openPage(page, 'introduction/');
    await page.keyboard.press('Control+k');
    await expect(page.locator('.DocSearch-StartScreen')).toHaveText(/No recent searches/);
    await input(page).fill('anchor');
    const found = await groups(page, 'anchor');
    const sections = found.map((g) => g.section);
    expect(sections).toEqual(expect.arrayContaining(['Planning', 'API']));
    expect(new Set(sections).size).toBe(sections.length);
    const planning = found.find((g) => g.section === 'Planning');
    expect(planning?.hits).toContain(sitePath('planning/anchors/'));
    expect(planning?.hits.some((h) => h.startsWith(`${sitePath('planning/anchors/')}#`))).toBe(true);
    for (const g of found) expect(g.hits.length).toBeLessThanOrEqual(8);
    // API pages are in the API group, never in Planning.
    expect(found.find((g) => g.section === 'API')?.hits.every((h) => h.startsWith(sitePath('api/')))).toBe(true);
    // Section hits sit under their page (DocSearch's tree lines) and highlight the words found.
    await expect(page.locator('.DocSearch-Hit--Child').first()).toBeVisible();
    await expect(page.locator('.DocSearch-Hit mark').first()).toHaveText(/anchor/i);
    await expect(page.getByRole('link', {name: /See all \d+ results/})).toBeVisible();
  });

  test('a precomputed one-word query shows the hits Pagefind gives, without loading Pagefind', async ({
    page,
    context,
  }) => {
    // The commonest words come precomputed (src/plugins/search-pagefind/client/head.ts); "the" is one here.
    const manifestFile = (await (await page.request.get(sitePath('pagefind/head.json'))).json()) as {keys: string};
    const manifest = {keys: decodeHeadKeys(manifestFile.keys)};
    expect(manifest.keys).toContain('the');
    const hitsOf = (p: Page) =>
      p
        .locator('.DocSearch-Hit a')
        .evaluateAll((links) =>
          links.map((a) => `${a.getAttribute('href')} ${(a as HTMLElement).innerText.replace(/\s+/g, ' ')}`),
        );
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await openPage(page, 'planning/anchors/');
    await search(page, 'the');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    const precomputed = await hitsOf(page);
    expect(precomputed.length).toBeGreaterThan(3);
    const searchFiles = fetched.filter((p) => p.includes('/pagefind/'));
    expect(searchFiles.some((p) => /\/pagefind\/head\/[0-9a-f]+\/[0-9a-z]+\.json$/.test(p))).toBe(true);
    expect(
      searchFiles.filter((p) => /pagefind\.js|wasm\.|\.pf_/.test(p)),
      'Pagefind files',
    ).toEqual([]);

    // Without the manifest Pagefind answers, with the same hits.
    const other = await context.newPage();
    await other.route('**/pagefind/head.json', (route) => route.fulfill({status: 404, body: ''}));
    const loaded: string[] = [];
    other.on('request', (r) => loaded.push(new URL(r.url()).pathname));
    await openPage(other, 'planning/anchors/');
    await search(other, 'the');
    await expect(other.locator('.DocSearch-Hit').first()).toBeVisible();
    expect(await hitsOf(other)).toEqual(precomputed);
    expect(loaded.some((p) => p.endsWith('/pagefind/pagefind.js'))).toBe(true);

    // A word that is not precomputed goes to Pagefind. (The hits of "the" stay on screen until the
    // new ones come: wait for a highlighted "umbra", a word of the external datasets page.)
    expect(manifest.keys).not.toContain('umbra');
    await input(page).fill('umbra');
    await expect(page.locator('.DocSearch-Hits mark').first()).toHaveText(/umbra/i);
    expect(fetched.some((p) => p.endsWith('/pagefind/pagefind.js'))).toBe(true);
  });

  test('opening the modal loads the answers list while the reader types, not before and not Pagefind', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await openPage(page, 'planning/anchors/');
    await page.waitForLoadState('networkidle');
    expect(
      fetched.filter((p) => p.includes('/pagefind/')),
      'search files before the modal opens',
    ).toEqual([]);
    const manifest = page.waitForRequest((r) => r.url().endsWith('/pagefind/head.json'));
    await page.keyboard.press('Control+k');
    await expect(modal(page)).toBeVisible();
    await manifest;
    await page.waitForLoadState('networkidle');
    expect(fetched.filter((p) => p.includes('/pagefind/'))).toEqual([sitePath('pagefind/head.json')]);
    // The first query finds the list there: "the" is answered with one more file, still without Pagefind.
    await input(page).fill('the');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    const searchFiles = fetched.filter((p) => p.includes('/pagefind/'));
    expect(searchFiles.filter((p) => p.endsWith('/head.json'))).toHaveLength(1);
    expect(searchFiles.filter((p) => /pagefind\.js|wasm\.|\.pf_/.test(p))).toEqual([]);
  });

  test("no results: 'No results for' and up to 3 'Try searching for' suggestions", async ({page}) => {
    await openPage(page, 'introduction/');
    await search(page, 'anchor');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await input(page).fill('qqzzyxv');
    const none = page.locator('.DocSearch-NoResults');
    await expect(none).toContainText('No results for');
    await expect(none.locator('.DocSearch-Title')).toContainText('"qqzzyxv"');
    await expect(none).toContainText('Try searching for');
    const suggestions = none.locator('.DocSearch-NoResults-Prefill-List button');
    const count = await suggestions.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(3);
    const first = (await suggestions.first().textContent()) ?? '';
    await suggestions.first().click();
    // DocSearch runs the suggestion in lower case, with a trailing space.
    await expect(input(page)).toHaveValue(`${first.replace(/^"|"$/g, '').toLowerCase()} `);
  });

  test('selecting a hit navigates inside the site and saves it; recents can be favourited and removed', async ({
    page,
  }) => {
    await openPage(page, 'introduction/');
    await page.evaluate(() => ((window as unknown as {marker: number}).marker = 1));
    await search(page, 'anchor graph');
    const hit = page.locator('.DocSearch-Hit a[href*="planning/anchors/"]').first();
    const href = (await hit.getAttribute('href')) ?? '';
    let h1 = await page.locator('h1').first().textContent();
    await hit.click();
    await expect(modal(page)).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await leftPage(page, h1);
    // Client-side navigation: the window survived.
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
    await expect(page.locator('.DocSearch-Hits').filter({hasText: 'Recent'})).toHaveCount(0);
    await favourites.getByTitle('Remove this search from favorites').click();
    await expect(page.locator('.DocSearch-StartScreen')).toContainText('No recent searches');

    // A recent search can be removed too.
    await input(page).fill('snapshot');
    h1 = await page.locator('h1').first().textContent();
    await page.locator('.DocSearch-Hit a').first().click();
    await expect(modal(page)).toBeHidden();
    await leftPage(page, h1);
    await expect.poll(() => stored(page, 'RECENT')).toBe(1);
    await page.keyboard.press('Control+k');
    await page
      .locator('.DocSearch-Hits')
      .filter({hasText: 'Recent'})
      .getByTitle('Remove this search from history')
      .click();
    await expect(page.locator('.DocSearch-StartScreen')).toContainText('No recent searches');
  });

  test('with reduced motion, a recent search can still be made favorite and removed', async ({page}) => {
    await page.emulateMedia({reducedMotion: 'reduce'});
    await openPage(page, 'introduction/');
    const h1 = await page.locator('h1').first().textContent();
    await search(page, 'anchor graph');
    await page.locator('.DocSearch-Hit a').first().click();
    await leftPage(page, h1);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Hits').filter({hasText: 'Recent'}).getByTitle('Save this search').click();
    await expect.poll(() => stored(page, 'FAVORITE')).toBe(1);
    const favourites = page.locator('.DocSearch-Hits').filter({hasText: 'Favorite'});
    await favourites.getByTitle('Remove this search from favorites').click();
    await expect.poll(() => stored(page, 'FAVORITE')).toBe(0);
    await expect(page.locator('.DocSearch-StartScreen')).toContainText('No recent searches');
  });

  test('a modifier-click opens the hit in a new tab and keeps the modal open', async ({page, context}) => {
    await openPage(page, 'introduction/');
    await search(page, 'anchor');
    const hit = page.locator('.DocSearch-Hit a').first();
    const href = (await hit.getAttribute('href')) ?? '';
    const [tab] = await Promise.all([context.waitForEvent('page'), hit.click({modifiers: ['Control']})]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname + new URL(tab.url()).hash).toBe(href);
    await expect(modal(page)).toBeVisible();
    await tab.close();
  });

  test('hits are relative to the base path and open the right heading', async ({page}) => {
    await openPage(page, 'introduction/');
    await search(page, 'anchor graph');
    const section = page.locator(`.DocSearch-Hit a[href="${sitePath('planning/anchors/')}#the-anchor-graph"]`);
    await expect(section).toBeVisible();
    await section.click();
    await expect(page).toHaveURL(new RegExp(`${sitePath('planning/anchors/')}#the-anchor-graph$`));
    await expect(page.locator('#the-anchor-graph')).toBeInViewport();
  });

  test('contextual search: 3.4.0 pages from 3.4.0 docs, current pages from current docs', async ({page}) => {
    const queries: unknown[] = [];
    page.on('request', (r: Request) => {
      if (r.url().includes('/pagefind/')) queries.push(r.url());
    });
    // "sequence actions" are new in 3.5.0: the page exists only in the current docs.
    await openPage(page, 'planning/anchors/');
    await search(page, 'sequence actions');
    let hits = (await groups(page, 'sequence actions')).flatMap((g) => g.hits);
    expect(hits).toContain(sitePath('sequencing/actions/'));
    expect(hits.filter((h) => h.startsWith(sitePath('3.4.0/')))).toEqual([]);
    await page.keyboard.press('Escape');

    const v340 = await page.request.get(sitePath('3.4.0/planning/anchors/'));
    test.skip(v340.status() !== 200, 'this build has no 3.4.0 docs');
    await openPage(page, '3.4.0/planning/anchors/');
    await search(page, 'sequence actions');
    hits = (await groups(page, 'sequence actions')).flatMap((g) => g.hits);
    const docs = hits.filter((h) => !h.startsWith(sitePath('api/')) && !h.startsWith(sitePath('upgrade-guides/')));
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.filter((h) => !h.startsWith(sitePath('3.4.0/')))).toEqual([]);
    // The unversioned API and upgrade guides are searched from either version.
    await input(page).fill('anchor');
    hits = (await groups(page, 'anchor')).flatMap((g) => g.hits);
    expect(hits.some((h) => h.startsWith(sitePath('api/')))).toBe(true);
    expect(hits.some((h) => h.startsWith(sitePath('3.4.0/planning/anchors/')))).toBe(true);
    expect(hits.some((h) => h.startsWith(sitePath('planning/anchors/')))).toBe(false);
    expect(queries.length).toBeGreaterThan(0);
  });

  test("'Unable to fetch results' when the index cannot be reached", async ({page}) => {
    await page.route('**/pagefind/**', (route) => route.abort('internetdisconnected'));
    await openPage(page, 'introduction/');
    await search(page, 'anchor');
    const error = page.locator('.DocSearch-ErrorScreen');
    await expect(error).toContainText('Unable to fetch results');
    await expect(error).toContainText('You might want to check your network connection.');
    await expect(error).not.toContainText('npm run build');
    await expect(input(page)).toHaveValue('anchor');
  });

  test('a failure that comes late shows the error screen and keeps the query', async ({page}) => {
    // The index answers after the modal has reported the query as stalled, as on a slow network.
    await page.route('**/pagefind/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.abort('internetdisconnected');
    });
    await openPage(page, 'introduction/');
    await search(page, 'anchor');
    await expect(page.locator('.DocSearch-ErrorScreen')).toContainText('Unable to fetch results');
    await expect(input(page)).toHaveValue('anchor');
  });

  test('with no index (as under npm start) the error screen says to run a build', async ({page}) => {
    await page.route('**/pagefind/**', (route) => route.fulfill({status: 404, body: 'Not found'}));
    await openPage(page, 'introduction/');
    await search(page, 'anchor');
    const error = page.locator('.DocSearch-ErrorScreen');
    await expect(error).toContainText('Unable to fetch results');
    await expect(error).toContainText('npm run build');
    await expect(input(page)).toHaveValue('anchor');
    // Once the index is back, the next query works.
    await page.unroute('**/pagefind/**');
    await input(page).fill('anchors');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  });

  test('no hint, link or request points off the site', async ({page}) => {
    await openPage(page, 'planning/anchors/');
    await search(page, 'anchor');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    // The theme always renders a preconnect hint from the app id; ours is not a valid URL,
    // so the browser opens no connection.
    const hints = await page
      .locator('link[rel~="preconnect"], link[rel~="dns-prefetch"], link[rel~="preload"], link[rel~="prefetch"]')
      .evaluateAll((links) =>
        links.map((l) => {
          const href = l.getAttribute('href') ?? '';
          return URL.canParse(href, location.href) ? new URL(href, location.href).origin : 'invalid';
        }),
      );
    for (const origin of hints) expect(['invalid', new URL(page.url()).origin]).toContain(origin);
  });
});

test.describe('embedded search: accessibility', () => {
  for (const mode of ['light', 'dark']) {
    test(`the search button and the open modal with results have no WCAG A/AA violations (${mode})`, async ({page}) => {
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await openPage(page, 'planning/anchors/');
      const scan = async (include: string) => {
        const results = await new AxeBuilder({page})
          .include(include)
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          // DocSearch 3.9's own markup, which no wrapper can change: the input's aria-controls
          // names list ids that are never rendered, and each result option holds its link.
          .disableRules(['aria-valid-attr-value', 'nested-interactive'])
          .analyze();
        return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      };
      expect(await scan('.DocSearch-Button')).toEqual([]);
      await search(page, 'anchor');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
      expect(await scan('.DocSearch-Modal')).toEqual([]);
    });
  }
});

test.describe('embedded search: the search page', () => {
  test('/search/?q= shows results from the index, with breadcrumbs and summaries', async ({page}) => {
    await openPage(page, 'search/?q=anchor%20graph');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Search results for "anchor graph"');
    const first = page.locator('main article').first();
    await expect(first).toBeVisible();
    await expect(page.getByText(/\d+ documents found/)).toBeVisible();
    await expect(first.locator('h2 a')).toHaveAttribute('href', `${sitePath('planning/anchors/')}#the-anchor-graph`);
    await expect(first.locator('.breadcrumbs__item').first()).toHaveText('Planning');
    await expect(first.locator('mark').first()).toBeVisible();
    await expect(page.getByRole('link', {name: 'Pagefind'})).toBeVisible();
    await first.locator('h2 a').click();
    await expect(page).toHaveURL(new RegExp(`${sitePath('planning/anchors/')}#the-anchor-graph$`));
  });

  test('a query holding HTML is shown as text and never run', async ({page}) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const xss = () => page.evaluate(() => (window as unknown as {__searchXss?: number}).__searchXss);
    const query = '<img src=x onerror="window.__searchXss=1;alert(1)">';
    await openPage(page, `search/?q=${encodeURIComponent(query)}`);
    await expect(page.getByRole('heading', {level: 1})).toHaveText(`Search results for "${query}"`);
    await expect(page.locator('input[type="search"]')).toHaveValue(query);
    await page.waitForTimeout(1000);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await xss()).toBeUndefined();

    // With results: the markup in the query is matched as text, and only <mark> is added.
    await openPage(page, `search/?q=${encodeURIComponent('anchor <b>')}`);
    await expect(page.locator('main article mark').first()).toBeVisible();
    expect(await page.locator('main article b').count()).toBe(0);
    await search(page, 'anchor <b> <img src=x onerror="window.__searchXss=1">'.slice(0, 64));
    await expect(page.locator('.DocSearch-Dropdown')).toBeVisible();
    await page.waitForTimeout(1000);
    expect(await page.locator('.DocSearch-Modal img[src="x"], .DocSearch-Modal b').count()).toBe(0);
    expect(await xss()).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  test("the search page's version menu searches the chosen docs version", async ({page}) => {
    await openPage(page, 'search/?q=sequence%20actions');
    const links = page.locator('main article h2 a');
    await expect(links.first()).toBeVisible();
    const current = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(current).toContain(sitePath('sequencing/actions/'));
    // The current docs, which carry no tag in the index (client/filters.ts), without the other versions.
    expect(current.filter((h) => h.includes('/3.4.0/'))).toEqual([]);
    const versions = page.locator('form select');
    test.skip((await versions.count()) === 0, 'this build has one docs version');
    await versions.selectOption('3.4.0');
    await expect
      .poll(async () => {
        const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
        return hrefs.length > 0 && hrefs.every((h) => /\/(api|upgrade-guides)\//.test(h) || h.includes('/3.4.0/'));
      })
      .toBe(true);
  });

  test('the search page is not in the index, nor the 404 page, nor test pages', async ({page}) => {
    await openPage(page, 'search/?q=search%20the%20documentation');
    await expect(page.locator('main article, main p').first()).toBeVisible();
    for (const q of ['Page Not Found', 'search the documentation', 'This page crashed']) {
      await page.locator('input[type="search"]').fill(q);
      await page.waitForTimeout(500);
      const hrefs = await page.locator('main article h2 a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      for (const href of hrefs) {
        expect(href).not.toMatch(/\/(search|tests|404)(\/|\.html)/);
        expect(href).not.toBe(sitePath(''));
      }
    }
  });
});
