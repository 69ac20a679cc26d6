import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {buildPolicy, detectSearch, hashSource, inspectHtml, policyForBuild} from '../../scripts/csp.mjs';

test('inline scripts are found with quoted and unquoted attributes; data blocks and external scripts are not', () => {
  const html = [
    '<script data-rh=true type=application/ld+json>{"@type":"BreadcrumbList"}</script>',
    '<script src=/b/assets/js/main.0123abcd.js defer></script>',
    '<script>one()</script>',
    '<script type="module">two()</script>',
    "<script type='text/javascript'>three()</script>",
    '<script type="text/x-template"><div onclick="x()"></div></script>',
  ].join('\n');
  const {scripts, problems} = inspectHtml(html);
  assert.deepEqual(scripts, ['one()', 'two()', 'three()']);
  assert.deepEqual(problems, []);
});

test('inline event handlers and javascript: URLs are reported, markup inside scripts is not', () => {
  const {problems} = inspectHtml(
    '<script>el.innerHTML = \'<img onerror="x()">\'</script><body onload=init()><a href="javascript:void(0)">x</a>',
  );
  assert.deepEqual(problems, ['inline event handler onload= on <body>', 'javascript: URL in href= on <a>']);
});

test('hashes are the base64 SHA-256 of the exact script text', () => {
  // printf %s 'alert(1)' | openssl dgst -sha256 -binary | base64
  assert.equal(hashSource('alert(1)'), "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
});

test('embedded search adds wasm-unsafe-eval; hosted search adds its hosts to connect-src only', () => {
  const embedded = buildPolicy({hashes: ["'sha256-a'"], embedded: true});
  assert.match(embedded, /script-src 'self' 'sha256-a' 'wasm-unsafe-eval';/);
  assert.match(embedded, /connect-src 'self';/);
  assert.match(embedded, /worker-src 'self';/);
  assert.doesNotMatch(embedded.split('; ').find((d) => d.startsWith('script-src')) ?? '', /unsafe-inline/);

  const hosted = buildPolicy({hashes: ["'sha256-a'"], embedded: false, algoliaAppId: 'ABC123'});
  assert.match(hosted, /script-src 'self' 'sha256-a';/);
  assert.match(hosted, /connect-src 'self' https:\/\/abc123-dsn\.algolia\.net /);
  assert.match(hosted, /worker-src 'self';/);
  assert.match(hosted, /frame-ancestors 'self'$/);

  const blobWorker = buildPolicy({hashes: [], embedded: true, workerBlob: true});
  assert.match(blobWorker, /worker-src 'self' blob:;/);
});

test('search mode is read from the build: Pagefind bundle, and the hosted preconnect hint', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'csp-test-'));
  try {
    // The embedded build still carries the theme's preconnect, with an
    // invalid placeholder host: that is not hosted mode.
    writeFileSync(path.join(dir, 'index.html'), '<link rel=preconnect href="https://embedded search-dsn.algolia.net">');
    assert.deepEqual(detectSearch(dir), {embedded: false, workerBlob: false, algoliaAppId: null});
    mkdirSync(path.join(dir, 'pagefind'));
    writeFileSync(path.join(dir, 'pagefind', 'pagefind.js'), 'w=new Worker(`${basePath}pagefind-worker.js`)');
    assert.deepEqual(detectSearch(dir), {embedded: true, workerBlob: false, algoliaAppId: null});
    rmSync(path.join(dir, 'pagefind'), {recursive: true});
    writeFileSync(
      path.join(dir, 'index.html'),
      '<link rel=preconnect href=https://XYZ789-dsn.algolia.net crossorigin>',
    );
    assert.equal(detectSearch(dir).algoliaAppId, 'XYZ789');
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('a build with an inline event handler has no policy, with the page named', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'csp-test-'));
  try {
    writeFileSync(path.join(dir, 'index.html'), '<script>ok()</script>');
    mkdirSync(path.join(dir, 'guide'));
    writeFileSync(path.join(dir, 'guide', 'index.html'), '<button onclick="go()">Go</button>');
    await assert.rejects(policyForBuild(dir), /guide\/index\.html: inline event handler onclick=/);
    writeFileSync(path.join(dir, 'guide', 'index.html'), '<script>ok()</script>');
    const {hashes, pages} = await policyForBuild(dir);
    assert.equal(pages, 2);
    assert.deepEqual(hashes, [hashSource('ok()')]);
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
