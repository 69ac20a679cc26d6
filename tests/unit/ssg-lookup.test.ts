import {before, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import Module, {createRequire, register} from 'node:module';
import path from 'node:path';
import {matchRoutes, type RouteConfig} from 'react-router-config';
import type {LoadContext} from '@docusaurus/types';
import type {GlobalDoc, GlobalPluginData, GlobalVersion} from '@docusaurus/plugin-content-docs/client';
import ssgLookup, {DOCS_CLIENT_DIR, DOCS_CLIENT_UTILS_REQUEST} from '../../src/plugins/ssg-lookup/index.ts';
import {matchedRoutes, type RouteNode} from '../../src/plugins/page-startup/pageScripts.ts';

// '@docusaurus/router' is a bundler alias of react-router; give Node the same, in both module
// systems: tsx loads the docs plugin's ES module through import and our TypeScript through
// require (this project is CommonJS), which module.register's hooks do not see on Node 20.
register(
  'data:text/javascript,' +
    encodeURIComponent(
      "export async function resolve(s, c, next) { return next(s === '@docusaurus/router' ? 'react-router' : s, c); }",
    ),
);
const moduleInternals = Module as unknown as {_resolveFilename: (request: string, ...rest: unknown[]) => string};
const resolveFilename = moduleInternals._resolveFilename;
moduleInternals._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]) {
  return resolveFilename.call(this, request === '@docusaurus/router' ? 'react-router' : request, ...rest);
};
type Utils = typeof import('../../src/plugins/ssg-lookup/docsClientUtils.ts');
let original: Utils;
let ours: Utils;
before(async () => {
  original = (await import('@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js')) as Utils;
  ours = (await import('../../src/plugins/ssg-lookup/docsClientUtils.ts')) as Utils;
});

const doc = (id: string, p: string): GlobalDoc => ({id, path: p, sidebar: undefined});

/** Docs whose lookups a key could get wrong: case twins, no trailing slash, parameters, non-ASCII, repeated ids. */
function pluginData(): GlobalPluginData {
  const current: GlobalVersion = {
    name: 'current',
    label: 'Next',
    isLast: true,
    path: '/base/',
    mainDocId: 'intro',
    docs: [
      doc('intro', '/base/'),
      doc('a', '/base/guide/Alpha/'),
      doc('a-twin', '/base/guide/alpha/'),
      doc('b', '/base/guide/beta'),
      doc('param', '/base/ref/:name/'),
      doc('after-param', '/base/ref/items/'),
      doc('group', '/base/x(yz)?/'),
      doc('umlaut', '/base/über/'),
      doc('kelvin', '/base/key/'),
      doc('dup', '/base/dup-1/'),
      doc('dup', '/base/dup-2/'),
      ...Array.from({length: 200}, (_, i) => doc(`gen-${i}`, `/base/gen/page-${i}/`)),
    ],
    draftIds: [],
    sidebars: {},
  };
  const old: GlobalVersion = {
    ...current,
    name: '3.4.0',
    label: '3.4.0',
    isLast: false,
    path: '/base/3.4.0',
    docs: [doc('intro', '/base/3.4.0/'), doc('a', '/base/3.4.0/guide/alpha/'), doc('dup', '/base/3.4.0/dup/')],
  };
  return {path: '/base', versions: [current, old], breadcrumbs: true} as GlobalPluginData;
}

const PATHNAMES = [
  '/base/',
  '/base',
  '',
  '/',
  '/base/guide/alpha/',
  '/base/guide/ALPHA',
  '/base/guide/alpha//',
  '/base/guide/beta',
  '/base/guide/beta/',
  '/base/guide/Beta/',
  '/base/ref/items/',
  '/base/ref/anything/',
  '/base/xy/',
  '/base/xyz/',
  '/base/über/',
  '/base/%C3%BCber/',
  '/base/\u212Aey/',
  '/base/KEY/',
  '/base/dup-2/',
  '/base/gen/page-7/',
  '/base/gen/PAGE-199',
  '/base/gen/page-200/',
  '/base/3.4.0/',
  '/base/3.4.0/guide/Alpha/',
  '/base/3.4.0/dup',
  '/elsewhere/',
];

test("getActiveDocContext and getDocVersionSuggestions give the docs plugin's own results", () => {
  const data = pluginData();
  for (const pathname of PATHNAMES) {
    const want = original.getActiveDocContext(data, pathname);
    const got = ours.getActiveDocContext(data, pathname);
    assert.equal(got.activeVersion, want.activeVersion, `active version of ${pathname}`);
    assert.equal(got.activeDoc, want.activeDoc, `active doc of ${pathname}`);
    assert.deepEqual(Object.keys(got.alternateDocVersions), Object.keys(want.alternateDocVersions), pathname);
    for (const [name, d] of Object.entries(want.alternateDocVersions)) {
      assert.equal(got.alternateDocVersions[name], d, `${name} twin of ${pathname}`);
    }
    const suggestions = ours.getDocVersionSuggestions(data, pathname);
    const expected = original.getDocVersionSuggestions(data, pathname);
    assert.equal(suggestions.latestDocSuggestion, expected.latestDocSuggestion, pathname);
    assert.equal(suggestions.latestVersionSuggestion, expected.latestVersionSuggestion, pathname);
  }
  // The cases the index must not get wrong did come up.
  const active = (p: string) => ours.getActiveDocContext(data, p).activeDoc?.id;
  assert.equal(active('/base/guide/ALPHA'), 'a');
  assert.equal(active('/base/ref/items/'), 'param');
  assert.equal(active('/base/xyz/'), 'group');
  assert.equal(active('/base/\u212Aey/'), undefined);
  assert.deepEqual(Object.keys(ours.getActiveDocContext(data, '/base/dup-1/').alternateDocVersions), [
    'current',
    '3.4.0',
  ]);
});

test('a version whose docs grew is indexed again', () => {
  const data = pluginData();
  const version = data.versions[0] as GlobalVersion;
  assert.equal(ours.getActiveDocContext(data, '/base/late/').activeDoc, undefined);
  version.docs.push(doc('late', '/base/late/'));
  assert.equal(ours.getActiveDocContext(data, '/base/late/').activeDoc?.id, 'late');
  assert.equal(
    ours.getActiveDocContext(data, '/base/late/').activeDoc,
    original.getActiveDocContext(data, '/base/late/').activeDoc,
  );
});

test("page-startup's route branch is react-router-config's matchRoutes branch", () => {
  let n = 0;
  const route = (p: string, extra: Partial<RouteNode> = {}): RouteNode => ({path: p, key: `${p}-${n++}`, ...extra});
  const routes: RouteNode[] = [
    route('/base/search', {exact: true}),
    route('/base/3.4.0', {
      routes: [
        route('/base/3.4.0', {
          routes: [route('/base/3.4.0/guide/', {exact: true}), route('/base/3.4.0/', {exact: true})],
        }),
      ],
    }),
    route('/base', {
      routes: [
        route('/base', {
          routes: [
            route('/base/ref/:name/', {exact: true}),
            route('/base/ref/items/', {exact: true}),
            route('/base/Guide/', {exact: true}),
            route('/base/guide/', {exact: true}),
            route('/base/strict/', {exact: true, strict: true}),
            ...Array.from({length: 300}, (_, i) => route(`/base/gen/page-${i}/`, {exact: true})),
            route('/base/', {exact: true}),
          ],
        }),
      ],
    }),
    route('', {routes: [route('/base/fallback/', {exact: true})]}),
    route('*'),
  ];
  const pathnames = [
    '/base/search',
    '/base/SEARCH/',
    '/base/3.4.0/guide/',
    '/base/3.4.0/',
    '/base/ref/items/',
    '/base/guide',
    '/base/strict',
    '/base/strict/',
    '/base/gen/page-299/',
    '/base/gen/Page-3',
    '/base/',
    '/base/fallback/',
    '/nowhere/',
  ];
  for (const pathname of pathnames) {
    const want = matchRoutes(routes as unknown as RouteConfig[], pathname).map(
      ({route: r}) => (r as unknown as RouteNode).key,
    );
    assert.deepEqual(
      matchedRoutes(routes, pathname).map((r) => r.key),
      want,
      pathname,
    );
  }
});

test('the docs plugin still imports ./docsClientUtils, which still exports the five functions replaced', () => {
  const require = createRequire(path.resolve('package.json'));
  const dir = path.dirname(require.resolve('@docusaurus/plugin-content-docs/lib/client/index.js'));
  assert.match(dir, new RegExp(DOCS_CLIENT_DIR.source.replace('$', '')));
  const index = readFileSync(path.join(dir, 'index.js'), 'utf8');
  const request = /from '(\.\/docsClientUtils[^']*)'/.exec(index)?.[1];
  assert.ok(request && DOCS_CLIENT_UTILS_REQUEST.test(request), "lib/client/index.js imports './docsClientUtils'");
  assert.deepEqual(Object.keys(original).sort(), Object.keys(ours).sort());
});

test('the server build replaces the module, and a build in which nothing was replaced stops', () => {
  type Hook = (resource: {context?: string; request: string}) => void;
  const hooks: Hook[] = [];
  class NormalModuleReplacementPlugin {
    hook: Hook;
    constructor(_re: RegExp, hook: Hook) {
      this.hook = hook;
      hooks.push(hook);
    }
  }
  const plugin = ssgLookup({siteDir: '/site'} as LoadContext, {});
  assert.ok(plugin?.configureWebpack && plugin.postBuild);
  const utils = {currentBundler: {instance: {NormalModuleReplacementPlugin}}} as never;
  const configure = plugin.configureWebpack.bind(plugin) as unknown as (
    c: object,
    s: boolean,
    u: never,
  ) => {plugins?: unknown[]};
  assert.deepEqual(configure({mode: 'production'}, false, utils), {});
  assert.equal(configure({mode: 'production'}, true, utils).plugins?.length, 1);
  const postBuild = () => (plugin.postBuild as () => void)();
  assert.throws(postBuild, /no longer imports \.\/docsClientUtils/);
  const other = {context: '/x/node_modules/other/lib', request: './docsClientUtils'};
  hooks[0]?.(other);
  assert.equal(other.request, './docsClientUtils');
  assert.throws(postBuild);
  const docs = {context: '/x/node_modules/@docusaurus/plugin-content-docs/lib/client', request: './docsClientUtils'};
  hooks[0]?.(docs);
  assert.equal(docs.request, path.join('/site', 'src', 'plugins', 'ssg-lookup', 'docsClientUtils.ts'));
  assert.doesNotThrow(postBuild);
  assert.equal(ssgLookup({siteDir: '/site'} as LoadContext, {enabled: false}), null);
});
