import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  addPageDataPreloads,
  addPageScripts,
  pageDataFiles,
  pagePath,
  pageScripts,
  routesWithKeys,
  type PageScriptsData,
  type RouteInput,
} from '../../src/plugins/page-startup/pageScripts.ts';
import {deferredScripts, loaderScript, withPageLoader} from '../../src/plugins/page-startup/loader.ts';
import {checkClientEntry} from '../../src/plugins/page-startup/index.ts';

// postBuild's routes: a docs root with a version and a sidebar route, a page.
const routes: RouteInput[] = [
  {path: '/base/search/', exact: true},
  {
    path: '/base/',
    routes: [
      {
        path: '/base/',
        routes: [
          {path: '/base/guide/', exact: true},
          {path: '/base/guide/café/', exact: true},
        ],
      },
    ],
  },
];

const routesChunkNames = {
  '/base/search/-798': {__comp: 'aaaa0001'},
  '/base/-dff': {__comp: 'aaaa0002', __context: {plugin: 'aaaa0003'}},
  '/base/-151': {__comp: 'aaaa0004', version: 'aaaa0005'},
  '/base/guide/-8d5': {__comp: 'aaaa0006', content: 'aaaa0007'},
  '/base/guide/café/-c4f': {__comp: 'aaaa0006', content: 'aaaa0008'},
};

function data(): PageScriptsData {
  return {
    routes: routesWithKeys(routes, routesChunkNames),
    routesChunkNames,
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

test("postBuild's routes get their routesChunkNames.json keys in depth-first order, each checked", () => {
  const tree = routesWithKeys(routes, routesChunkNames);
  assert.equal(tree.length, 2);
  assert.deepEqual(
    {path: tree[0]?.path, key: tree[0]?.key, exact: tree[0]?.exact},
    {path: '/base/search/', key: '/base/search/-798', exact: true},
  );
  assert.equal(tree[1]?.routes?.[0]?.key, '/base/-151');
  assert.equal(tree[1]?.routes?.[0]?.routes?.[1]?.key, '/base/guide/café/-c4f');
  // Another order, another key format or another number of routes stops the build.
  const entries = Object.entries(routesChunkNames);
  assert.throws(
    () => routesWithKeys(routes, Object.fromEntries([...entries.slice(1), ...entries.slice(0, 1)])),
    /does not belong to route/,
  );
  assert.throws(
    () => routesWithKeys(routes, {...routesChunkNames, '/base/x/-1': {}}),
    /has 6 routes, postBuild's props 5/,
  );
  assert.throws(
    () => routesWithKeys([{path: '/a/'}], {'/a/:798': {}}),
    /key "\/a\/:798" does not belong to route \/a\//,
  );
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
  const html = withPageLoader('<head><script src=/base/main.js defer></script></head><body></body>', 'x.html');
  const out = addPageScripts(html, ['/base/a.js', '/base/b".js'], 'build/x/index.html');
  assert.match(out, /<script data-page-scripts="\/base\/a\.js \/base\/b&quot;\.js">!function\(t,e\)/);
  // Again (a second postBuild over the same files) replaces the list instead of adding one.
  assert.match(addPageScripts(out, ['/base/c.js'], 'x'), /<script data-page-scripts="\/base\/c\.js">/);
  assert.throws(
    () => addPageScripts('<html></html>', [], 'build/y/index.html'),
    /build\/y\/index\.html: no page loader/,
  );
});

test('the loader replaces the deferred entry scripts and is the same text on every page', () => {
  const head =
    '<head><script src=/base/runtime~main.js defer></script><script src="/base/main.js" defer></script></head>';
  const page = (body: string): string => withPageLoader(`${head}<body>${body}</body>`, 'page.html');
  assert.deepEqual(deferredScripts(head), ['/base/runtime~main.js', '/base/main.js']);
  // webpack's build (ORRERY_FASTER=0) leaves the HTML unminified.
  assert.deepEqual(
    deferredScripts(
      '<script src="/base/runtime~main.js" defer="defer"></script><script src="/base/main.js" defer=""></script>',
    ),
    ['/base/runtime~main.js', '/base/main.js'],
  );
  const out = page('<div id="__docusaurus">a</div>');
  assert.doesNotMatch(out, /<script src=/);
  assert.ok(
    out.endsWith(
      `<script data-page-scripts>${loaderScript(['/base/runtime~main.js', '/base/main.js'])}</script></body>`,
    ),
  );
  const script = (html: string): string => html.slice(html.indexOf('<script data-page-scripts>'));
  assert.equal(script(page('<div id="__docusaurus">b</div>')), script(out));
  assert.match(loaderScript(['/x']), /requestAnimationFrame/);
  assert.match(loaderScript(['/x']), /e\.async=!1/);
  assert.match(loaderScript(['/a</script>']), /\\u003c\/script>/);
  // Not a page of Docusaurus's template: unchanged; a page without </body>: an error naming it.
  assert.equal(withPageLoader('<html><p>x</p></html>', 'x.html'), '<html><p>x</p></html>');
  assert.throws(() => withPageLoader(head, 'build/y.html'), /build\/y\.html: no <\/body>/);
});

test("the staged entry accepts Docusaurus's client entry and stops the build on any other", () => {
  const entry = require.resolve('@docusaurus/core/lib/client/clientEntry.js');
  assert.doesNotThrow(() => checkClientEntry(entry));
  assert.throws(
    () => checkClientEntry({main: entry}),
    /expected Docusaurus's browser entry .* update src\/plugins\/page-startup\/client\/stagedEntry\.ts/,
  );
  assert.throws(() => checkClientEntry('/x/lib/client/otherEntry.js'), /otherEntry\.js/);
});

test('a route in a route part lists its part first, then the sidebar parts its page needs', () => {
  const withParts: PageScriptsData = {
    ...data(),
    partOf: {'/base/guide/-8d5': ['orrery-routes-0', 'orrery-sidebar-s.0'], '/base/guide/café/-c4f': 'orrery-routes-0'},
    groups: {...data().groups, 'orrery-routes-0': ['/base/part.js'], 'orrery-sidebar-s.0': ['/base/sidebar.js']},
  };
  const guide = pageScripts('/base/guide/', withParts, withParts.groups.main);
  assert.deepEqual(guide.slice(-4), ['/base/part.js', '/base/sidebar.js', '/base/doc-item.js', '/base/guide.js']);
  const cafe = pageScripts('/base/guide/café/', withParts, withParts.groups.main);
  assert.ok(cafe.includes('/base/part.js') && !cafe.includes('/base/sidebar.js'));
});

test('a page whose content is data preloads its data file at the end of its head, and only its own', () => {
  // The guide pages' content chunks became data files (src/plugins/page-data).
  const withData: PageScriptsData = {
    ...data(),
    pageData: new Map([
      ['aaaa0007', '/base/assets/pages/guide.1.json'],
      ['aaaa0008', '/base/assets/pages/cafe.2.json'],
    ]),
  };
  assert.deepEqual(pageDataFiles('/base/guide/', withData), ['/base/assets/pages/guide.1.json']);
  assert.deepEqual(pageDataFiles('/base/guide/caf%C3%A9/', withData), ['/base/assets/pages/cafe.2.json']);
  assert.deepEqual(pageDataFiles('/base/search/', withData), []);
  assert.deepEqual(pageDataFiles('/base/guide/', data()), []);
  const html = '<html><head><title>x</title></head><body></body></html>';
  assert.equal(
    addPageDataPreloads(html, ['/base/assets/pages/a&b.json'], 'x.html'),
    '<html><head><title>x</title><link rel="preload" href="/base/assets/pages/a&amp;b.json" as="fetch" crossorigin="anonymous"></head><body></body></html>',
  );
  assert.equal(addPageDataPreloads(html, [], 'x.html'), html);
  assert.throws(() => addPageDataPreloads('<p>no head</p>', ['/a.json'], 'broken.html'), /broken\.html: no <\/head>/);
});
