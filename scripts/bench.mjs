#!/usr/bin/env node
// `npm run bench`: measures the site and prints Markdown tables (README.md,
// "Performance", keeps the latest figures). Nothing is asserted: the figures
// depend on the machine, and a shared 2-core machine moves them between runs.
//
//   npm run bench                          every part below
//   npm run bench -- build weight          only some parts: build, weight, lighthouse, interactive, scale
//   npm run bench -- weight --build-dir build
//                                          measure an existing build instead of building
//   npm run bench -- --no-webpack          skip the builds with @docusaurus/faster off
//   npm run bench -- scale --sizes 300,2000
//   npm run bench -- scale --builds 1 --rounds 1
//                                          one build per size (default: three below 1,000 guide
//                                          pages, one above) and one search round (default three)
//   BENCH_LH_RUNS=5 npm run bench -- lighthouse
//
// Parts: build (cold and warm production builds, with and without
// @docusaurus/faster: wall time, seconds per page, peak RSS), weight (JS, CSS
// and HTML that Chromium loads on five representative pages), lighthouse
// (mobile and desktop presets, driving Debian's Chromium), scale (cold builds
// of synthetic 500-, 2,000- and 5,000-page sites under the system temp dir).
// The raw results go to bench-results/<time>.json.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {ensureChromium, ensureGnuTime} from './bench-lib.mjs';
import {benchBuild, printBuild, runBuild} from './bench-build.mjs';
import {measureWeight, printWeight} from './bench-weight.mjs';
import {measureLighthouse, printLighthouse} from './bench-lighthouse.mjs';
import {benchScale, printScale} from './bench-scale.mjs';
import {measureInteractive, printInteractive} from './bench-interactive.mjs';

const PARTS = ['build', 'weight', 'lighthouse', 'interactive', 'scale'];
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const optionValues = new Set(['build-dir', 'sizes', 'builds', 'rounds'].map(option).filter(Boolean));
const chosen = args.filter((a) => !a.startsWith('--') && !optionValues.has(a));
for (const part of chosen) {
  if (!PARTS.includes(part)) {
    console.error(`Unknown part "${part}"; choose from ${PARTS.join(', ')}.`);
    process.exit(1);
  }
}
const parts = chosen.length > 0 ? chosen : PARTS;
const siteDir = process.cwd();
const results = {date: new Date().toISOString(), cpus: os.cpus().length, node: process.version, parts};

ensureGnuTime();
const pageParts = ['weight', 'lighthouse', 'interactive'];
if (pageParts.some((p) => parts.includes(p))) ensureChromium();

let buildDir = option('build-dir');
let tempBuild;
try {
  if (parts.includes('build')) {
    const variants = args.includes('--no-webpack') ? ['faster'] : ['faster', 'webpack'];
    const {rows, buildDir: built} = await benchBuild({siteDir, variants});
    results.build = rows;
    printBuild(rows);
    if (!buildDir) buildDir = tempBuild = built;
  }
  if (pageParts.some((p) => parts.includes(p)) && !buildDir) {
    tempBuild = mkdtempSync(path.join(os.tmpdir(), 'orrery-bench-build-'));
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'orrery-bench-cache-'));
    console.log('(bench) production build for the page measurements …');
    try {
      await runBuild({siteDir, outDir: tempBuild, cacheDir});
    } finally {
      rmSync(cacheDir, {recursive: true, force: true});
    }
    buildDir = tempBuild;
  }
  if (parts.includes('weight')) {
    results.weight = await measureWeight(buildDir);
    printWeight(results.weight);
  }
  if (parts.includes('lighthouse')) {
    results.lighthouse = await measureLighthouse(buildDir);
    printLighthouse(results.lighthouse);
  }
  if (parts.includes('interactive')) {
    results.interactive = await measureInteractive(buildDir);
    printInteractive(results.interactive);
  }
  if (tempBuild) {
    rmSync(tempBuild, {recursive: true, force: true});
    tempBuild = undefined;
  }
  if (parts.includes('scale')) {
    const sizes = (option('sizes') ?? '300,2000,5000').split(',').map(Number);
    const count = (name) => {
      const value = option(name);
      if (value === undefined) return undefined;
      if (!/^[1-9]\d*$/.test(value)) {
        console.error(`--${name} takes a whole number of at least 1, not "${value}".`);
        process.exit(1);
      }
      return Number(value);
    };
    results.scale = await benchScale({repoDir: siteDir, sizes, builds: count('builds'), rounds: count('rounds')});
    printScale(results.scale);
  }
} finally {
  if (tempBuild) rmSync(tempBuild, {recursive: true, force: true});
}

mkdirSync('bench-results', {recursive: true});
const file = path.join('bench-results', `${results.date.replace(/[:.]/g, '-')}.json`);
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nRaw results: ${file}`);
