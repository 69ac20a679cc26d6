import {test, expect, sitePath, hydrated} from './fixtures';
import {expectFullLoadWhenMissing, mark, marked} from './reload';

/**
 * Route parts (src/plugins/bundle-trim, README "Route parts"): the main bundle
 * holds no doc routes; each page loads the part that holds its own route, and
 * a navigation loads the part of the page it goes to. A part's chunk carries
 * its name ("orrery-routes-N"), which is how these tests tell it from the
 * others (the runtime's table of chunk names has "orrery-routes-N": instead).
 */
const PART_MARKER = /"orrery-routes-\d+",/;

test('client-side navigation reaches pages of every docs instance, version and route part without a reload', async ({
  page,
  consoleErrors,
}) => {
  const parts: string[] = [];
  // Parts run as scripts (a prefetched one, fetched as "other", does not count until it runs).
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || !/\/assets\/js\/[^/]+\.js$/.test(response.url())) return;
    const body = await response.text().catch(() => ''); // the test may end while a body is still coming
    if (PART_MARKER.test(body)) parts.push(new URL(response.url()).pathname);
  });
  await page.goto(sitePath('planning/anchors/'));
  await hydrated(page);
  await expect.poll(() => parts.length, {message: "the page's own route part"}).toBeGreaterThanOrEqual(1);
  await mark(page);

  // Another part of the same version (the introduction sorts before planning/).
  const sidebar = page.locator('.theme-doc-sidebar-menu');
  await sidebar.getByRole('link', {name: 'Introduction', exact: true}).click();
  await expect(page).toHaveURL(new RegExp(`${sitePath('introduction/')}$`));
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();

  // Other docs instances, from the navbar.
  const nav = page.getByRole('navigation', {name: 'Main'});
  await nav.getByRole('link', {name: 'API', exact: true}).click();
  await expect(page).toHaveURL(new RegExp(`${sitePath('api/introduction/')}$`));
  await nav.getByRole('link', {name: 'Upgrade Guides'}).click();
  await expect(page).toHaveURL(new RegExp(`${sitePath('upgrade-guides/')}[^/]+/$`));
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();

  // The older version, from the version menu.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${sitePath('introduction/')}$`));
  await nav.getByRole('button', {name: '3.5.0'}).hover();
  await nav.getByRole('link', {name: '3.4.0'}).click();
  await expect(page).toHaveURL(new RegExp(`${sitePath('3.4.0/introduction/')}$`));
  await expect(page.locator('.theme-doc-version-banner')).toBeVisible();
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();

  expect(await marked(page), 'every navigation stayed in the page (no full load)').toBe(true);
  expect(new Set(parts).size, 'route parts loaded on the way').toBeGreaterThanOrEqual(3);
  expect(consoleErrors).toEqual([]);
});

test('when the route part of the next page is missing (a deploy replaced it), the navigation loads the page from the server', async ({
  page,
  request,
}) => {
  // The scripts the first page lists as its own (its part among them) load normally.
  const html = await (await request.get(sitePath('planning/anchors/'))).text();
  const own = new Set((/data-page-scripts="([^"]*)"/.exec(html)?.[1] ?? '').split(' ').filter(Boolean));
  expect(own.size).toBeGreaterThan(0);
  await expectFullLoadWhenMissing(page, /\/assets\/js\/[^/]+\.js$/, async (route) => {
    if (own.has(new URL(route.request().url()).pathname)) {
      await route.continue();
      return false;
    }
    const response = await route.fetch();
    if (PART_MARKER.test(await response.text())) {
      await route.abort();
      return true;
    }
    await route.fulfill({response});
    return false;
  });
});
