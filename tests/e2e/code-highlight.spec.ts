import type {Page, Route} from '@playwright/test';
import {test, expect, sitePath, hydrated} from './fixtures';

/**
 * Code highlighting in the browser (the code-highlight plugin's CodeBlock/Content):
 * a page that arrives by client-side navigation renders its code blocks in the
 * browser, plain at first and highlighted once the Prism chunk has loaded. The
 * first page keeps the server's highlighting and does not load Prism at all.
 *
 * The Prism chunk has no name in its file name (production chunk ids), so it
 * is told apart by its content: Prism's grammar API (`languages.extend(`).
 */

const from = 'tutorials/mission-modeling/first-build/';
const to = 'tutorials/mission-modeling/first-resource/';
const isPrism = (body: string): boolean => body.includes('.languages.extend(');

/** Counts the JS responses that are the Prism chunk; `block` aborts them instead. */
async function watchPrism(page: Page, {block = false} = {}): Promise<{loads: number}> {
  const seen = {loads: 0};
  await page.route(/\/assets\/js\/[^/]+\.js$/, async (route: Route) => {
    const response = await route.fetch();
    if (!isPrism(await response.text())) return route.fulfill({response});
    seen.loads += 1;
    return block ? route.abort() : route.fulfill({response});
  });
  return seen;
}

/** Token spans other than plain text in the article's code blocks. */
const highlightedTokens = (page: Page) => page.locator('article pre code .token-line .token:not(.plain)');

/** From the hydrated first page, a click on the sidebar link to the second. */
async function navigateBySidebar(page: Page): Promise<void> {
  const link = page.getByRole('navigation', {name: 'Docs sidebar'}).locator(`a[href="${sitePath(to)}"]`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${sitePath(to)}$`));
  // Rendered in the browser: the article holds code lines (plain or highlighted).
  await expect(page.locator('article pre code .token-line').first()).toBeVisible();
}

test.describe('code highlighting after a client-side navigation', () => {
  test('the first page keeps the server highlighting without Prism; a page reached by a sidebar link is highlighted once Prism loads', async ({
    page,
    consoleErrors,
  }) => {
    const prism = await watchPrism(page);
    await page.goto(sitePath(from));
    await hydrated(page);
    await expect(highlightedTokens(page).first()).toBeAttached();
    expect(prism.loads, 'server-rendered code needs no Prism in the browser').toBe(0);

    // The same tokens the server would write for the target page.
    const html = await (await page.request.get(sitePath(to))).text();
    const serverTokens = (html.match(/class="token (?!plain")[^"]*"/g) ?? []).length;
    expect(serverTokens).toBeGreaterThan(10);

    await navigateBySidebar(page);
    await expect(highlightedTokens(page)).toHaveCount(serverTokens);
    expect(prism.loads, 'the Prism chunk loads once').toBe(1);
    expect(consoleErrors).toEqual([]);
  });

  // The counter-case: with the Prism chunk switched off (blocked), the same
  // navigation leaves the lines plain, so the check above fails without it.
  test('with the Prism chunk blocked, the lines stay plain', async ({page}) => {
    const prism = await watchPrism(page, {block: true});
    await page.goto(sitePath(from));
    await hydrated(page);
    await navigateBySidebar(page);
    await expect.poll(() => prism.loads).toBe(1);
    // Give a loaded chunk time to highlight; a blocked one never does.
    await page.waitForTimeout(500);
    await expect(page.locator('article pre code .token-line .token').first()).toBeVisible();
    await expect(highlightedTokens(page)).toHaveCount(0);
  });
});
