import {test, expect, sitePath, hydrated} from './fixtures';

/**
 * The docs instance has two versions: 3.5.0 (current, at the base root) and
 * 3.4.0 (under /3.4.0/). The version menu links to the same page in the other
 * version, or to that version's first page when the page does not exist there,
 * keeps ?query#hash, and remembers the reader's choice.
 */
const storageKey = 'docs-preferred-version-default';

test('the version menu links to the same page in 3.4.0 and keeps query and hash', async ({page}) => {
  await page.goto(sitePath('planning/anchors/?from=test#worked-example'));
  await hydrated(page);
  const nav = page.getByRole('navigation', {name: 'Main'});
  await nav.getByRole('button', {name: '3.5.0'}).hover();
  const older = nav.getByRole('link', {name: '3.4.0'});
  await expect(older).toHaveAttribute('href', sitePath('3.4.0/planning/anchors/?from=test#worked-example'));
  await older.click();
  await expect(page).toHaveURL(new RegExp(`${sitePath('3.4.0/planning/anchors/')}\\?from=test#worked-example$`));
  await expect(page.locator('.theme-doc-version-banner')).toContainText('no longer actively maintained');
  await expect(page.locator('.theme-doc-version-banner').getByRole('link', {name: 'latest version'})).toHaveAttribute(
    'href',
    sitePath('planning/anchors/'),
  );
  expect(await page.evaluate((k) => localStorage.getItem(k), storageKey)).toBe('3.4.0');
});

test("after a navigation into another route part, the version menu links to the new page's 3.4.0 twin", async ({
  page,
  consoleErrors,
}) => {
  // Every doc but the main one leaves the global data for its route part (bundle-trim, "Route parts"):
  // the menu knows a page's twin in 3.4.0 only once the page's part has run.
  await page.goto(sitePath('planning/anchors/'));
  await hydrated(page);
  await page.evaluate(() => {
    (window as {orreryMark?: number}).orreryMark = 1;
  });
  await page
    .locator(`main a[href="${sitePath('mission-modeling/activity-types/durations/')}"]`)
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`${sitePath('mission-modeling/activity-types/durations/')}$`));
  const nav = page.getByRole('navigation', {name: 'Main'});
  await nav.getByRole('button', {name: '3.5.0'}).hover();
  await expect(nav.getByRole('link', {name: '3.4.0'})).toHaveAttribute(
    'href',
    sitePath('3.4.0/mission-modeling/activity-types/durations/'),
  );
  expect(await page.evaluate(() => (window as {orreryMark?: number}).orreryMark), 'no full page load').toBe(1);
  expect(consoleErrors).toEqual([]);
});

test('a page that 3.4.0 lacks links to the 3.4.0 main page instead', async ({page}) => {
  await page.goto(sitePath('sequencing/actions/'));
  await hydrated(page);
  const nav = page.getByRole('navigation', {name: 'Main'});
  await nav.getByRole('button', {name: '3.5.0'}).hover();
  await expect(nav.getByRole('link', {name: '3.4.0'})).toHaveAttribute('href', sitePath('3.4.0/introduction/'));
  const missing = await page.request.get(sitePath('3.4.0/sequencing/actions/'));
  expect(missing.status()).toBe(404);
});

test('the preferred version is remembered across visits, and forgotten when it no longer exists', async ({page}) => {
  await page.goto(sitePath('3.4.0/planning/anchors/'));
  await hydrated(page);
  const nav = page.getByRole('navigation', {name: 'Main'});
  await nav.getByRole('button', {name: '3.4.0'}).hover();
  await nav.getByRole('link', {name: '3.4.0'}).click();
  expect(await page.evaluate((k) => localStorage.getItem(k), storageKey)).toBe('3.4.0');
  await page.goto(sitePath('glossary/'));
  await hydrated(page);
  expect(await page.evaluate((k) => localStorage.getItem(k), storageKey)).toBe('3.4.0');

  // A version that was removed from the site: the stored name is dropped on load.
  await page.evaluate((k) => localStorage.setItem(k, '3.3.0'), storageKey);
  await page.reload();
  await hydrated(page);
  await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), storageKey)).toBeNull();
  // The other docs instances are not versioned and keep no preference.
  expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-api'))).toBeNull();
});

test('3.4.0 pages describe 3.4.0 behaviour', async ({page}) => {
  await page.goto(sitePath('3.4.0/planning/collaboration/merging-plans/'));
  await expect(page.locator('article')).not.toContainText('per field');
  await page.goto(sitePath('planning/collaboration/merging-plans/'));
  await expect(page.locator('article')).toContainText(/per.field/i);
});
