// The output-folder list (scripts/lib/build-files.mjs) is the one source for
// ESLint and the build-error tests; the tools that read .gitignore instead
// (Prettier, cspell --gitignore) see it there.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {outputDirs} from '../../scripts/lib/build-files.mjs';

test('.gitignore lists every output folder', () => {
  const lines = new Set(
    readFileSync('.gitignore', 'utf8')
      .split('\n')
      .map((l) => l.trim().replace(/\/$/, '')),
  );
  assert.deepEqual(
    outputDirs.filter((dir) => !lines.has(dir)),
    [],
  );
});
