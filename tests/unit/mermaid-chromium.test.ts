/**
 * Which Chromium draws the build's diagrams (src/plugins/mermaid-svg/index.ts `drawingChromium`):
 * Debian's headless shell when it is installed, since it starts faster, and only because it draws
 * exactly what Debian's Chromium draws: checked here on diagrams of every kind the content uses.
 */
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {HEADLESS_SHELL, drawingChromium} from '../../src/plugins/mermaid-svg/index.ts';
import {MermaidRenderer} from '../../src/plugins/mermaid-svg/renderer.ts';
import type {MermaidSiteConfig} from '../../src/plugins/mermaid-svg/svg.ts';
import {siteFontFamily} from '../../src/config/fonts.ts';
import {assertRenderersAgree, sampleDiagrams} from '../mermaid-samples.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const CHROMIUM = '/usr/bin/chromium';
const dir = mkdtempSync(path.join(tmpdir(), 'orrery-mermaid-chromium-'));
after(() => rmSync(dir, {recursive: true, force: true}));

test('the diagrams are drawn by CHROMIUM_PATH when set, else the headless shell when installed, else Chromium', () => {
  const none = () => false;
  const shell = (file: string) => file === HEADLESS_SHELL;
  assert.equal(drawingChromium({}, none), CHROMIUM);
  assert.equal(drawingChromium({}, shell), HEADLESS_SHELL);
  assert.equal(drawingChromium({CHROMIUM_PATH: '/opt/chrome/chrome'}, shell), '/opt/chrome/chrome');
  assert.equal(drawingChromium({CHROMIUM_PATH: ''}, shell), HEADLESS_SHELL);
});

const missing = [CHROMIUM, HEADLESS_SHELL].filter((file) => !existsSync(file));

test(
  "the headless shell draws every kind of diagram exactly as Debian's Chromium does",
  {skip: missing.length ? `not installed: ${missing.join(', ')}` : false, timeout: 180_000},
  async () => {
    const diagrams = sampleDiagrams(root);
    const kinds = new Set(diagrams.map((d) => d.trim().split(/\s/)[0]));
    assert.ok(kinds.size >= 5 && kinds.has('flowchart') && kinds.has('sequenceDiagram'), [...kinds].join(', '));
    const config: MermaidSiteConfig = {
      theme: {light: 'neutral', dark: 'dark'},
      options: {fontFamily: siteFontFamily, handDrawnSeed: 3},
    };
    // One page each, one diagram at a time, in the same order (some kinds number their elements
    // across the drawings a page has made).
    const renderer = (executablePath: string, name: string): MermaidRenderer =>
      new MermaidRenderer({
        config,
        cacheDir: path.join(dir, name),
        executablePath,
        concurrency: 1,
        browserScript: path.join(root, 'src', 'plugins', 'mermaid-svg', 'browser.js'),
      });
    await assertRenderersAgree(
      renderer(CHROMIUM, 'chromium'),
      renderer(HEADLESS_SHELL, 'shell'),
      diagrams,
      'differs between Chromium and its headless shell',
    );
  },
);
