// Bad input must stop the build with a message that names the file or the
// setting at fault. Only our own code is tested here (the BASE_URL check in
// src/config/env.ts, the Mermaid drawing of src/plugins/mermaid-svg), not
// Docusaurus's own validation (front matter, navbar items, broken links,
// anchors and Markdown links: that these throw rather than warn is our
// choice, which tests/unit/site-config.test.ts reads from the config). Each
// case copies the project to a temporary folder, breaks one thing, runs
// `docusaurus build` there and reads what it printed.
import {describe, test} from 'node:test';
import assert from 'node:assert/strict';
import {execFile} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {outputDirs} from '../../scripts/lib/build-files.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const skipped = new Set(['node_modules', '.git', ...outputDirs]);

function copyProject() {
  const dir = mkdtempSync(path.join(tmpdir(), 'orrery-bad-input-'));
  cpSync(root, dir, {
    recursive: true,
    filter: (src) => !skipped.has(path.relative(root, src).split(path.sep)[0]),
  });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Runs `docusaurus build` in `dir`; resolves with its exit status and everything it printed. */
function build(dir, env = {}) {
  return new Promise((resolve) => {
    execFile(
      path.join(root, 'node_modules', '.bin', 'docusaurus'),
      ['build', '--out-dir', 'build'],
      {cwd: dir, encoding: 'utf8', env: {...process.env, ...env}, timeout: 8 * 60_000, maxBuffer: 64 * 1024 * 1024},
      (error, stdout, stderr) => {
        const status = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({status, output: `${stdout}\n${stderr}`});
      },
    );
  });
}

// Two at a time: a case spends much of its time starting Node and loading the site, on one core.
describe('bad input stops the build', {concurrency: 2}, () => {
  test('a bad BASE_URL fails the build and names the variable', async () => {
    const dir = copyProject();
    try {
      const {status, output} = await build(dir, {BASE_URL: 'docs'});
      assert.notEqual(status, 0, 'the build should fail');
      assert.match(output, /BASE_URL must start and end with "\/"/);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });

  test('a Mermaid diagram with a syntax error fails the build and names the file, the line and the error', async () => {
    const dir = copyProject();
    try {
      const file = path.join(dir, 'docs', 'glossary.md');
      const text = readFileSync(file, 'utf8');
      writeFileSync(file, `${text}\n\`\`\`mermaid\nflowchart LR\n  plan --> sim -- oops\n\`\`\`\n`);
      // The line of "plan --> sim -- oops", counted from 1.
      const line = `${text}\n`.split('\n').length + 2;
      const {status, output} = await build(dir);
      assert.notEqual(status, 0, 'the build should fail');
      assert.match(output, new RegExp(`docs/glossary\\.md:${line}: Mermaid cannot draw this diagram`));
      assert.match(output, /Parse error on line/);
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});
