/**
 * Two builds of one commit are the same, byte for byte: the site is built again with nothing
 * cached (an empty ORRERY_BUILD_CACHE_DIR, so every diagram is drawn anew, in another order than
 * the first build's cache gave) and compared with BUILD_DIR, file by file. Deployers compare
 * builds and carry the `npm run package` manifest across air gaps; a build that changed from run
 * to run (Mermaid's page-long element counters and random shapes once changed every page's asset
 * hashes) makes every release look different. Run after `npm run build`, with the same BASE_URL.
 * About as long as one build.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');

function files(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

test(
  'a second build with nothing cached gives the same files, byte for byte',
  {skip: existsSync(path.join(buildDir, 'index.html')) ? false : `no build in ${buildDir}`, timeout: 300_000},
  () => {
    const work = mkdtempSync(path.join(tmpdir(), 'orrery-reproducible-'));
    try {
      const outDir = path.join(work, 'build');
      const result = spawnSync('npm', ['run', 'build', '--', '--out-dir', outDir], {
        cwd: root,
        env: {...process.env, ORRERY_BUILD_CACHE_DIR: path.join(work, 'cache')},
        encoding: 'utf8',
      });
      assert.equal(result.status, 0, `the second build failed:\n${result.stdout}\n${result.stderr}`);
      const first = files(buildDir);
      const second = files(outDir);
      const onlyFirst = first.filter((f) => !second.includes(f));
      const onlySecond = second.filter((f) => !first.includes(f));
      const differ = first.filter(
        (f) => second.includes(f) && !readFileSync(path.join(buildDir, f)).equals(readFileSync(path.join(outDir, f))),
      );
      const list = (names: string[]) => `${names.length}${names.length ? `: ${names.slice(0, 10).join(', ')}` : ''}`;
      assert.ok(
        onlyFirst.length + onlySecond.length + differ.length === 0,
        `the second build differs from ${buildDir}: only in the first ${list(onlyFirst)}; only in the second ` +
          `${list(onlySecond)}; different content ${list(differ)} (of ${first.length} files)`,
      );
    } finally {
      rmSync(work, {recursive: true, force: true});
    }
  },
);
