import {test, expect, sitePath, hydrated} from './fixtures';
import {axeViolations, injectAxe, sampledAxeViolations, STYLE_RULES} from './axe';

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

test('the sampled axe run checks contrast and links once per style, nested styles too', async ({browser, baseURL}) => {
  const context = await browser.newContext({reducedMotion: 'reduce', baseURL});
  await injectAxe(context);
  const page = await context.newPage();
  await page.goto(sitePath('glossary/'));
  await hydrated(page);
  const checked = new Set<string>();
  const rules = [...STYLE_RULES];
  // The page as built passes, and every style it shows is now checked.
  expect(await sampledAxeViolations(page, {rules, checked})).toEqual([]);
  const styles = checked.size;
  expect(styles).toBeGreaterThan(5);
  expect(await sampledAxeViolations(page, {rules, checked})).toEqual([]);
  expect(checked.size).toBe(styles);
  // Grey on grey, twice in one style; a second low-contrast style nested in
  // a text that passes; a link told from its text by a colour too close to it.
  await page.locator('main article').evaluate((article) => {
    article.insertAdjacentHTML(
      'afterbegin',
      '<p id="grey-1" style="color:#777;background:#888">Grey on grey</p>' +
        '<p id="grey-2" style="color:#777;background:#888">Grey on grey again</p>' +
        '<p id="plain">Readable text with <span id="faint" style="color:#ddd">faint words</span> inside.</p>' +
        '<p style="color:#222">Text with <a id="hidden-link" href="#x" style="color:#555;text-decoration:none">a link</a> in it.</p>',
    );
  });
  const found = await sampledAxeViolations(page, {rules, checked});
  expect(found).toHaveLength(2);
  const contrast = found.find((line) => line.startsWith('color-contrast '));
  expect(contrast).toMatch(/^color-contrast \(serious, 2 nodes\): /);
  expect(contrast).toContain('#faint');
  expect(contrast).toMatch(/#grey-[12]/);
  expect(found.find((line) => line.startsWith('link-in-text-block '))).toMatch(/\(serious, 1 nodes\): #hidden-link$/);
  // Four new text styles (the grey, the faint words, the dark paragraph, the
  // link's own text) and one link style.
  expect(checked.size).toBe(styles + 5);
  // All are known now: a later page with them is not checked again.
  expect(await sampledAxeViolations(page, {rules, checked})).toEqual([]);
  // With nothing known, every style of the page is checked again, every rule of
  // the run too.
  expect(await sampledAxeViolations(page, {checked: new Set()})).toHaveLength(2);
  await context.close();
});
