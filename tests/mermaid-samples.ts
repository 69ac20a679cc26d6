import assert from 'node:assert/strict';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {MermaidRenderer} from '../src/plugins/mermaid-svg/renderer.ts';
import {mermaidSources, type Svgs} from '../src/plugins/mermaid-svg/svg.ts';

/**
 * The first two diagrams of each kind (first word) in the site's current docs, in a stable order:
 * the sample the Chromium tests of the diagram renderer draw.
 */
export function sampleDiagrams(root: string): string[] {
  const byKind = new Map<string, string[]>();
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, {withFileTypes: true}).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.mdx?$/.test(entry.name)) {
        for (const source of mermaidSources(readFileSync(file, 'utf8'))) {
          const kind = source.trim().split(/\s/)[0] as string;
          const list = byKind.get(kind) ?? [];
          if (list.length < 2 && !list.includes(source)) list.push(source);
          byKind.set(kind, list);
        }
      }
    }
  };
  walk(path.join(root, 'docs'));
  return [...byKind.values()].flat();
}

/** Each diagram was drawn both times, and the two drawings of each color mode are equal. */
export function assertSameDrawings(
  diagrams: readonly string[],
  first: readonly (Svgs | undefined)[],
  second: readonly (Svgs | undefined)[],
  what: string,
): void {
  diagrams.forEach((diagram, i) => {
    for (const variant of ['light', 'dark'] as const) {
      const a = first[i]?.[variant];
      const b = second[i]?.[variant];
      assert.ok(a && b, `not drawn: ${diagram.slice(0, 40)}`);
      assert.equal(b, a, `${variant} drawing ${what}: ${diagram.slice(0, 60)}`);
    }
  });
}

/**
 * The diagrams drawn one after another, in order (some kinds number their elements across the
 * drawings a page has made, so two renderers compared must draw the same diagrams in the same order).
 */
export async function drawInTurn(
  renderer: MermaidRenderer,
  diagrams: readonly string[],
): Promise<(Svgs | undefined)[]> {
  const drawings: (Svgs | undefined)[] = [];
  for (const diagram of diagrams) drawings.push(await renderer.render(diagram));
  return drawings;
}

/**
 * Draws the diagrams with each renderer in turn and asserts the second drew every one itself and
 * the same as the first; closes both.
 */
export async function assertRenderersAgree(
  first: MermaidRenderer,
  second: MermaidRenderer,
  diagrams: readonly string[],
  what: string,
): Promise<void> {
  try {
    const a = await drawInTurn(first, diagrams);
    const b = await drawInTurn(second, diagrams);
    assert.equal(second.stats.drawn, diagrams.length);
    assertSameDrawings(diagrams, a, b, what);
  } finally {
    await Promise.all([first.close(), second.close()]);
  }
}
