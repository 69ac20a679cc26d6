import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {serveCompressed, siteBase} from '../../scripts/bench-lib.mjs';

/** A build folder whose home page loads its main bundle from `base`. */
function fakeBuild(base: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orrery-bench-lib-'));
  const html = `<!doctype html><html lang="en"><head><title>Home</title><script src="${base}assets/js/main.0123abcd.js" defer></script></head><body><p>Home page</p></body></html>`;
  writeFileSync(path.join(dir, 'index.html'), html);
  mkdirSync(path.join(dir, 'assets', 'js'), {recursive: true});
  writeFileSync(path.join(dir, 'assets', 'js', 'main.0123abcd.js'), 'void 0;\n');
  return dir;
}

test('the benchmarks measure a build under the base path it was built for, whatever BASE_URL says by default', () => {
  const dir = fakeBuild('/mission/docs/');
  try {
    assert.equal(siteBase(dir, {}), '/mission/docs/');
    assert.equal(siteBase(dir, {BASE_URL: '/mission/docs/'}), '/mission/docs/');
    assert.throws(
      () => siteBase(dir, {BASE_URL: '/orrery/'}),
      (error: Error) =>
        error.message.includes('BASE_URL is /orrery/') &&
        error.message.includes(`${dir}/ was built for /mission/docs/`),
    );
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});

test('serveCompressed serves the build under its own base path and says which', async () => {
  const saved = process.env.BASE_URL;
  delete process.env.BASE_URL;
  const dir = fakeBuild('/x/y/');
  const server = await serveCompressed(dir);
  try {
    assert.equal(server.base, '/x/y/');
    const home = await fetch(`${server.origin}${server.base}`);
    assert.equal(home.status, 200);
    assert.match(await home.text(), /Home page/);
    const elsewhere = await fetch(`${server.origin}/orrery/`);
    assert.notEqual(elsewhere.status, 200);
  } finally {
    server.close();
    rmSync(dir, {recursive: true, force: true});
    if (saved !== undefined) process.env.BASE_URL = saved;
  }
});
