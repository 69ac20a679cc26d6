/**
 * Two builds with nothing cached give the same drawings (src/plugins/mermaid-svg/svg.ts
 * `stableIds`, and the site's `handDrawnSeed`): a diagram's drawing must not depend on the
 * diagrams its page drew before it. Before, sequence and class diagrams took element numbers
 * from counters that live as long as the page, and shapes drawn with rough.js took random
 * control points, so every page's HTML and the asset hashes changed from one cold build to the
 * next. Checked in Debian's Chromium on diagrams of every kind the content uses, drawn in
 * opposite orders by two renderers with the site's own Mermaid configuration.
 */
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {MermaidRenderer} from '../../src/plugins/mermaid-svg/renderer.ts';
import type {MermaidSiteConfig, Svgs} from '../../src/plugins/mermaid-svg/svg.ts';
import {assertSameDrawings, sampleDiagrams} from '../mermaid-samples.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const dir = mkdtempSync(path.join(tmpdir(), 'orrery-mermaid-stable-'));
after(() => rmSync(dir, {recursive: true, force: true}));

async function siteMermaidConfig(): Promise<MermaidSiteConfig> {
  const mod = (await import('../../docusaurus.config.ts')) as {default: {default?: unknown} | unknown};
  const config = ((mod.default as {default?: unknown}).default ?? mod.default) as {
    themeConfig?: {mermaid?: MermaidSiteConfig};
  };
  assert.ok(config.themeConfig?.mermaid, 'docusaurus.config.ts has no themeConfig.mermaid');
  return config.themeConfig.mermaid;
}

test(
  "a diagram's drawing does not depend on the diagrams its page drew before",
  {skip: existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM}`, timeout: 180_000},
  async () => {
    const diagrams = sampleDiagrams(root);
    const kinds = new Set(diagrams.map((d) => d.trim().split(/\s/)[0]));
    // The kinds whose numbering and shapes differed between orders must be in the sample.
    for (const kind of ['sequenceDiagram', 'classDiagram', 'flowchart'])
      assert.ok(kinds.has(kind), [...kinds].join(', '));
    const config = await siteMermaidConfig();
    const renderer = (name: string): MermaidRenderer =>
      // One page each, one diagram at a time, so each page draws in exactly the order given.
      new MermaidRenderer({
        config,
        cacheDir: path.join(dir, name),
        executablePath: CHROMIUM,
        concurrency: 1,
        browserScript: path.join(root, 'src', 'plugins', 'mermaid-svg', 'browser.js'),
      });
    const forward = renderer('forward');
    const backward = renderer('backward');
    try {
      const first: (Svgs | undefined)[] = [];
      const last: (Svgs | undefined)[] = [];
      for (const d of diagrams) first.push(await forward.render(d));
      for (const d of [...diagrams].reverse()) last.unshift(await backward.render(d));
      assert.equal(backward.stats.drawn, diagrams.length);
      assertSameDrawings(diagrams, first, last, 'depends on the order');
    } finally {
      await Promise.all([forward.close(), backward.close()]);
    }
  },
);
