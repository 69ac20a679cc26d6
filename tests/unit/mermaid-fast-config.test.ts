/**
 * The faster getConfig() of the build's diagram pages (src/plugins/mermaid-svg/fast-config.ts).
 * The patch must find Mermaid's getConfig in the installed bundle (a Mermaid upgrade that moves
 * it fails here), every copy it hands out must match Mermaid's own, call by call, and the
 * drawings must be the same with and without it: checked in Debian's Chromium on diagrams of
 * every kind the site's content uses.
 */
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {CONFIG_CHECK_GLOBAL, CONFIG_COPY_GLOBAL, withFastConfig} from '../../src/plugins/mermaid-svg/fast-config.ts';
import {MermaidRenderer} from '../../src/plugins/mermaid-svg/renderer.ts';
import type {MermaidSiteConfig} from '../../src/plugins/mermaid-svg/svg.ts';
import {siteFontFamily} from '../../src/config/fonts.ts';
import {assertRenderersAgree, sampleDiagrams} from '../mermaid-samples.ts';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '..', '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const bundlePath = require.resolve('mermaid/dist/mermaid.min.js');
const dir = mkdtempSync(path.join(tmpdir(), 'orrery-mermaid-fast-config-'));
after(() => rmSync(dir, {recursive: true, force: true}));

test('the patch finds the one getConfig of the installed Mermaid bundle and changes nothing else', () => {
  const bundle = readFileSync(bundlePath, 'utf8');
  const patched = withFastConfig(bundle);
  assert.notEqual(patched, bundle);
  const call = patched.indexOf(`window.${CONFIG_COPY_GLOBAL}(`);
  assert.ok(call > 0, 'the patched getConfig does not call the copy');
  // Same text before the patched function; same text after it.
  let start = 0;
  while (bundle[start] === patched[start]) start += 1;
  let end = 0;
  while (bundle[bundle.length - 1 - end] === patched[patched.length - 1 - end]) end += 1;
  const changed = patched.slice(start, patched.length - end);
  assert.ok(changed.length < 80, `more than getConfig changed: ${changed}`);
  assert.ok(bundle.slice(start, bundle.length - end).length < 40);
});

test('a bundle without that getConfig, or with two, is refused with a message', () => {
  const one = 'var a,b;Lt=s(()=>ii({},$x),"getConfig"),x=1;';
  assert.match(withFastConfig(one), /Lt=s\(\(\)=>window\.orreryMermaidConfigCopy\(\$x,ii\),"getConfig"\)/);
  assert.throws(() => withFastConfig('Lt=s(()=>structuredClone($x),"getConfig")'), /expected one getConfig .* found 0/);
  assert.throws(() => withFastConfig(one + one), /found 2/);
});

test(
  "the drawings are the same with the faster getConfig, whose every copy matches Mermaid's",
  {skip: existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM}`, timeout: 180_000},
  async () => {
    const diagrams = sampleDiagrams(root);
    const kinds = new Set(diagrams.map((d) => d.trim().split(/\s/)[0]));
    assert.ok(kinds.size >= 5 && kinds.has('flowchart') && kinds.has('sequenceDiagram'), [...kinds].join(', '));
    // A drawing that mismatched (or never called getConfig) comes back as an error naming where.
    const checking = path.join(dir, 'browser-checking.js');
    writeFileSync(
      checking,
      readFileSync(path.join(root, 'src', 'plugins', 'mermaid-svg', 'browser.js'), 'utf8') +
        `\n;(() => {
          const render = window.orreryMermaid.render.bind(window.orreryMermaid);
          window.orreryMermaid.render = async (job) => {
            const check = (window.${CONFIG_CHECK_GLOBAL} = {calls: 0, mismatches: []});
            const result = await render(job);
            if (result.error) return result;
            if (check.calls === 0) return {error: {message: 'getConfig copy never called', line: null}};
            if (check.mismatches.length > 0) return {error: {message: 'copies differ at ' + check.mismatches.join(', '), line: null}};
            return result;
          };
        })();`,
    );
    // Hand-drawn shapes are random unless seeded (some kinds use them for backgrounds). Gantt
    // charts' line for today, which moves between drawings, is left out by the renderer.
    const config: MermaidSiteConfig = {
      theme: {light: 'neutral', dark: 'dark'},
      options: {fontFamily: siteFontFamily, handDrawnSeed: 3},
    };
    const renderer = (name: string, fastConfig: boolean, browserScript: string): MermaidRenderer =>
      new MermaidRenderer({
        config,
        cacheDir: path.join(dir, name),
        executablePath: CHROMIUM,
        // One page each, one diagram at a time: some kinds number their elements across the
        // drawings a page has made (a sequence diagram's "actor11"), so both must draw the same
        // diagrams in the same order (given all at once, they queue as their cache reads end).
        concurrency: 1,
        browserScript,
        fastConfig,
      });
    await assertRenderersAgree(
      renderer('plain', false, path.join(root, 'src', 'plugins', 'mermaid-svg', 'browser.js')),
      renderer('fast', true, checking),
      diagrams,
      'differs',
    );
  },
);
