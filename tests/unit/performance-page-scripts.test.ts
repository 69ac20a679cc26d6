import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  addPageScripts,
  pagePath,
  pageScripts,
  parseRoutesModule,
  type PageScriptsData,
} from '../../src/plugins/performance/pageScripts.ts';
import {afterPaintSsrTemplate} from '../../src/plugins/performance/ssrTemplate.ts';

// A routes.js as Docusaurus writes it: a docs root with a version and a sidebar route, a page, the catch-all.
const routesModule = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/base/search/',
    component: ComponentCreator('/base/search/', '798'),
    exact: true
  },
  {
    path: '/base/',
    component: ComponentCreator('/base/', 'dff'),
    routes: [
      {
        path: '/base/',
        component: ComponentCreator('/base/', '151'),
        routes: [
          {
            path: '/base/guide/',
            component: ComponentCreator('/base/guide/', '8d5'),
            exact: true,
            sidebar: "guides"
          },
          {
            path: '/base/guide/café/',
            component: ComponentCreator('/base/guide/café/', 'c4f'),
            exact: true
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

function data(): PageScriptsData {
  return {
    routes: parseRoutesModule(routesModule),
    routesChunkNames: {
      '/base/search/-798': {__comp: 'aaaa0001'},
      '/base/-dff': {__comp: 'aaaa0002', __context: {plugin: 'aaaa0003'}},
      '/base/-151': {__comp: 'aaaa0004', version: 'aaaa0005'},
      '/base/guide/-8d5': {__comp: 'aaaa0006', content: 'aaaa0007'},
      '/base/guide/café/-c4f': {__comp: 'aaaa0006', content: 'aaaa0008'},
    },
    renamed: new Map([
      ['aaaa0001', '0'],
      ['aaaa0002', '1'],
      ['aaaa0003', '2'],
      ['aaaa0004', '3'],
      ['aaaa0005', '4'],
      ['aaaa0006', '5'],
      ['aaaa0007', '6'],
      ['aaaa0008', '7'],
    ]),
    groups: {
      main: ['/base/runtime.js', '/base/main.js', '/base/styles.css'],
      '0': ['/base/search.js'],
      '1': ['/base/shared.js', '/base/root.js'],
      '2': ['/base/plugin.js'],
      '3': ['/base/shared.js', '/base/version-layout.js'],
      '4': ['/base/version.js'],
      '5': ['/base/doc-item.js', '/base/doc-item.css'],
      '6': ['/base/guide.js'],
      '7': ['/base/cafe.js'],
    },
  };
}

test('routes.js is read as a route tree with route keys; the catch-all has none', () => {
  const routes = parseRoutesModule(routesModule);
  assert.equal(routes.length, 3);
  assert.deepEqual(
    {path: routes[0]?.path, key: routes[0]?.key, exact: routes[0]?.exact},
    {path: '/base/search/', key: '/base/search/-798', exact: true},
  );
  assert.equal(routes[1]?.routes?.[0]?.routes?.[0]?.key, '/base/guide/-8d5');
  assert.equal(routes[2]?.key, null);
  assert.throws(() => parseRoutesModule('const x = 1;', 'x/routes.js'), /x\/routes\.js: no `export default`/);
  assert.throws(() => parseRoutesModule('export default 42;', 'y/routes.js'), /y\/routes\.js: .*not a route list/);
});

test("a page's scripts are those of every matching route, outermost first, each once, entry and CSS left out", () => {
  assert.deepEqual(pageScripts('/base/guide/', data(), data().groups.main), [
    '/base/shared.js',
    '/base/root.js',
    '/base/plugin.js',
    '/base/version-layout.js',
    '/base/version.js',
    '/base/doc-item.js',
    '/base/guide.js',
  ]);
  assert.deepEqual(pageScripts('/base/search/', data(), data().groups.main), ['/base/search.js']);
  // Percent-encoded paths match as the browser's decodeURI(pathname) does.
  assert.ok(pageScripts('/base/guide/caf%C3%A9/', data()).includes('/base/cafe.js'));
  // An unknown path inside the docs gets the docs layout's scripts (as Docusaurus preloads them); outside, none.
  assert.deepEqual(pageScripts('/base/nope/', data()), [
    '/base/shared.js',
    '/base/root.js',
    '/base/plugin.js',
    '/base/version-layout.js',
    '/base/version.js',
  ]);
  assert.deepEqual(pageScripts('/elsewhere/', data()), []);
});

test('page paths follow the build layout', () => {
  const out = path.join('/tmp', 'build');
  assert.equal(pagePath(out, path.join(out, 'index.html'), '/base/'), '/base/');
  assert.equal(pagePath(out, path.join(out, 'guide', 'index.html'), '/base/'), '/base/guide/');
  assert.equal(pagePath(out, path.join(out, '404.html'), '/base/'), '/base/404.html');
});

test("the page loader's attribute gets the list, escaped; a page without a loader is an error naming it", () => {
  const template = afterPaintSsrTemplate();
  const html = `<body><div id="__docusaurus"></div>${template.slice(template.indexOf('<script data-page-scripts>'))}`;
  const out = addPageScripts(html, ['/base/a.js', '/base/b".js'], 'build/x/index.html');
  assert.match(out, /<script data-page-scripts="\/base\/a\.js \/base\/b&quot;\.js">\(function\(s,p\)/);
  // Again (a second postBuild over the same files) replaces the list instead of adding one.
  assert.match(addPageScripts(out, ['/base/c.js'], 'x'), /<script data-page-scripts="\/base\/c\.js">/);
  assert.throws(
    () => addPageScripts('<html></html>', [], 'build/y/index.html'),
    /build\/y\/index\.html: no page loader/,
  );
});
