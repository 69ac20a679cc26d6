import type {Page} from '@playwright/test';
import {test, expect, sitePath, hydrated} from './fixtures';

/**
 * Sidebar parts (src/plugins/bundle-trim, README "Route parts"): a large
 * collapsed category reaches the browser with placeholders, and its items come
 * in a part of their own, loaded with the route part of a page inside it, when
 * the reader points at or focuses it, or when its placeholders show.
 */
const sidebarOf = (page: Page) => page.getByRole('navigation', {name: 'Docs sidebar'});

/** Script URLs the page requests from now on. */
function scriptsFrom(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname);
  });
  return urls;
}

test('pointing at a large category loads its items, and a click expands it with them', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(sitePath('planning/anchors/'));
  await hydrated(page);
  const sidebar = sidebarOf(page);
  const category = sidebar.getByRole('button', {name: 'Mission modeling', exact: true});
  await expect(category).toHaveAttribute('aria-expanded', 'false');
  const scripts = scriptsFrom(page);
  await category.hover();
  await expect.poll(() => scripts.length, {message: 'the category part, asked for on hover'}).toBeGreaterThan(0);
  await category.click();
  await expect(category).toHaveAttribute('aria-expanded', 'true');
  // Not its first item (a placeholder carries that one): the part's.
  await expect(sidebar.getByRole('link', {name: 'Resources and models', exact: true})).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a large category expanded by its caret before its part came shows its items once the part is there', async ({
  page,
  consoleErrors,
}) => {
  await page.goto(sitePath('planning/anchors/'));
  await hydrated(page);
  // Every script from now on arrives late: the caret's click lands before the part. A click
  // alone (no pointer over the caret, no focus, which ask for the part too): the list of
  // placeholders that the click shows asks (theme/DocSidebarItems).
  await page.route('**/assets/js/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  const sidebar = sidebarOf(page);
  const caret = sidebar.getByRole('button', {name: "Expand sidebar category 'Tutorials'"});
  await caret.dispatchEvent('click');
  await expect(sidebar.getByRole('button', {name: "Collapse sidebar category 'Tutorials'"})).toBeVisible();
  // A category inside Tutorials, which only its part brings (the placeholders are links).
  await expect(sidebar.getByRole('button', {name: 'External events', exact: true})).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("pointing at a large category's caret loads its items before the click", async ({page, consoleErrors}) => {
  await page.goto(sitePath('planning/anchors/'));
  await hydrated(page);
  const sidebar = sidebarOf(page);
  const caret = sidebar.getByRole('button', {name: "Expand sidebar category 'Tutorials'"});
  const scripts = scriptsFrom(page);
  await caret.hover();
  await expect.poll(() => scripts.length, {message: 'the category part, asked for on hover'}).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  // No script comes after the pointer: the items the click shows came with it.
  await page.route('**/assets/js/*.js', (route) => route.abort());
  await caret.click();
  // A category inside Tutorials, which only its part brings (the placeholders are links).
  await expect(sidebar.getByRole('button', {name: 'External events', exact: true})).toBeVisible();
  expect(consoleErrors.filter((e) => !/Failed to load resource/.test(e))).toEqual([]);
});

test('the keyboard reaches a large category: focus loads its items, Enter expands it', async ({page}) => {
  await page.goto(sitePath('planning/anchors/'));
  await hydrated(page);
  const sidebar = sidebarOf(page);
  const category = sidebar.getByRole('button', {name: 'Scheduling and constraints', exact: true});
  await category.focus();
  await page.keyboard.press('Enter');
  await expect(category).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar.getByRole('link', {name: 'Execution', exact: true})).toBeVisible();
});

test('a page deep in large categories starts with them expanded, itself marked, and its breadcrumbs', async ({
  page,
  consoleErrors,
}) => {
  const path = sitePath('overview/design/arch-decision-records/0001-graphql-api-through-hasura/');
  await page.goto(path);
  await hydrated(page);
  const sidebar = sidebarOf(page);
  await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', path);
  await expect(sidebar.getByRole('link', {name: '0002: PostgreSQL as the single store', exact: false})).toBeVisible();
  const crumbs = page.getByRole('navigation', {name: 'Breadcrumbs'});
  await expect(crumbs).toContainText('Design');
  expect(consoleErrors).toEqual([]);
});

test('a navigation into a large category expands it around the new page', async ({page, consoleErrors}) => {
  await page.goto(sitePath('planning/anchors/'));
  await hydrated(page);
  const target = sitePath('mission-modeling/activity-types/durations/');
  await page.locator(`main a[href="${target}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  const sidebar = sidebarOf(page);
  await expect(sidebar.locator('a[aria-current="page"]')).toHaveAttribute('href', target);
  await expect(sidebar.getByRole('button', {name: 'Mission modeling', exact: true})).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  expect(consoleErrors).toEqual([]);
});
