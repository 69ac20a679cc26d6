#!/usr/bin/env node
// Builds the hosted-search variant of the site into build-hosted/ for the
// browser tests (tests/e2e/search-hosted.spec.ts, Playwright project
// "hosted-search"): the same site with ALGOLIA_* set to test values, so the
// DocSearch modal and the search page talk to Algolia's hosts, which the
// tests intercept. No request reaches Algolia.
// Usage: node scripts/search-hosted-build.mjs [--if-missing] [--out-dir build-hosted]
// (the search plugin's postBuild builds no Pagefind index in hosted mode).
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outArg = process.argv.indexOf('--out-dir');
const outDir = outArg >= 0 && process.argv[outArg + 1] ? process.argv[outArg + 1] : 'build-hosted';

/** The values the hosted tests expect (tests/e2e/search-hosted.spec.ts). */
export const HOSTED_TEST_ENV = {
  ALGOLIA_APP_ID: 'TESTAPP',
  ALGOLIA_API_KEY: 'test-search-only-key',
  ALGOLIA_INDEX_NAME: 'orrery-e2e',
  ALGOLIA_SEARCH_PARAMETERS: '{"analyticsTags":["orrery-e2e"]}',
  ALGOLIA_INSIGHTS: 'false',
  // The records carry the public site's URLs (https://orrery-space.github.io/orrery/…), as the
  // tests' answers do; the build under test is served elsewhere (/mission/docs/ in npm test).
  ALGOLIA_INDEXED_BASE_URL: '/orrery/',
  // Doc pages compiled on one thread (build/ uses two): tests/build-output/canaries.test.ts checks
  // that both builds write the same page data files.
  ORRERY_PAGE_DATA_THREADS: '1',
};

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  if (process.argv.includes('--if-missing') && existsSync(path.resolve(root, outDir, 'index.html'))) {
    console.log(`[search] ${outDir}/ exists; not rebuilt (npm test rebuilds it).`);
  } else {
    const result = spawnSync(path.join(root, 'node_modules', '.bin', 'docusaurus'), ['build', '--out-dir', outDir], {
      cwd: root,
      stdio: 'inherit',
      env: {...process.env, ...HOSTED_TEST_ENV},
    });
    process.exitCode = result.status ?? 1;
  }
}
