import {test as base, expect, type Page} from '@playwright/test';

/** The base path the site was built with (the same variable as the build). */
export const baseUrl = process.env.BASE_URL || '/orrery/';

/** A site path without the base, e.g. 'planning/anchors/' -> '/orrery/planning/anchors/'. */
export function sitePath(p: string): string {
  return baseUrl + p.replace(/^\//, '');
}

/**
 * `consoleErrors` collects console errors and uncaught page errors of the
 * default page; tests that expect none assert on it.
 */
export const test = base.extend<{consoleErrors: string[]}>({
  consoleErrors: async ({page}, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await use(errors);
  },
});

export {expect};

/** Waits until React has hydrated the page (the theme toggle becomes interactive). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
}
