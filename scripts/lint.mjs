#!/usr/bin/env node
// One lint gate: Prettier check, ESLint, markdownlint and cspell. Runs them all,
// two at a time (they are independent, and each is mostly one core), prints
// each one's output in order, and fails if any failed, so a writer sees every
// problem in one go.
import {spawn} from 'node:child_process';

const steps = [
  ['ESLint', ['eslint', '--max-warnings=0', '.']],
  ['cspell', ['cspell', '--no-progress', '--no-summary', '--gitignore']],
  ['Prettier', ['prettier', '--check', '.']],
  ['markdownlint', ['markdownlint-cli2']],
];

/** Runs one step; resolves with its exit status and everything it printed, in order. */
function run([cmd, ...args]) {
  return new Promise((resolve) => {
    const child = spawn(`node_modules/.bin/${cmd}`, args, {env: {...process.env, FORCE_COLOR: '0'}});
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({status: 1, output: `${error.message}\n`}));
    child.on('close', (status) => resolve({status: status ?? 1, output: Buffer.concat(output).toString('utf8')}));
  });
}

const results = new Array(steps.length);
let next = 0;
await Promise.all(
  Array.from({length: 2}, async () => {
    for (let i = next++; i < steps.length; i = next++) results[i] = await run(steps[i][1]);
  }),
);

const failed = [];
steps.forEach(([name], i) => {
  console.log(`\n▶ ${name}`);
  process.stdout.write(results[i].output);
  if (results[i].status !== 0) failed.push(name);
});
if (failed.length > 0) {
  console.error(`\nLint failed: ${failed.join(', ')}.`);
  process.exit(1);
}
console.log('\nLint passed: Prettier, ESLint, markdownlint, cspell.');
