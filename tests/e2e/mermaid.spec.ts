import type {Page} from '@playwright/test';
import {test, expect, sitePath, hydrated} from './fixtures';

// Diagrams are drawn at build time (src/plugins/mermaid-svg): each is in the page as two SVGs,
// one per color mode, and the browser never loads the Mermaid library for them.

/** A string only Mermaid's own code holds (its error for text that is no diagram). */
const MERMAID_LIBRARY = 'No diagram type detected';

/**
 * Watches the scripts the page loads (prefetches included); `found()` resolves, once every body
 * seen so far has been read, to the URLs of those that hold Mermaid's code.
 */
function watchMermaidScripts(page: Page): {found: () => Promise<string[]>} {
  const pending: Promise<string | undefined>[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    pending.push(
      response
        .text()
        .then((body) => (body.includes(MERMAID_LIBRARY) ? response.url() : undefined))
        .catch(() => undefined),
    );
  });
  return {found: async () => (await Promise.all(pending)).filter((url): url is string => url !== undefined)};
}

const containers = (page: Page) => page.locator('main .docusaurus-mermaid-container');

/** Every diagram of the page shows exactly one SVG, the one drawn for `mode`. */
async function expectOneVisibleSvgEach(page: Page, mode: 'light' | 'dark', diagrams: number): Promise<void> {
  await expect(containers(page)).toHaveCount(diagrams);
  for (let i = 0; i < diagrams; i += 1) {
    const visible = containers(page).nth(i).locator('svg').filter({visible: true});
    await expect(visible).toHaveCount(1);
    await expect(visible).toHaveAttribute('id', new RegExp(`^mermaid-[0-9a-f]+-${mode}$`));
    const box = await visible.boundingBox();
    expect(box?.width).toBeGreaterThan(100);
    expect(box?.height).toBeGreaterThan(20);
  }
}

test.describe('Mermaid diagrams', () => {
  test('each diagram shows one SVG per color mode, and switching modes swaps it without a reload', async ({
    page,
    consoleErrors,
  }) => {
    const mermaidScripts = watchMermaidScripts(page);
    await page.goto(sitePath('tests/mermaid/'));
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expectOneVisibleSvgEach(page, 'light', 2);
    await expect(containers(page).first().locator('svg').filter({visible: true})).toContainText('Constraint check');

    await page.evaluate(() => ((window as {notReloaded?: boolean}).notReloaded = true));
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectOneVisibleSvgEach(page, 'dark', 2);
    await expect(containers(page).first().locator('svg').filter({visible: true})).toContainText('Constraint check');
    expect(await page.evaluate(() => (window as {notReloaded?: boolean}).notReloaded)).toBe(true);

    // The dark drawing really is drawn for the dark theme: its node fill differs from the light one.
    const fill = (mode: string) =>
      page
        .locator(`main .docusaurus-mermaid-container svg[id$="-${mode}"] .node rect`)
        .first()
        .evaluate((rect) => getComputedStyle(rect).fill);
    expect(await fill('dark')).not.toBe(await fill('light'));

    expect(await mermaidScripts.found()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('accessible names come from accTitle and accDescr, and the hidden drawing is out of the accessibility tree', async ({
    page,
  }) => {
    await page.goto(sitePath('tests/mermaid/'));
    await hydrated(page);
    const sequence = containers(page).nth(1);
    for (const mode of ['light', 'dark']) {
      const svg = sequence.locator(`svg[id$="-${mode}"]`);
      await expect(svg.locator('title')).toHaveText('Scheduling request');
      await expect(svg.locator('desc')).toHaveText(
        'The planner asks the scheduler for a schedule and gets the scheduled plan back.',
      );
      await expect(svg).toHaveAttribute('aria-labelledby', `chart-title-${await svg.getAttribute('id')}`);
    }
    // Only the drawing on show is exposed: one document named by the title, not two.
    const snapshot = await sequence.ariaSnapshot();
    expect(snapshot.match(/Scheduling request/g)).toHaveLength(1);
    // The hidden drawing stays out of the search index too.
    await expect(sequence.locator('[data-mermaid-variant="dark"]')).toHaveAttribute('data-pagefind-ignore', 'all');
  });

  test('no id repeats on a page with diagrams', async ({page}) => {
    await page.goto(sitePath('tests/mermaid/'));
    const duplicates = await page.evaluate(() => {
      const seen = new Map<string, number>();
      for (const el of Array.from(document.querySelectorAll('[id]'))) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
      return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
    });
    expect(duplicates).toEqual([]);
  });

  test("Gantt charts carry no line for the day they were drawn: it would show the build's date", async ({page}) => {
    await page.goto(sitePath('command-expansion/expansion-rules/'));
    const gantt = containers(page).locator('svg[aria-roledescription="gantt"]');
    await expect(gantt).toHaveCount(2); // light and dark
    expect(await gantt.locator('rect.task').count()).toBeGreaterThan(0);
    await expect(gantt.locator('.today')).toHaveCount(0);
  });

  test('a page reached by client-side navigation shows its diagram, in either mode', async ({page, consoleErrors}) => {
    const mermaidScripts = watchMermaidScripts(page);
    await page.goto(sitePath('tests/mermaid/'));
    await hydrated(page);
    await page.evaluate(() => ((window as {notReloaded?: boolean}).notReloaded = true));
    await page.getByRole('link', {name: 'anchors page'}).click();
    await expect(page).toHaveURL(new RegExp(`${sitePath('planning/anchors/')}$`));
    expect(await page.evaluate(() => (window as {notReloaded?: boolean}).notReloaded)).toBe(true);
    await expectOneVisibleSvgEach(page, 'light', 1);
    await expect(containers(page).locator('svg').filter({visible: true})).toContainText('Plan start');
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    await expectOneVisibleSvgEach(page, 'dark', 1);
    expect(await mermaidScripts.found()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('a built page holds its drawings before any script runs', async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false});
    try {
      const page = await context.newPage();
      await page.goto(sitePath('tests/mermaid/'));
      await expectOneVisibleSvgEach(page, 'light', 2);
      await expect(containers(page).first().locator('svg').filter({visible: true})).toContainText('Constraint check');
    } finally {
      await context.close();
    }
  });

  test('client-side navigation fetches the drawing; a drawing that cannot be fetched says so, and a reload shows it', async ({
    page,
  }) => {
    const drawings: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/diagrams/')) drawings.push(request.url());
    });
    // A page that holds its drawings fetches none.
    await page.goto(sitePath('tests/mermaid/'));
    await hydrated(page);
    await expectOneVisibleSvgEach(page, 'light', 2);
    expect(drawings).toEqual([]);

    // A new deployment removed the file this (older) page asks for.
    await page.route('**/assets/diagrams/**', (route) => route.fulfill({status: 404, body: 'Not found'}));
    await page.getByRole('link', {name: 'anchors page'}).click();
    await expect(page).toHaveURL(new RegExp(`${sitePath('planning/anchors/')}$`));
    const alert = containers(page).getByRole('alert');
    await expect(alert).toContainText('This diagram could not be loaded');
    expect(drawings).toHaveLength(1);
    expect(drawings[0]).toMatch(new RegExp(`${sitePath('assets/diagrams/')}mermaid-[0-9a-f]+\\.[0-9a-f]+\\.json$`));

    await page.unroute('**/assets/diagrams/**');
    await alert.getByRole('button', {name: 'Reload the page'}).click();
    await expectOneVisibleSvgEach(page, 'light', 1);
    await expect(containers(page).getByRole('alert')).toHaveCount(0);
    // The reloaded page holds its drawing: nothing more was fetched.
    expect(drawings).toHaveLength(1);
  });

  test('the longest diagram page loads no Mermaid code, in light or dark mode', async ({page}) => {
    const mermaidScripts = watchMermaidScripts(page);
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(sitePath('tutorials/mission-modeling/integrating-rate/'));
    await hydrated(page);
    await expectOneVisibleSvgEach(page, 'dark', 2);
    // Give idle-time prefetching a moment: it must not fetch Mermaid either.
    await page.waitForTimeout(1000);
    expect(await mermaidScripts.found()).toEqual([]);
  });
});
