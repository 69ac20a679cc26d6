import type {Page, Route} from '@playwright/test';
import {test, expect, sitePath, hydrated} from './fixtures';

/**
 * A reader clicks the page's controls the moment it shows, before React has
 * hydrated it (src/plugins/early-input). To be sure the click comes first, the
 * main bundle is held back until the test lets it go; then the page hydrates
 * and the test checks that the click was not lost. Navigations wait for
 * DOMContentLoaded only: the held bundle may delay the load event.
 */
async function holdMainBundle(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/js\/main\.[0-9a-f]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await hydrated(page);
  };
}

test.describe('controls answer before hydration', () => {
  test('the color toggle switches the mode at once and keeps it after hydration', async ({page}) => {
    const hydrate = await holdMainBundle(page);
    await page.goto(sitePath('introduction/'), {waitUntil: 'domcontentloaded'});
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect(await html.getAttribute('data-has-hydrated')).not.toBe('true');
    // The theme renders the toggle disabled until hydration: a real pointer click, not Playwright's enabled check.
    const toggle = page.locator('.navbar .orrery-color-mode-toggle button');
    await toggle.click({force: true});
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await hydrate();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(toggle).toHaveAttribute('aria-label', /currently dark mode/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    // And the hydrated toggle goes on from there.
    await toggle.click();
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test('the announcement bar closes at once and stays closed after hydration and reload', async ({page}) => {
    const hydrate = await holdMainBundle(page);
    await page.goto(sitePath('introduction/'), {waitUntil: 'domcontentloaded'});
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toBeVisible();
    await bar.getByRole('button', {name: 'Close'}).click();
    await expect(bar).toBeHidden();
    await hydrate();
    await expect(bar).toHaveCount(0);
    await page.reload();
    await hydrated(page);
    await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
  });

  test('the version menu links keep ?query#hash from the first paint', async ({page}) => {
    const hydrate = await holdMainBundle(page);
    await page.goto(sitePath('introduction/?from=test#top'), {waitUntil: 'domcontentloaded'});
    const link = page.locator('.navbar .dropdown__menu a', {hasText: '3.4.0'});
    await expect(link).toHaveAttribute('href', sitePath('3.4.0/introduction/?from=test#top'));
    await page.locator('.navbar .dropdown').first().hover();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${sitePath('3.4.0/introduction/')}\\?from=test#top$`));
    await hydrate();
  });

  test('a click on the search button before hydration opens the search dialog once the page runs', async ({page}) => {
    const hydrate = await holdMainBundle(page);
    await page.goto(sitePath('introduction/'), {waitUntil: 'domcontentloaded'});
    await page.locator('.DocSearch-Button').click();
    await hydrate();
    await expect(page.locator('.DocSearch-Modal')).toBeVisible();
    await expect(page.locator('.DocSearch-Input')).toBeFocused();
  });

  test('Ctrl+K and / before hydration open the search dialog once the page runs', async ({page}) => {
    for (const keys of ['Control+k', '/']) {
      const hydrate = await holdMainBundle(page);
      await page.goto(sitePath('introduction/'), {waitUntil: 'domcontentloaded'});
      await page.locator('main').click({position: {x: 5, y: 5}});
      await page.keyboard.press(keys);
      await hydrate();
      await expect(page.locator('.DocSearch-Modal')).toBeVisible();
      await page.unrouteAll({behavior: 'ignoreErrors'});
    }
  });

  test('a tap on the mobile menu button before hydration opens the menu once the page runs', async ({page}) => {
    await page.setViewportSize({width: 390, height: 800});
    const hydrate = await holdMainBundle(page);
    await page.goto(sitePath('introduction/'), {waitUntil: 'domcontentloaded'});
    await page.locator('.navbar__toggle').click();
    await hydrate();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    await expect(page.locator('.navbar-sidebar__items')).toContainText('API');
  });

  test('clicked right at load, without holding scripts back, the color toggle and search still answer', async ({
    page,
  }) => {
    await page.goto(sitePath('introduction/'), {waitUntil: 'load'});
    await page.locator('.navbar .orrery-color-mode-toggle button').click({force: true});
    await page.locator('.DocSearch-Button').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('.DocSearch-Modal')).toBeVisible();
  });

  test('a large category (items in a sidebar part) clicked before hydration leads to its first page', async ({
    page,
  }) => {
    const hydrate = await holdMainBundle(page);
    await page.goto(sitePath('planning/anchors/'), {waitUntil: 'domcontentloaded'});
    // Its items are placeholders in the browser's data (bundle-trim's sidebar parts); the server
    // rendered it as the theme does a category without a page: a link to its first page.
    const category = page
      .getByRole('navigation', {name: 'Docs sidebar'})
      .getByRole('button', {name: 'Mission modeling', exact: true});
    const href = await category.getAttribute('href');
    expect(href).toMatch(new RegExp(`^${sitePath('mission-modeling/')}.+`));
    await category.click();
    await expect(page).toHaveURL(new RegExp(`${href ?? ''}$`));
    await hydrate();
    const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
    await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', href ?? '');
  });
});
