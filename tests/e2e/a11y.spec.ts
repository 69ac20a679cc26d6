import AxeBuilder from '@axe-core/playwright';
import {test, expect, sitePath, hydrated} from './fixtures';

const pages = ['', 'planning/anchors/', 'api/introduction/'];

for (const mode of ['light', 'dark'] as const) {
  for (const p of pages) {
    test(`no WCAG A/AA violations on /${p} in ${mode} mode`, async ({page}) => {
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await page.goto(sitePath(p));
      await hydrated(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      const results = await new AxeBuilder({page}).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(summary).toEqual([]);
    });
  }
}
