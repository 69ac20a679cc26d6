import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import codeHighlight from '../../src/plugins/code-highlight/index.ts';
import pageStartup from '../../src/plugins/page-startup/index.ts';
import bundleTrim from '../../src/plugins/bundle-trim/index.ts';
import navigation from '../../src/plugins/navigation/index.ts';
import earlyInput from '../../src/plugins/early-input/index.ts';
import mermaidSvg, {mermaidRemarkPlugin} from '../../src/plugins/mermaid-svg/index.ts';
import llmsTxt from '../../src/plugins/llms-txt/index.ts';
import ssgLookup from '../../src/plugins/ssg-lookup/index.ts';
import jsxLocals from '../../src/plugins/jsx-locals/index.ts';
import pageData from '../../src/plugins/page-data/index.ts';

// `enabled: false` (ORRERY_CODE_HIGHLIGHT=0 and the like in docusaurus.config.ts) removes the
// plugin before it reads its context: a stock Docusaurus site for that mechanism.
const context = {} as LoadContext;

for (const [name, plugin] of Object.entries({
  codeHighlight,
  pageStartup,
  bundleTrim,
  navigation,
  earlyInput,
  ssgLookup,
  jsxLocals,
  pageData,
})) {
  test(`${name}: enabled false turns the plugin off`, () => {
    assert.equal(plugin(context, {enabled: false}), null);
  });
}

test('mermaidSvg: enabled false turns the plugin off', () => {
  assert.equal(mermaidSvg(context, {enabled: false}), null);
});

test('mermaidSvg: a production browser bundle leaves Mermaid out once no diagram is left to the browser, unless keepMermaidInBundle', async () => {
  // A site without diagrams: loadContent draws nothing and finds nothing left to the browser.
  const siteDir = mkdtempSync(path.join(tmpdir(), 'orrery-mermaid-switch-'));
  try {
    const webpackConfigOf = async (options: object, mode: string, isServer = false) => {
      const plugin = mermaidSvg({siteDir} as LoadContext, options);
      assert.ok(plugin?.loadContent && plugin.configureWebpack);
      await plugin.loadContent();
      const configure = plugin.configureWebpack as (config: object, isServer: boolean) => {resolve?: {alias?: object}};
      return configure({mode}, isServer);
    };
    const alias = (await webpackConfigOf({}, 'production')).resolve?.alias ?? {};
    assert.deepEqual(Object.keys(alias).sort(), ['@mermaid-js/layout-elk$', 'mermaid$']);
    assert.match(String(Object.values(alias)[0]), /client-stub\.js$/);
    assert.deepEqual(await webpackConfigOf({keepMermaidInBundle: true}, 'production'), {});
    assert.deepEqual(await webpackConfigOf({}, 'development'), {});
    assert.deepEqual(await webpackConfigOf({}, 'production', true), {});
  } finally {
    rmSync(siteDir, {recursive: true, force: true});
  }
});

test('llmsTxt: enabled false turns the plugin off', () => {
  assert.equal(llmsTxt(context, {enabled: false, instances: [{id: 'default'}]}), null);
  assert.notEqual(
    llmsTxt({siteConfig: {url: 'https://example.org'}} as LoadContext, {instances: [{id: 'default'}]}),
    null,
  );
});

// The two remark plugins are switched in docusaurus.config.ts itself: load it as `docusaurus build`
// does, with and without the switches, and read which remark plugins each docs instance gets.
test('ORRERY_MERMAID_SVG=0 and ORRERY_TABLE_LABELS=0 take the remark plugins out of every docs instance', () => {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const script = `
    const mod = await import('./docusaurus.config.ts');
    const config = mod.default.default ?? mod.default;
    const name = (p) => (Array.isArray(p) ? p[0] : p).name;
    const docs = [config.presets[0][1].docs, ...config.plugins.filter((p) => Array.isArray(p) && p[0] === '@docusaurus/plugin-content-docs').map((p) => p[1])];
    console.log(JSON.stringify({
      remark: docs.map((d) => d.beforeDefaultRemarkPlugins.map(name)),
      pages: config.presets[0][1].pages.beforeDefaultRemarkPlugins.map(name),
    }));`;
  const load = (env: Record<string, string>) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
      env: {...process.env, ...env},
    });
    assert.equal(result.status, 0, result.stderr);
    return JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as {remark: string[][]; pages: string[]};
  };
  const on = load({});
  assert.equal(on.remark.length, 3);
  for (const list of on.remark) assert.deepEqual(list, ['remarkMermaidSvg', 'remarkTableLabels']);
  assert.deepEqual(on.pages, ['remarkMermaidSvg']);
  const off = load({ORRERY_MERMAID_SVG: '0', ORRERY_TABLE_LABELS: '0'});
  for (const list of off.remark) assert.deepEqual(list, []);
  assert.deepEqual(off.pages, []);
});

test('mermaidSvg: a production build with every diagram drawn keeps the drawings out of the JavaScript, unless drawingsOutsideJs is false', async () => {
  // A site with one diagram whose drawing is in the cache: loadContent needs no Chromium.
  const siteDir = mkdtempSync(path.join(tmpdir(), 'orrery-mermaid-outside-'));
  const previous = process.env.NODE_ENV;
  try {
    const source = 'flowchart LR\n  a --> b';
    mkdirSync(path.join(siteDir, 'docs'), {recursive: true});
    writeFileSync(path.join(siteDir, 'docs', 'a.md'), `# A\n\n\`\`\`mermaid\n${source}\n\`\`\`\n`);
    const cacheRoot = path.join(siteDir, 'cache');
    const [, {renderer}] = mermaidRemarkPlugin(
      siteDir,
      {theme: {light: 'default', dark: 'dark'}, options: {test: siteDir}},
      {ORRERY_BUILD_CACHE_DIR: cacheRoot, CHROMIUM_PATH: path.join(siteDir, 'no-chromium')},
    );
    const key = renderer().key(source);
    const cached = path.join(cacheRoot, 'orrery-mermaid', key.slice(0, 2), `${key}.json`);
    mkdirSync(path.dirname(cached), {recursive: true});
    writeFileSync(cached, JSON.stringify({light: '<svg id="x"/>', dark: '<svg id="x"/>'}));

    const outsideAfterLoad = async (mode: string, options: object): Promise<boolean> => {
      process.env.NODE_ENV = mode;
      renderer().drawingsOutsideJs = false;
      const plugin = mermaidSvg({siteDir} as LoadContext, options);
      await plugin?.loadContent?.();
      return renderer().drawingsOutsideJs;
    };
    assert.equal(await outsideAfterLoad('production', {}), true);
    assert.equal(await outsideAfterLoad('production', {drawingsOutsideJs: false}), false);
    assert.equal(await outsideAfterLoad('development', {}), false);
    // A diagram left to the browser (not cached, no Chromium) keeps every drawing in the JavaScript.
    writeFileSync(path.join(siteDir, 'docs', 'b.md'), '# B\n\n```mermaid\nflowchart LR\n  c --> d\n```\n');
    assert.equal(await outsideAfterLoad('production', {}), false);
  } finally {
    process.env.NODE_ENV = previous;
    rmSync(siteDir, {recursive: true, force: true});
  }
});
