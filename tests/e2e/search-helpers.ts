import {expect, type Page} from '@playwright/test';

/** What both search specs (embedded and hosted) drive: the DocSearch modal. */
export const modal = (page: Page) => page.locator('.DocSearch-Modal');
export const input = (page: Page) => page.locator('.DocSearch-Input');

/**
 * Docusaurus shows a new route only once its code has loaded, and the SearchBar re-renders then;
 * DocSearch 3.9 rebuilds an open modal's state when that happens (the theme passes it new search
 * parameters on every render). So before reopening the modal, wait for the new page to show.
 */
export async function leftPage(page: Page, h1Before: string | null): Promise<void> {
  await expect(page.locator('h1').first()).not.toHaveText(h1Before ?? '');
}

/** How many recent or favourite searches DocSearch has stored (localStorage). */
export const stored = (page: Page, kind: 'RECENT' | 'FAVORITE') =>
  page.evaluate(
    (k) =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith(`__DOCSEARCH_${k}_SEARCHES__`))
        .reduce((n, key) => n + (JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]).length, 0),
    kind,
  );
