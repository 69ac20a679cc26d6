import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {RouteConfig} from 'react-router-config';
import {addPartDocs} from '../../src/plugins/bundle-trim/client/partDocs.ts';
import {RoutePartIndex} from '../../src/plugins/bundle-trim/client/partIndex.ts';

/**
 * The browser side of the route parts: a route table shaped as the rewritten
 * routes.js is (a page, a docs plugin whose version route's doc list is split
 * in two parts, and the catch-all), with parts that count their loads.
 */
function site() {
  const index = new RoutePartIndex();
  const loads: string[] = [];
  const part =
    (name: string, paths: string[], fail = {times: 0}) =>
    () => {
      loads.push(name);
      if (fail.times > 0) {
        fail.times -= 1;
        return Promise.reject(new Error(`${name} is gone`));
      }
      return Promise.resolve({default: paths.map((path) => ({path, exact: true}))});
    };
  const flaky = {times: 1};
  const docs = index.list([
    ['/b/alpha/', '/b/beta/', part('p0', ['/b/alpha/', '/b/beta/']), 'p0'],
    ['/b/gamma/', '/b/zeta/', part('p1', ['/b/gamma/', '/b/zeta/'], flaky), 'p1'],
  ]);
  const routes: RouteConfig[] = [
    {path: '/b/search/', exact: true},
    {path: '/b/', routes: [{path: '/b/', routes: docs}]},
    {path: '*'},
  ];
  return {index, routes, docs, loads};
}

test('a path loads the one part whose range holds it, once, into its list', async () => {
  const {index, routes, docs, loads} = site();
  await index.load(routes, ['/b/beta/']);
  assert.deepEqual(loads, ['p0']);
  assert.deepEqual(
    docs.map((r) => r.path),
    ['/b/alpha/', '/b/beta/'],
  );
  assert.equal(index.loaded, 1);
  // Its routes now match: nothing more to load for the same part.
  await index.load(routes, ['/b/alpha/', '/b/beta/']);
  assert.deepEqual(loads, ['p0']);
});

test('a path outside every split list, or between two parts, loads nothing', async () => {
  const {index, routes, loads} = site();
  // Matched before the docs plugin's routes, although "/b/search/" sorts inside p1's range.
  await index.load(routes, ['/b/search/']);
  // Inside the list's parent route, between p0 and p1: a page that does not exist.
  await index.load(routes, ['/b/c-missing/']);
  assert.deepEqual(loads, []);
  assert.equal(index.partsFor(routes, ['/c/other/']).size, 0);
});

test('a part that fails to load rejects, and the next call tries it again', async () => {
  const {index, routes, docs, loads} = site();
  await assert.rejects(index.load(routes, ['/b/gamma/']), /p1 is gone/);
  assert.equal(docs.length, 0);
  await index.load(routes, ['/b/gamma/']);
  assert.deepEqual(loads, ['p1', 'p1']);
  assert.deepEqual(
    docs.map((r) => r.path),
    ['/b/gamma/', '/b/zeta/'],
  );
});

test('the parts a set of paths needs are each named once', () => {
  const {index, routes} = site();
  const names = [...index.partsFor(routes, ['/b/alpha/', '/b/beta/', '/b/zeta/'])].map((p) => p.name);
  assert.deepEqual(names, ['p0', 'p1']);
});

test("a part's docs join the docs plugin's global data once, in the versions that exist", () => {
  const data = {
    'docusaurus-plugin-content-docs': {
      default: {
        versions: [
          {name: 'current', docs: [{id: 'a'}]},
          {name: 'old', docs: [{id: 'a'}]},
        ],
      },
    },
  };
  const docs = {
    default: {current: [{id: 'b'}], old: [{id: 'a'}, {id: 'b'}], gone: [{id: 'x'}]},
    other: {current: [{id: 'y'}]},
  };
  addPartDocs(data, docs);
  addPartDocs(data, docs);
  const versions = data['docusaurus-plugin-content-docs'].default.versions;
  assert.deepEqual(
    versions.map((v) => v.docs.map((d) => d.id)),
    [
      ['a', 'b'],
      ['a', 'b'],
    ],
  );
});
