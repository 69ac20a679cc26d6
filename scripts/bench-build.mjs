// Build benchmark: a cold production build (empty bundler cache) and a warm one
// (the cache the cold build left), with and without @docusaurus/faster,
// timed by /usr/bin/time -v (wall time and peak RSS of the largest process).
// A build is what `npm run build` runs: `docusaurus build`, then the search index.
// Builds go to a temporary output directory and use a temporary cache
// (ORRERY_BUILD_CACHE_DIR, read by src/config/build.ts); the site's
// .docusaurus/ is regenerated, as by `npm run build`.
import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {docusaurusBin, gzipSize, htmlFiles, mib, printTable, secs, timed} from './bench-lib.mjs';

/** The NODE_OPTIONS that the site's `npm run build` sets (package.json), if any. */
export function buildNodeOptions(siteDir) {
  const script = JSON.parse(readFileSync(path.join(siteDir, 'package.json'), 'utf8')).scripts?.build ?? '';
  return /(?:^|\s)NODE_OPTIONS=("[^"]*"|'[^']*'|\S+)/.exec(script)?.[1].replace(/^["']|["']$/g, '') ?? '';
}

/**
 * Runs one production build the way `npm run build` does: `docusaurus build`,
 * whose postBuild writes the search index (src/plugins/search-pagefind); a
 * site from before that plugin gets the index step (scripts/search-index.mjs)
 * after the build, when it has one.
 * Resolves with the total wall time, each step's, the peak RSS and the page count.
 */
export async function runBuild({siteDir, outDir, cacheDir, faster = true, env = {}}) {
  rmSync(outDir, {recursive: true, force: true});
  const options = {
    cwd: siteDir, // browserslist and the SWC loader read their targets from the working directory
    env: {
      ORRERY_BUILD_CACHE_DIR: cacheDir,
      ORRERY_FASTER: faster ? '1' : '0',
      NODE_OPTIONS: buildNodeOptions(siteDir),
      ...env,
    },
  };
  const steps = [[docusaurusBin(siteDir), 'build', '--out-dir', outDir]];
  const indexer = path.join(siteDir, 'scripts', 'search-index.mjs');
  if (existsSync(indexer) && !existsSync(path.join(siteDir, 'src', 'plugins', 'search-pagefind'))) {
    steps.push([indexer, '--dir', outDir]);
  }
  const times = [];
  let rssBytes = 0;
  for (const step of steps) {
    const result = await timed(process.execPath, step, options);
    if (result.status !== 0) {
      console.error(result.output.split('\n').slice(-40).join('\n'));
      throw new Error(`${path.basename(step[0])} failed for ${siteDir} (exit ${result.status}).`);
    }
    times.push(result.seconds);
    rssBytes = Math.max(rssBytes, result.rssBytes);
  }
  const pages = htmlFiles(outDir).filter((f) => !f.startsWith('pagefind/')).length;
  // The entry bundle every page runs; it carries the route tables, so it grows with the site.
  const jsDir = path.join(outDir, 'assets', 'js');
  const entry = readdirSync(jsDir).filter((f) => /^(main|runtime~main)\.[0-9a-f]+\.js$/.test(f));
  const entryGzipBytes = entry.reduce((sum, f) => sum + gzipSize(readFileSync(path.join(jsDir, f))), 0);
  return {
    entryGzipBytes,
    seconds: times.reduce((a, b) => a + b, 0),
    docusaurusSeconds: times[0],
    indexSeconds: times[1],
    rssBytes,
    pages,
  };
}

/**
 * Cold and warm builds of the site, per bundler setup. Resolves with the rows
 * and the output directory of the cold `faster` build (kept for the page
 * weight and Lighthouse parts; the caller removes it).
 */
export async function benchBuild({siteDir, variants = ['faster', 'webpack']}) {
  const rows = [];
  let keptBuild;
  for (const variant of variants) {
    const faster = variant === 'faster';
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), `orrery-bench-cache-${variant}-`));
    const outDir = mkdtempSync(path.join(os.tmpdir(), `orrery-bench-build-${variant}-`));
    try {
      console.log(`(bench) ${variant}: cold build …`);
      const cold = await runBuild({siteDir, outDir, cacheDir, faster});
      console.log(`(bench) ${variant}: cold ${secs(cold.seconds)}, ${cold.pages} pages; warm build …`);
      const warm = await runBuild({siteDir, outDir, cacheDir, faster});
      rows.push({variant, pages: cold.pages, cold, warm});
      // The output (the same after the cold and the warm build) serves the page measurements.
      if (faster) keptBuild = outDir;
    } finally {
      rmSync(cacheDir, {recursive: true, force: true});
      if (!faster || keptBuild !== outDir) rmSync(outDir, {recursive: true, force: true});
    }
  }
  return {rows, buildDir: keptBuild};
}

export function printBuild(
  rows,
  title = 'Production build (2 cores; cold = empty bundler cache, warm = second build)',
) {
  printTable(
    title,
    [
      'Bundler',
      'Pages',
      'Cold',
      'of which index',
      'Cold per page',
      'Cold peak RSS',
      'Warm',
      'Warm per page',
      'Warm peak RSS',
    ],
    rows.map((r) => [
      r.variant === 'faster' ? '@docusaurus/faster (Rspack)' : 'webpack (faster off)',
      r.pages,
      secs(r.cold.seconds),
      secs(r.cold.indexSeconds),
      secs(r.cold.seconds / r.pages, 3),
      mib(r.cold.rssBytes),
      secs(r.warm.seconds),
      secs(r.warm.seconds / r.pages, 3),
      mib(r.warm.rssBytes),
    ]),
  );
}
