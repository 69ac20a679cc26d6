#!/usr/bin/env node
// `npm test`: every check a pull request must pass, in order, stopping at the
// first failure, fast checks first: Chromium present, typecheck, lint, unit
// tests, code samples (these four are `npm run test:quick`), then the
// production build (with the embedded search index) and its hosted-search
// variant (build-hosted/), both once, for the deploy base path /mission/docs/,
// the checks of the built output, build-error tests, then every browser test
// in one Playwright run against those builds behind real nginx
// (playwright.config.ts).
// SKIP_BUILD=1 reuses the existing build/ and build-hosted/ (local iteration only).
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync, readdirSync} from 'node:fs';

const testFiles = (dir, suffix) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(suffix))
    .map((f) => `${dir}/${f}`);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(title, cmd, args, env = {}) {
  console.log(`\n━━ ${title}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, {stdio: 'inherit', env: {...process.env, ...env}});
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed after ${seconds} s.`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

function ensureChromium() {
  if (existsSync(chromium)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is missing at ${chromium}. Install Debian's package as root ("apt-get install chromium") ` +
        'or set CHROMIUM_PATH to a Chromium binary, then run npm test again.',
    );
    process.exit(1);
  }
  run('Install Chromium (apt-get)', 'sh', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null',
  ]);
}

/** Prints Playwright's totals as one plain "N passed, N failed" line. */
function printBrowserSummary(file, label = 'Browser') {
  if (!existsSync(file)) return;
  const {stats} = JSON.parse(readFileSync(file, 'utf8'));
  const passed = stats.expected + stats.flaky;
  console.log(`${label}: ${passed} passed, ${stats.unexpected} failed, ${stats.skipped} skipped`);
}

// One base path for every step: the one the deploy tests and the package use. It is
// not the default (/orrery/), so a link that names the default base fails too.
const DEPLOY_BASE = '/mission/docs/';
process.env.BASE_URL = DEPLOY_BASE;

ensureChromium();
run('Typecheck', 'npx', ['tsc', '--noEmit']);
run('Lint', 'node', ['scripts/lint.mjs']);
// Two test files at a time (Node's default is one fewer than the cores: one, here).
run('Unit tests', 'node', [
  '--import',
  'tsx',
  '--test',
  '--test-concurrency=2',
  '--test-reporter=spec',
  ...testFiles('tests/unit', '.test.ts'),
]);
// Every fenced code block of the docs parses and names only what facts/facts.yaml lists.
run('Code samples', 'node', ['--import', 'tsx', 'scripts/check-samples/index.ts']);
if (process.env.SKIP_BUILD !== '1') run('Build', 'npm', ['run', 'build']);
// The hosted-search variant (ALGOLIA_* set to test values) for the hosted search browser tests.
if (process.env.SKIP_BUILD !== '1') run('Build (hosted search)', 'node', ['scripts/search-hosted-build.mjs']);
// Search relevance over the fresh index: hit@3 of the tuning set must hold (tests/search-relevance/).
run('Search relevance', 'node', ['--import', 'tsx', '--test', 'tests/unit/search-relevance.test.ts'], {
  SEARCH_RELEVANCE_DIR: 'build',
});
// Checks of the built site that need no browser: valid HTML (W3C Nu checker), link-preview images.
run('Build output checks', 'node', [
  '--import',
  'tsx',
  '--test',
  '--test-reporter=spec',
  ...testFiles('tests/build-output', '.test.ts'),
]);
run('Build-error tests', 'node', ['--test', '--test-reporter=spec', ...testFiles('tests/build-errors', '.test.mjs')]);
// The site (e2e), hosted search, and the deploy kit (nginx, the `npm run package`
// bundle, the hosted build's policy, the PDFs): one run, so both workers stay busy.
run('Browser tests', 'npx', ['playwright', 'test']);
printBrowserSummary('test-results/browser.json');
console.log('\nAll checks passed.');
