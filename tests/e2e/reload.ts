import type {Page, Route} from '@playwright/test';
import {expect, sitePath, hydrated} from './fixtures';

/** Marks the current document, so that a full page load shows as the mark's absence. */
export async function mark(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as {orreryMark?: number}).orreryMark = 1;
  });
}

/** Whether the document is still the one `mark` marked (no full page load since). */
export const marked = (page: Page) => page.evaluate(() => (window as {orreryMark?: number}).orreryMark === 1);

/**
 * Deploy skew: a file the next page needs is gone (a deploy replaced the files). Opens the
 * anchors page, clicks the sidebar's Introduction link while `answer` serves the requests
 * matching `files` (it returns true when it answered as if the file were missing), and expects
 * the navigation to end in a full page load of the introduction, after at least one such answer.
 * Once that load has started, every file is served as it is.
 */
export async function expectFullLoadWhenMissing(
  page: Page,
  files: RegExp,
  answer: (route: Route) => Promise<boolean>,
): Promise<void> {
  let missing = 0;
  let reloading = false;
  await page.route(files, async (route) => {
    if (reloading) return route.continue();
    if (await answer(route)) missing += 1;
  });
  page.on('request', (r) => {
    if (missing > 0 && r.isNavigationRequest() && r.frame() === page.mainFrame()) reloading = true;
  });
  await page.goto(sitePath('planning/anchors/'));
  await hydrated(page);
  await mark(page);
  await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Introduction', exact: true}).click();
  await expect(page).toHaveURL(new RegExp(`${sitePath('introduction/')}$`));
  await expect.poll(() => reloading, {message: 'a full page load of the next page'}).toBe(true);
  await hydrated(page);
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Introduction');
  expect(await marked(page)).toBe(false);
  expect(missing).toBeGreaterThanOrEqual(1);
}
