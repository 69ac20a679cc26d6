import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, mkdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {AddressInfo} from 'node:net';
import {contentTypeOf, resolveRequest, startServer} from '../../scripts/serve-lib.mjs';

test('requests resolve only under the base path, without traversal', () => {
  assert.deepEqual(resolveRequest('/orrery/planning/anchors/', '/orrery/'), {
    kind: 'file',
    rel: 'planning/anchors/',
    trailingSlash: true,
  });
  assert.deepEqual(resolveRequest('/other/', '/orrery/'), {kind: 'outside'});
  assert.deepEqual(resolveRequest('/orrery', '/orrery/'), {kind: 'redirect', location: '/orrery/'});
  assert.deepEqual(resolveRequest('/orrery/%2e%2e/%2e%2e/etc/passwd', '/orrery/').kind, 'file');
  assert.equal(resolveRequest('/orrery/%2e%2e/%2e%2e/etc/passwd', '/orrery/').rel, 'etc/passwd');
  assert.deepEqual(resolveRequest('/orrery/%E0%A4%A', '/orrery/'), {kind: 'bad'});
});

test('content types cover the build output', () => {
  assert.equal(contentTypeOf('a/index.html'), 'text/html; charset=utf-8');
  assert.equal(contentTypeOf('assets/js/main.1a2b3c4d.js'), 'text/javascript; charset=utf-8');
  assert.equal(contentTypeOf('pagefind/fragment/en_1.pf_fragment'), 'application/octet-stream');
  assert.equal(contentTypeOf('pagefind/wasm.en.pagefind'), 'application/octet-stream');
});

test('the server answers pages, redirects directories and serves the 404 page with status 404', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'orrery-serve-'));
  mkdirSync(path.join(dir, 'guide'));
  writeFileSync(path.join(dir, 'index.html'), '<h1>home</h1>');
  writeFileSync(path.join(dir, 'guide', 'index.html'), '<h1>guide</h1>');
  writeFileSync(path.join(dir, '404.html'), '<h1>Page Not Found</h1>');
  const server = await startServer({buildDir: dir, baseUrl: '/docs/'});
  const {port} = server.address() as AddressInfo;
  const get = (p: string) => fetch(`http://127.0.0.1:${port}${p}`, {redirect: 'manual'});
  try {
    const home = await get('/docs/');
    assert.equal(home.status, 200);
    assert.equal(await home.text(), '<h1>home</h1>');
    const guide = await get('/docs/guide');
    assert.equal(guide.status, 301);
    assert.equal(guide.headers.get('location'), '/docs/guide/');
    const missing = await get('/docs/nothing/');
    assert.equal(missing.status, 404);
    assert.equal(await missing.text(), '<h1>Page Not Found</h1>');
    assert.equal((await get('/elsewhere/')).status, 404);
    assert.equal((await get('/')).status, 302);
  } finally {
    server.close();
  }
});
