import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import type {PrismTheme} from 'prism-react-renderer';
import {darkCodeTheme, lightCodeTheme} from '../../src/config/prismThemes.ts';

/**
 * Every code token color reaches WCAG AA contrast (4.5:1) on the code block
 * background, and on a highlighted line (the block background under
 * `--docusaurus-highlighted-code-line-bg` from src/css/custom.css), in both
 * color modes. The browser sweep (tests/e2e/sitemap.spec.ts) checks the
 * rendered pages; this says which color fails before a build.
 */
type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb color: ${hex}`);
  return [Number.parseInt(m[1] ?? '', 16), Number.parseInt(m[2] ?? '', 16), Number.parseInt(m[3] ?? '', 16)];
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `rgba(r, g, b, a)` over an opaque background. */
function over(rgba: string, background: Rgb): Rgb {
  const m = /^rgba\(\s*(\d+),\s*(\d+),\s*(\d+),\s*([\d.]+)\s*\)$/.exec(rgba.trim());
  if (!m) throw new Error(`not an rgba() color: ${rgba}`);
  const alpha = Number(m[4]);
  return [1, 2, 3].map((i, k) => Number(m[i]) * alpha + (background[k] ?? 0) * (1 - alpha)) as Rgb;
}

/** The highlighted-line background of each mode, as custom.css sets it. */
function highlightedLineBackgrounds(): {light: string; dark: string} {
  const css = readFileSync('src/css/custom.css', 'utf8');
  const value = (block: RegExp) => {
    const body = block.exec(css)?.[1] ?? '';
    const m = /--docusaurus-highlighted-code-line-bg:\s*([^;]+);/.exec(body);
    if (!m?.[1]) throw new Error(`no --docusaurus-highlighted-code-line-bg in ${block}`);
    return m[1];
  };
  return {light: value(/:root\s*\{([^}]*)\}/), dark: value(/\[data-theme='dark'\]\s*\{([^}]*)\}/)};
}

function failures(theme: PrismTheme, highlightedLine: string): string[] {
  const background = parseHex(theme.plain.backgroundColor ?? '');
  const backgrounds: [string, Rgb][] = [
    ['block', background],
    ['highlighted line', over(highlightedLine, background)],
  ];
  const entries = [
    {types: ['plain'], color: theme.plain.color},
    ...theme.styles.map((s) => ({...s, color: s.style.color})),
  ];
  const out: string[] = [];
  for (const {types, color} of entries) {
    if (!color) continue;
    for (const [where, bg] of backgrounds) {
      const ratio = contrast(parseHex(color), bg);
      if (ratio < 4.5) out.push(`${types.join('/')} ${color} on ${where}: ${ratio.toFixed(2)}`);
    }
  }
  return out;
}

test('the contrast formula gives the WCAG figures', () => {
  assert.equal(contrast([0, 0, 0], [255, 255, 255]), 21);
  assert.equal(contrast([119, 119, 119], [255, 255, 255]).toFixed(2), '4.48');
});

test('every light code token color reaches 4.5:1 on its block and on a highlighted line', () => {
  assert.deepEqual(failures(lightCodeTheme, highlightedLineBackgrounds().light), []);
});

test('every dark code token color reaches 4.5:1 on its block and on a highlighted line', () => {
  assert.deepEqual(failures(darkCodeTheme, highlightedLineBackgrounds().dark), []);
});

test('a color below 4.5:1 is reported', () => {
  const weak: PrismTheme = {...lightCodeTheme, styles: [{types: ['comment'], style: {color: '#8c959f'}}]};
  assert.deepEqual(failures(weak, 'rgba(0, 0, 0, 0.1)'), [
    'comment #8c959f on block: 2.85',
    'comment #8c959f on highlighted line: 2.28',
  ]);
});
