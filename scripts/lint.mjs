#!/usr/bin/env node
// One lint gate: Prettier check, ESLint, markdownlint and cspell. Runs them all
// and fails if any failed, so a writer sees every problem in one go.
import {spawnSync} from 'node:child_process';

const steps = [
  ['Prettier', ['prettier', '--check', '.']],
  ['ESLint', ['eslint', '--max-warnings=0', '.']],
  ['markdownlint', ['markdownlint-cli2']],
  ['cspell', ['cspell', '--no-progress', '--no-summary', '--gitignore']],
];

const failed = [];
for (const [name, [cmd, ...args]] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(`node_modules/.bin/${cmd}`, args, {stdio: 'inherit'});
  if (result.status !== 0) failed.push(name);
}
if (failed.length > 0) {
  console.error(`\nLint failed: ${failed.join(', ')}.`);
  process.exit(1);
}
console.log('\nLint passed: Prettier, ESLint, markdownlint, cspell.');
