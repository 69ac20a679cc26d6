// cspell:words rspack
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  contentFiles,
  fasterOptions,
  postcssOptions,
  SSG_WORKER_THREADS_FROM_PAGES,
  useCacheDirectory,
} from '../../src/config/build.ts';

test('content files are the Markdown and MDX files of the content folders only', () => {
  const site = mkdtempSync(path.join(os.tmpdir(), 'orrery-build-config-'));
  try {
    for (const file of ['docs/a.md', 'docs/sub/b.mdx', 'api/c.md', 'src/pages/d.mdx', 'docs/e.txt', 'static/f.md']) {
      mkdirSync(path.dirname(path.join(site, file)), {recursive: true});
      writeFileSync(path.join(site, file), '# x\n');
    }
    const files = contentFiles(site).map((f) => path.relative(site, f).split(path.sep).join('/'));
    assert.deepEqual(files.sort(), ['api/c.md', 'docs/a.md', 'docs/sub/b.mdx', 'src/pages/d.mdx']);
  } finally {
    rmSync(site, {recursive: true, force: true});
  }
});

test('faster options: no persistent cache, worker threads from the threshold on, off altogether when disabled', () => {
  const small = fasterOptions(true, '/nowhere', SSG_WORKER_THREADS_FROM_PAGES - 1);
  assert.ok(small);
  assert.equal(small.rspackBundler, true);
  assert.equal(small.rspackPersistentCache, false);
  assert.equal(small.ssgWorkerThreads, false);
  const large = fasterOptions(true, '/nowhere', SSG_WORKER_THREADS_FROM_PAGES);
  assert.equal(large && large.ssgWorkerThreads, true);
  assert.equal(fasterOptions(false, '/nowhere', 0), false);
});

test('the cache directory switch moves Rspack and webpack persistent caches, and nothing without a directory', () => {
  const rspack = {experiments: {cache: {type: 'persistent', storage: {type: 'filesystem', directory: 'x'}}}};
  useCacheDirectory(rspack as never, '/tmp/c');
  assert.deepEqual(rspack.experiments.cache.storage, {type: 'filesystem', directory: path.join('/tmp/c', 'rspack')});
  const webpack = {cache: {type: 'filesystem', cacheDirectory: 'y'}};
  useCacheDirectory(webpack as never, '/tmp/c');
  assert.equal(webpack.cache.cacheDirectory, path.join('/tmp/c', 'webpack'));
  const untouched = {cache: {type: 'filesystem', cacheDirectory: 'y'}};
  useCacheDirectory(untouched as never, undefined);
  assert.equal(untouched.cache.cacheDirectory, 'y');
});

test('PostCSS options: no configuration file search, and a configuration file in the site stops the build naming it', () => {
  const site = mkdtempSync(path.join(os.tmpdir(), 'orrery-postcss-'));
  try {
    writeFileSync(path.join(site, 'package.json'), JSON.stringify({name: 'site'}));
    const plugin = postcssOptions(site)();
    const options = {ident: 'postcss', plugins: ['autoprefixer']};
    const configured = plugin.configurePostCss?.(options as never) as unknown as Record<string, unknown>;
    assert.deepEqual(configured, {ident: 'postcss', plugins: ['autoprefixer'], config: false});
    assert.equal('config' in options, false, 'the options passed in are left as they were');

    for (const [file, text] of <Array<[string, string]>>[
      ['postcss.config.js', 'module.exports = {};'],
      ['.postcssrc.json', '{}'],
      ['.config/postcssrc.yml', 'plugins: {}'],
      ['package.json', JSON.stringify({name: 'site', postcss: {plugins: {}}})],
    ]) {
      const before = path.join(site, file);
      mkdirSync(path.dirname(before), {recursive: true});
      const kept = file === 'package.json' ? JSON.stringify({name: 'site'}) : undefined;
      writeFileSync(before, text);
      assert.throws(
        () => postcssOptions(site)(),
        (error: Error) => error.message.startsWith(`${before}:`),
        file,
      );
      if (kept) writeFileSync(before, kept);
      else rmSync(before);
    }
    assert.doesNotThrow(() => postcssOptions(site)());
  } finally {
    rmSync(site, {recursive: true, force: true});
  }
});
