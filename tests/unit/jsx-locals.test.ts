import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {createElement, type ComponentType} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import type {LoadContext} from '@docusaurus/types';
import jsxLocals from '../../src/plugins/jsx-locals/index.ts';
import loaderModule from '../../src/plugins/jsx-locals/loader.cjs';

const {localizeJsxRuntime, stats, NAMESPACE} = loaderModule as {
  localizeJsxRuntime: (source: string) => string | undefined;
  stats: () => {seen: number; changed: number};
  NAMESPACE: string;
};
const root = path.resolve(import.meta.dirname, '..', '..');

// MDX as Docusaurus's MDX loader compiles it: the @mdx-js/mdx that loader resolves, with its provider.
async function compileMdx(source: string, development = false): Promise<string> {
  const fromLoader = createRequire(createRequire(path.join(root, 'package.json')).resolve('@docusaurus/mdx-loader'));
  const mdx = (await import(pathToFileURL(fromLoader.resolve('@mdx-js/mdx')).href)) as typeof import('@mdx-js/mdx');
  return String(await mdx.compile(source, {providerImportSource: '@mdx-js/react', development}));
}

const PAGE = [
  '# Downlink windows',
  '',
  'A *pass* opens at `AOS` and closes at **LOS**; see [the planning guide](/planning/).',
  '',
  '- first',
  '- second',
  '',
  '<div className="callout">',
  '',
  'Nested `code` and text.',
  '',
  '</div>',
  '',
  '> DSS-14 sees the spacecraft above 10°.',
].join('\n');

test('an MDX page imports the JSX runtime once, as a namespace with local constants, and renders the same markup', async () => {
  const compiled = await compileMdx(PAGE);
  assert.match(compiled, /^import \{[^}]*jsx as _jsx[^}]*\} from "react\/jsx-runtime";$/m);
  const localized = localizeJsxRuntime(compiled);
  assert.ok(localized, 'the compiled page was changed');
  assert.doesNotMatch(localized, /import \{[^}]*\} from "react\/jsx-runtime"/);
  assert.match(
    localized,
    new RegExp(`^import \\* as ${NAMESPACE} from "react/jsx-runtime"; const .*_jsx = ${NAMESPACE}\\.jsx`, 'm'),
  );
  assert.equal(localized.split('\n').length, compiled.split('\n').length, 'line numbers unchanged');

  // Both versions, as modules in the project (so that react and @mdx-js/react resolve), render the same.
  const dir = mkdtempSync(path.join(root, 'node_modules', '.jsx-locals-test-'));
  try {
    const render = async (name: string, code: string) => {
      const file = path.join(dir, `${name}.mjs`);
      writeFileSync(file, code);
      const mod = (await import(pathToFileURL(file).href)) as {default: ComponentType};
      return renderToStaticMarkup(createElement(mod.default));
    };
    const before = await render('before', compiled);
    const after = await render('after', localized);
    assert.match(before, /<h1>Downlink windows<\/h1>/);
    assert.match(before, /<blockquote>\n<p>DSS-14 sees the spacecraft above 10°.<\/p>\n<\/blockquote>/);
    assert.match(before, /<div class="callout"><p>Nested <code>code<\/code> and text.<\/p><\/div>/);
    assert.equal(after, before);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('the development runtime (npm start) is localized too; other sources are left alone', async () => {
  const development = await compileMdx('Some *text*.', true);
  assert.match(development, /from "react\/jsx-dev-runtime"/);
  const localized = localizeJsxRuntime(development);
  assert.ok(localized);
  assert.match(localized, new RegExp(`_jsxDEV = ${NAMESPACE}\\.jsxDEV`));

  assert.equal(localizeJsxRuntime('export const a = 1;\n'), undefined, 'nothing to change');
  assert.equal(
    localizeJsxRuntime(`import {jsx as _jsx} from "react/jsx-runtime";\nconst ${NAMESPACE} = 1;\n`),
    undefined,
    'the namespace name is taken',
  );
  assert.equal(
    localizeJsxRuntime('import {jsx as _jsx, default as x-y} from "react/jsx-runtime";\n'),
    undefined,
    'a specifier it does not understand',
  );
  // SWC-style spacing and single quotes.
  assert.equal(
    localizeJsxRuntime("import { jsx as _jsx, Fragment } from 'react/jsx-runtime'\n_jsx(Fragment, {});\n"),
    `import * as ${NAMESPACE} from 'react/jsx-runtime'; const _jsx = ${NAMESPACE}.jsx, Fragment = ${NAMESPACE}.Fragment;\n_jsx(Fragment, {});\n`,
  );
});

test('the plugin adds a post loader for Markdown and MDX whose test is not a RegExp, and stops the build when it changed nothing', () => {
  const plugin = jsxLocals({siteDir: '/site'} as LoadContext, {});
  assert.ok(plugin?.configureWebpack && plugin.postBuild);
  const config = (plugin.configureWebpack as (...args: unknown[]) => {module: {rules: Record<string, unknown>[]}})();
  const [rule] = config.module.rules;
  assert.equal(rule?.enforce, 'post');
  // Core's MDX fallback plugin takes the `include` of any rule whose RegExp test matches MDX.
  assert.equal(typeof rule?.test, 'function');
  const matches = rule?.test as (resource: string) => boolean;
  assert.ok(matches('/site/docs/a.md') && matches('/site/src/pages/b.MDX'));
  assert.ok(!matches('/site/src/theme/c.tsx'));
  assert.deepEqual(rule?.use, [{loader: path.join('/site', 'src', 'plugins', 'jsx-locals', 'loader.cjs')}]);

  const counts = stats();
  const saved = {...counts};
  const postBuild = plugin.postBuild as () => void;
  try {
    Object.assign(counts, {seen: 12, changed: 0});
    assert.throws(postBuild, /jsx-locals: none of the 12 compiled Markdown and MDX modules imports react\/jsx-runtime/);
    Object.assign(counts, {seen: 12, changed: 11});
    assert.doesNotThrow(postBuild);
  } finally {
    Object.assign(counts, saved);
  }
});
