import {test, expect, sitePath, hydrated} from './fixtures';
import {axeViolations, injectAxe, sampledContrastViolations} from './axe';

/**
 * WCAG 2.0/2.1 A and AA (axe) on the pages the sitemap walk
 * (sitemap.spec.ts, which checks every page of the sitemap in both colour
 * modes) does not visit: the 404 page and the search page, empty and with
 * results. Also the names the accessibility fixes give.
 */
const pages = [
  {path: 'no-such-page/', status: 404},
  {path: 'search/', status: 200},
  {path: 'search/?q=anchor', status: 200, ready: 'main article'},
];

for (const mode of ['light', 'dark'] as const) {
  for (const {path, status, ready} of pages) {
    test(`no WCAG A/AA violations on /${path} in ${mode} mode`, async ({page}) => {
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      const response = await page.goto(sitePath(path));
      expect(response?.status()).toBe(status);
      await hydrated(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      if (ready) await expect(page.locator(ready).first()).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}

test('the search page has one main landmark, a named version select and a meta description', async ({page}) => {
  await page.goto(sitePath('search/?q=anchor'));
  await hydrated(page);
  await expect(page.locator('main article').first()).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('heading', {level: 1})).toHaveText('Search results for "anchor"');
  await expect(page.getByRole('combobox', {name: 'Docs version'})).toHaveValue('current');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Search the Orrery documentation/);
});

test('a checklist item names its checkbox', async ({page}) => {
  await page.goto(sitePath('upgrade-guides/2-0-0-to-2-1-0/'));
  const item = page.getByRole('checkbox', {name: 'Database dump taken.'});
  await expect(item).toBeVisible();
  await expect(item).toBeDisabled();
  await expect(item).not.toBeChecked();
  // Inline code stays part of the name.
  await expect(page.getByRole('checkbox', {name: 'migrate apply ended with database orrery is at 2.1.0.'})).toHaveCount(
    1,
  );
});

test('the sampled contrast check finds low contrast once per text style, nested styles too', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({reducedMotion: 'reduce', baseURL});
  await injectAxe(context);
  const page = await context.newPage();
  await page.goto(sitePath('glossary/'));
  await hydrated(page);
  const checked = new Set<string>();
  // The page as built passes, and every style it shows is now checked.
  expect(await sampledContrastViolations(page, {checked})).toEqual([]);
  const styles = checked.size;
  expect(styles).toBeGreaterThan(5);
  expect(await sampledContrastViolations(page, {checked})).toEqual([]);
  expect(checked.size).toBe(styles);
  // Grey on grey, twice in one style, with a second low-contrast style nested
  // inside a text that passes.
  await page.locator('main article').evaluate((article) => {
    article.insertAdjacentHTML(
      'afterbegin',
      '<p id="grey-1" style="color:#777;background:#888">Grey on grey</p>' +
        '<p id="grey-2" style="color:#777;background:#888">Grey on grey again</p>' +
        '<p id="plain">Readable text with <span id="faint" style="color:#ddd">faint words</span> inside.</p>',
    );
  });
  const found = await sampledContrastViolations(page, {checked});
  expect(found).toHaveLength(1);
  expect(found[0]).toMatch(/^color-contrast \(serious, 2 nodes\): /);
  expect(found[0]).toContain('#faint');
  expect(found[0]).toMatch(/#grey-[12]/);
  expect(checked.size).toBe(styles + 2);
  // Both styles are known now: a later page with them is not checked again.
  expect(await sampledContrastViolations(page, {checked})).toEqual([]);
  // With nothing known, every style of the page is checked again, the two
  // failing ones among them.
  expect(await sampledContrastViolations(page, {checked: new Set()})).not.toEqual([]);
  await context.close();
});
