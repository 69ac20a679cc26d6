import {test} from 'node:test';
import assert from 'node:assert/strict';
import split from '../../src/plugins/bundle-trim/loaders/routeSplit.cjs';
import trim from '../../src/plugins/bundle-trim/loaders/trimClientData.cjs';

interface Leaf {
  path: string;
  key: string;
}
interface Part {
  name: string;
  from: string;
  to: string;
  leaves: Leaf[];
}
const {planSplit, mainRoutes, partModule, cut} = split as {
  planSplit(
    routes: string,
    chunkNames: Record<string, unknown>,
    options?: {minList?: number; maxPart?: number},
  ): {lists: {parts: Part[]}[]; moved: Map<string, string>; partOfKey: Map<string, string>};
  mainRoutes(source: string, plan: unknown, paths: {client: string; partsDir: string}): string;
  partModule(source: string, part: Part, chunkNames: object, entries: string[], client: string): string;
  cut(leaves: Leaf[], maxPart: number): Leaf[][];
};
const {splitRegistry} = trim as {
  splitRegistry(source: string, moved: Map<string, string>): {main: string; byPart: Map<string, string[]>};
};

/** routes.js as Docusaurus writes it: one docs plugin, one version, `n` doc routes, and a page. */
function routesJs(n: number, alpha = n / 2): {source: string; chunkNames: Record<string, unknown>} {
  const leaves = Array.from(
    {length: n},
    (_, i) => `/b/${i < alpha ? 'alpha' : 'beta'}/page-${String(i).padStart(3, '0')}/`,
  );
  const chunkNames: Record<string, unknown> = {
    '/b/search/-aaa': {__comp: 'c-search'},
    '/b/-bbb': {__comp: 'c-docsroot', __context: {plugin: 'c-plugin'}},
    '/b/-ccc': {__comp: 'c-version', __props: 'c-props'},
    '/b/-ddd': {__comp: 'c-docroot'},
  };
  const leafSource = leaves.map((p, i) => {
    chunkNames[`${p}-h${i}`] = {__comp: 'c-docitem', content: `c-content-${i}`};
    return `{\n  path: '${p}',\n  component: ComponentCreator('${p}', 'h${i}'),\n  exact: true,\n  sidebar: "docs"\n}`;
  });
  const source = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/b/search/',
    component: ComponentCreator('/b/search/', 'aaa'),
    exact: true
  },
  {
    path: '/b/',
    component: ComponentCreator('/b/', 'bbb'),
    routes: [
      {
        path: '/b/',
        component: ComponentCreator('/b/', 'ccc'),
        routes: [
          {
            path: '/b/',
            component: ComponentCreator('/b/', 'ddd'),
            routes: [
${leafSource.join(',\n')}
            ]
          }
        ]
      }
    ]
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`;
  return {source, chunkNames};
}

test('long lists of leaf routes are cut into parts in path order; parents and short lists stay', () => {
  const {source, chunkNames} = routesJs(250, 60);
  const plan = planSplit(source, chunkNames, {minList: 20, maxPart: 100});
  assert.equal(plan.lists.length, 1);
  const parts = plan.lists[0]?.parts ?? [];
  // 60 in alpha/, 190 in beta/: a part ends where the folder changes once it is half full, else when full.
  assert.deepEqual(
    parts.map((p) => p.leaves.length),
    [60, 100, 90],
  );
  assert.equal(parts[0]?.from, '/b/alpha/page-000/');
  assert.equal(parts[0]?.to, '/b/alpha/page-059/');
  assert.equal(parts[1]?.from, '/b/beta/page-060/');
  assert.equal(parts[2]?.to, '/b/beta/page-249/');
  // Less than half full at the folder change: the part goes on (no tiny parts).
  const merged = planSplit(...(Object.values(routesJs(250, 30)) as [string, Record<string, unknown>]), {
    minList: 20,
    maxPart: 100,
  });
  assert.deepEqual(
    merged.lists[0]?.parts.map((p) => p.leaves.length),
    [100, 100, 50],
  );
  assert.equal(plan.partOfKey.size, 250);
  assert.equal(plan.partOfKey.get('/b/alpha/page-000/-h0'), parts[0]?.name);
  // Content chunks move with their route; the doc component, used by every part, stays.
  assert.equal(plan.moved.get('c-content-0'), parts[0]?.name);
  assert.equal(plan.moved.has('c-docitem'), false);
  assert.equal(plan.moved.has('c-docroot'), false);

  const short = planSplit(source, chunkNames, {minList: 300});
  assert.equal(short.lists.length, 0, 'a list shorter than minList stays whole');
});

test('the main routes keep the parents and a range and loader per part; each part module holds its routes', () => {
  const {source, chunkNames} = routesJs(250);
  const plan = planSplit(source, chunkNames, {minList: 20, maxPart: 100});
  const main = mainRoutes(source, plan, {client: '/site/routeParts.ts', partsDir: '/gen/parts'});
  assert.match(main, /^import \{routeParts as __orreryRouteParts\} from "\/site\/routeParts\.ts";/);
  assert.doesNotMatch(main, /page-0\d\d\/', 'h/, 'no leaf route is left in the main table');
  assert.match(main, /ComponentCreator\('\/b\/', 'ddd'\),\n\s*routes: __orreryRouteParts\(\[/);
  assert.match(
    main,
    /\["\/b\/alpha\/page-000\/", "\/b\/alpha\/page-099\/", \(\) => import\(\/\* webpackChunkName: "orrery-routes-0" \*\/ "\/gen\/parts\/orrery-routes-0\.js"\), "orrery-routes-0"\]/,
  );
  assert.equal((main.match(/webpackChunkName/g) ?? []).length, 3);
  // The catch-all route and the page stay as they were.
  assert.match(main, /path: '\*'/);
  assert.match(main, /path: '\/b\/search\/'/);

  const part = plan.lists[0]?.parts[1] as Part;
  const code = partModule(
    source,
    part,
    {k: {content: 'x'}},
    ['  "x": [() => import("@site/a.md"), "", 1],'],
    '/site/routeParts.ts',
  );
  assert.match(code, /^import ComponentCreator from '@docusaurus\/ComponentCreator';/);
  assert.match(
    code,
    /registerRoutePart\("orrery-routes-1", \{"k":\{"content":"x"\}\}, \{\n {2}"x": \[\(\) => import\("@site\/a\.md"\), "", 1\],\n\}, \{\}\);/,
  );
  assert.equal((code.match(/ComponentCreator\('/g) ?? []).length, 100);
  assert.ok(code.indexOf('registerRoutePart(') < code.indexOf('export default ['), 'tables first, then the routes');
});

test('registry entries of moved chunks leave the main registry for their part', () => {
  const registry = [
    'export default {',
    '  "c-content-0": [() => import(/* webpackChunkName: "c-content-0" */ "@site/docs/a.md"), "@site/docs/a.md", require.resolveWeak("@site/docs/a.md")],',
    '  "c-docitem": [() => import(/* webpackChunkName: "c-docitem" */ "@theme/DocItem"), "@theme/DocItem", require.resolveWeak("@theme/DocItem")],',
    '};',
  ].join('\n');
  const {main, byPart} = splitRegistry(registry, new Map([['c-content-0', 'orrery-routes-0']]));
  assert.doesNotMatch(main, /c-content-0/);
  assert.match(main, /c-docitem/);
  assert.equal(byPart.get('orrery-routes-0')?.length, 1);
});

test('a routes.js of another shape stops with a message', () => {
  assert.throws(() => planSplit('export default {};', {}), /does not export an array of routes/);
  assert.throws(
    () =>
      planSplit(
        "export default [{path: '/a/', routes: [{path: '/a/b/', component: C('/a/b/', 'x')}]}];",
        {},
        {minList: 1},
      ),
    /has no route \/a\/b\/-x/,
  );
});

test('parts never exceed their size, and cover every leaf once', () => {
  const leaves = Array.from({length: 1234}, (_, i) => ({path: `/s${i % 7}/p${i}/`, key: String(i)}));
  const parts = cut(leaves, 100);
  assert.ok(parts.every((p) => p.length <= 100 && p.length > 0));
  assert.equal(new Set(parts.flat().map((l) => l.key)).size, 1234);
  const flat = parts.flat().map((l) => l.path);
  assert.deepEqual(flat, [...flat].sort());
});

test("the docs plugin's global data keeps main docs, navbar docs and unsplit routes; each part gets its docs and their twins", () => {
  const {splitDocsData} = split as {
    splitDocsData(
      globalData: unknown,
      plan: unknown,
      keepIds?: string[],
    ): {main: Record<string, unknown>; byPart: Map<string, unknown>};
  };
  const doc = (id: string, path: string) => ({id, path, sidebar: 'docs'});
  const version = (name: string, prefix: string) => ({
    name,
    path: prefix,
    mainDocId: 'a',
    docs: ['a', 'b', 'c', 'd'].map((id) => doc(id, `${prefix}/${id}`)),
  });
  const globalData = {
    'docusaurus-plugin-content-docs': {default: {versions: [version('current', '/b'), version('old', '/b/old')]}},
    'some-other-plugin': {default: {x: 1}},
  };
  // Route paths end with a slash (trailingSlash), the global data's do not.
  const leaf = (path: string) => ({path: `${path}/`, key: `${path}/-h`});
  const plan = {
    lists: [
      {
        parts: [
          {name: 'p0', leaves: [leaf('/b/a'), leaf('/b/b')]},
          {name: 'p1', leaves: [leaf('/b/c')]},
        ],
      },
      // The old version's /b/old/d stays in the main tables: its doc stays too.
      {parts: [{name: 'p2', leaves: [leaf('/b/old/b'), leaf('/b/old/c')]}]},
    ],
  };
  const {main, byPart} = splitDocsData(globalData, plan, ['c']);
  const versions = (main['docusaurus-plugin-content-docs'] as {default: {versions: {docs: {id: string}[]}[]}}).default
    .versions;
  // a: the main doc; c: a navbar doc; d: current's route is not in a part (no leaf), old's neither.
  assert.deepEqual(
    versions.map((v) => v.docs.map((d) => d.id)),
    [
      ['a', 'c', 'd'],
      ['a', 'c', 'd'],
    ],
  );
  assert.deepEqual(main['some-other-plugin'], {default: {x: 1}});
  // b moved in both versions; each part carries it with its twin. p1's only doc stays, so p1 has none.
  assert.deepEqual(Object.fromEntries(byPart), {
    p0: {default: {current: [doc('b', '/b/b')], old: [doc('b', '/b/old/b')]}},
    p2: {default: {current: [doc('b', '/b/b')], old: [doc('b', '/b/old/b')]}},
  });
  // Without the docs plugin, the global data passes through.
  assert.deepEqual(splitDocsData({x: {}}, plan).main, {x: {}});
});
