// cspell:words rspack
import {test} from 'node:test';
import assert from 'node:assert/strict';
import trim from '../../src/plugins/bundle-trim/loaders/trimClientData.cjs';

const {trimDocsVersion, trimRegistry, shortChunkNames, renameRouteChunks} = trim as {
  trimDocsVersion(source: string): string;
  trimRegistry(source: string): {code: string; entries: number};
  shortChunkNames(source: string): Map<string, string>;
  renameRouteChunks(source: string, names: Map<string, string>): string;
};

const version = {
  version: {
    pluginId: 'default',
    docsSidebars: {
      docs: [
        {type: 'link', docId: 'intro', href: '/intro'},
        {
          type: 'category',
          label: 'Planning',
          href: '/category/planning',
          items: [
            {type: 'link', docId: 'planning/plans', href: '/planning/plans'},
            {type: 'category', label: 'Deep', items: [{type: 'link', docId: 'planning/deep', href: '/x'}]},
          ],
        },
      ],
    },
    docs: {
      intro: {id: 'intro', title: 'Intro', description: 'Start here.', sidebar: 'docs'},
      'planning/plans': {id: 'planning/plans', title: 'Plans', description: 'Make a plan.', sidebar: 'docs'},
      'planning/deep': {id: 'planning/deep', title: 'Deep', description: 'Deep dive.', sidebar: 'docs'},
    },
  },
};

test('the docs map keeps only docs a category page shows as cards', () => {
  const out = JSON.parse(trimDocsVersion(JSON.stringify(version)));
  assert.deepEqual(out.version.docs['planning/plans'], version.version.docs['planning/plans']);
  assert.equal(out.version.docs.intro, undefined, 'not inside a category with a page');
  assert.equal(out.version.docs['planning/deep'], undefined, 'its category has no page');
  assert.deepEqual(out.version.docsSidebars, version.version.docsSidebars);
});

test('other JSON modules pass through unchanged', () => {
  const other = JSON.stringify({categoryGeneratedIndex: {title: 'Planning', description: 'x'}});
  assert.equal(trimDocsVersion(other), other);
});

const registry = `export default {
  "9f3a1b2c": [() => import(/* webpackChunkName: "9f3a1b2c" */ "@site/docs/a.md"), "@site/docs/a.md", require.resolveWeak("@site/docs/a.md")],
  "17ee0d4a": [() => import(/* webpackChunkName: "17ee0d4a" */ "@theme/DocRoot"), "@theme/DocRoot", require.resolveWeak("@theme/DocRoot")],
};
`;

test('the browser registry loses module names and gets short chunk names', () => {
  const {code, entries} = trimRegistry(registry);
  assert.equal(entries, 2);
  assert.equal(
    code,
    `export default {
  "1": [() => import(/* webpackChunkName: "1" */ "@site/docs/a.md"), "", require.resolveWeak("@site/docs/a.md")],
  "0": [() => import(/* webpackChunkName: "0" */ "@theme/DocRoot"), "", require.resolveWeak("@theme/DocRoot")],
};
`,
  );
});

test('route chunk names are renamed as in the registry, keys untouched', () => {
  const names = shortChunkNames(registry);
  const routes = JSON.stringify({'/orrery/a-1f2': {__comp: '17ee0d4a', content: '9f3a1b2c', other: 'unknown1'}});
  assert.deepEqual(JSON.parse(renameRouteChunks(routes, names)), {
    '/orrery/a-1f2': {__comp: '0', content: '1', other: 'unknown1'},
  });
});

test('short names grow in base 36 and stay unique', () => {
  const many = Array.from({length: 1300}, (_, i) => `  "${i.toString(16).padStart(8, '0')}": [`).join('\n');
  const names = shortChunkNames(many);
  assert.equal(names.size, 1300);
  assert.equal(new Set(names.values()).size, 1300);
  assert.equal(names.get('00000000'), '0');
  assert.equal(names.get('00000513'), '103'); // index 1299 = 36² + 3
});

test("the modern minimizer replaces Rspack's SWC minimizer, and stops the build when there is none", async () => {
  const {modernMinimizers} = await import('../../src/plugins/bundle-trim/index.ts');
  class SwcJsMinimizerRspackPlugin {
    constructor(readonly options: object = {}) {}
  }
  const css = {name: 'css'};
  const bundler = {name: 'rspack', instance: {SwcJsMinimizerRspackPlugin}} as never;
  const [js, kept] = modernMinimizers(
    {optimization: {minimizer: [new SwcJsMinimizerRspackPlugin(), css]}} as never,
    bundler,
  );
  assert.ok(js instanceof SwcJsMinimizerRspackPlugin);
  assert.match(JSON.stringify((js as SwcJsMinimizerRspackPlugin).options), /"ecma":2020/);
  assert.equal(kept, css);
  assert.throws(
    () => modernMinimizers({optimization: {minimizer: [css]}} as never, bundler),
    /no longer minifies JavaScript with SwcJsMinimizerRspackPlugin/,
  );
  // `docusaurus build --no-minify` (Docusaurus turns minimize off and gives no minimizers) builds.
  assert.deepEqual(modernMinimizers({optimization: {minimize: false}} as never, bundler), []);
  // webpack (ORRERY_FASTER=0) keeps its own minimizers.
  const webpackMinimizers = [css];
  assert.deepEqual(
    modernMinimizers({optimization: {minimizer: webpackMinimizers}} as never, {name: 'webpack'} as never),
    [css],
  );
});
