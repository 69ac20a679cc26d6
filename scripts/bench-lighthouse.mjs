// Lighthouse (the npm package) on the bench pages, mobile and desktop presets,
// driving Debian's Chromium (CHROMIUM_PATH; Lighthouse never downloads a
// browser). Each page and preset runs BENCH_LH_RUNS times (default 3) and the
// run with the median performance score is reported, since lab scores on a
// shared 2-core machine move by a point or two between runs.
import {spawn} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, {desktopConfig} from 'lighthouse';
import {chromiumFlags, chromiumPath, ms, printTable, serveCompressed} from './bench-lib.mjs';
import {benchPages} from './bench-weight.mjs';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Starts a headless Chromium with a DevTools port; resolves with {port, stop}. */
function launchChromium() {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'orrery-bench-chromium-'));
  const child = spawn(
    chromiumPath,
    ['--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, ...chromiumFlags, 'about:blank'],
    {stdio: ['ignore', 'ignore', 'pipe']},
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    // Chromium's helper processes may still be writing the profile's cache for a moment after
    // the browser has exited: retry, and never lose the measurements over a temporary folder.
    try {
      rmSync(profile, {recursive: true, force: true, maxRetries: 20, retryDelay: 250});
    } catch (err) {
      console.warn(`(bench) Chromium's profile ${profile} could not be removed: ${err.message}`);
    }
  };
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`Chromium did not open a DevTools port:\n${err}`));
    }, 30_000);
    child.stderr.on('data', (chunk) => {
      err += chunk;
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({port: Number(m[1]), stop});
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code}):\n${err}`));
    });
  });
}

function summarize(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    failed: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
    warnings: lhr.runWarnings ?? [],
  };
}

/** Runs Lighthouse on every bench page; resolves with one row per page and preset. */
export async function measureLighthouse(buildDir, {runs = Number(process.env.BENCH_LH_RUNS ?? 3)} = {}) {
  const pages = benchPages(buildDir);
  const server = await serveCompressed(buildDir);
  const site = `${server.origin}${server.base}`;
  const chrome = await launchChromium();
  const results = [];
  try {
    for (const preset of ['mobile', 'desktop']) {
      for (const page of pages) {
        const samples = [];
        for (let i = 0; i < runs; i++) {
          const flags = {port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories};
          const runner = await lighthouse(
            `${site}${page.path}`,
            flags,
            preset === 'desktop' ? desktopConfig : undefined,
          );
          if (!runner) throw new Error(`Lighthouse returned nothing for /${page.path}`);
          samples.push(summarize(runner.lhr));
        }
        samples.sort((a, b) => a.performance - b.performance || b.tbt - a.tbt);
        const median = samples[Math.floor(samples.length / 2)];
        results.push({...page, preset, runs, ...median, spread: samples.map((s) => s.performance)});
      }
    }
  } finally {
    await chrome.stop();
    server.close();
  }
  return results;
}

export function printLighthouse(results, title = 'Lighthouse (median of runs by performance score)') {
  printTable(
    title,
    ['Page', 'Preset', 'Perf', 'A11y', 'Best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'Perf runs'],
    results.map((r) => [
      r.label,
      r.preset,
      r.performance,
      r.accessibility,
      r.bestPractices,
      r.seo,
      ms(r.fcp),
      ms(r.lcp),
      ms(r.tbt),
      Number.isFinite(r.cls) ? r.cls.toFixed(3) : '–',
      r.spread.join('/'),
    ]),
  );
  const notes = results.filter((r) => r.failed.length > 0 || r.warnings.length > 0);
  for (const r of notes) {
    if (r.failed.length > 0) console.log(`  ${r.label} (${r.preset}) failed audits: ${r.failed.join(', ')}`);
    for (const w of r.warnings) console.log(`  ${r.label} (${r.preset}) warning: ${w}`);
  }
}

// Run on its own: node scripts/bench-lighthouse.mjs [buildDir]
if (import.meta.url === `file://${process.argv[1]}`) {
  const buildDir = process.argv[2] ?? 'build';
  printLighthouse(await measureLighthouse(buildDir));
}
