// Shared helpers for `npm run bench` (scripts/bench.mjs): running a command
// under /usr/bin/time -v, serving a build, finding Chromium, formatting sizes
// and printing Markdown tables. No figure measured here is ever asserted.
import {spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {buildBase} from './csp.mjs';
import {startServer} from './serve-lib.mjs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The base path `buildDir` was built for, read from its home page. BASE_URL, when set, must
 * agree: a benchmark that served a build under another base would measure its 404 pages.
 */
export function siteBase(buildDir, env = process.env) {
  const built = buildBase(buildDir);
  if (env.BASE_URL && env.BASE_URL !== built) {
    throw new Error(
      `BASE_URL is ${env.BASE_URL}, but ${buildDir}/ was built for ${built}: ` +
        `build again with BASE_URL=${env.BASE_URL}, or unset BASE_URL to measure the build as it is.`,
    );
  }
  return built;
}
const timeBin = '/usr/bin/time';

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Installs a Debian package with apt-get when running as root; else stops with a message. */
function ensureDebianPackage(file, pkg) {
  if (existsSync(file)) return;
  if (!isRoot()) {
    console.error(`${file} is missing. Install Debian's "${pkg}" package as root ("apt-get install ${pkg}").`);
    process.exit(1);
  }
  console.log(`Installing Debian's ${pkg} package for ${file} …`);
  const r = spawnSync(
    'sh',
    ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg} >/dev/null`],
    {stdio: 'inherit'},
  );
  if (r.status !== 0 || !existsSync(file)) {
    console.error(`Could not install ${pkg}.`);
    process.exit(1);
  }
}

/** GNU time reports the peak resident set size; the shell builtin does not. */
export const ensureGnuTime = () => ensureDebianPackage(timeBin, 'time');

/** Debian's Chromium drives both Playwright and Lighthouse; nothing downloads a browser. */
export function ensureChromium() {
  if (process.env.CHROMIUM_PATH) {
    if (!existsSync(chromiumPath)) {
      console.error(`CHROMIUM_PATH points to ${chromiumPath}, which does not exist.`);
      process.exit(1);
    }
    return;
  }
  ensureDebianPackage(chromiumPath, 'chromium');
}

/** Flags for a headless Chromium in a container (no sandbox, no GPU, no background traffic). */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
];

/**
 * Runs a command under `/usr/bin/time -v` and resolves with its wall time
 * (seconds), peak RSS (bytes; the largest single process of the tree), exit
 * status and combined output. Output is kept, not printed, unless `echo`.
 */
export function timed(cmd, args, {cwd, env = {}, echo = false} = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'orrery-bench-time-'));
  const report = path.join(dir, 'time.txt');
  return new Promise((resolve) => {
    const child = spawn(timeBin, ['-v', '-o', report, cmd, ...args], {
      cwd,
      env: {...process.env, ...env},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk) => {
      output += chunk;
      if (echo) process.stdout.write(chunk);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('close', (status) => {
      const text = existsSync(report) ? readFileSync(report, 'utf8') : '';
      rmSync(dir, {recursive: true, force: true});
      const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(text);
      const seconds = wall ? Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]) : NaN;
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(text);
      resolve({status, seconds, rssBytes: rss ? Number(rss[1]) * 1024 : NaN, output});
    });
  });
}

// One walker for the project's scripts and tests (scripts/lib/build-files.mjs).
export {htmlFiles} from './lib/build-files.mjs';

/**
 * A seeded pseudo-random number generator (mulberry32): the same seed gives
 * the same numbers in [0, 1), so generated benchmark content is the same on
 * every run.
 */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Total size in bytes of a directory tree. */
export function treeSize(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? treeSize(p) : statSync(p).size;
  }
  return total;
}

// What the deployed nginx compresses (deploy/nginx/orrery-docs.conf.template): gzip level 5,
// responses of 512 bytes or more, text types (HTML always).
const GZIP_LEVEL = 5;
const GZIP_MIN_LENGTH = 512;
const GZIP_TYPES =
  /^(text\/(html|css|plain|xml|javascript)|application\/(javascript|json|xml|manifest\+json|wasm)|image\/svg\+xml)\b/;

/** gzip size at the level the deployed nginx uses (5). */
export const gzipSize = (buf) => gzipSync(buf, {level: GZIP_LEVEL}).length;

/**
 * Serves a build as `npm run serve` does (scripts/serve-lib.mjs), behind a
 * front that gzips text the way the deployed nginx does, so Lighthouse sees
 * the bytes a reader's browser downloads. Resolves with {origin, base, close}.
 */
export async function serveCompressed(buildDir) {
  const base = siteBase(buildDir);
  const backend = await startServer({buildDir, baseUrl: base, port: 0});
  const backendPort = backend.address().port;
  const front = http.createServer((req, res) => {
    const upstream = http.request(
      {host: '127.0.0.1', port: backendPort, path: req.url, method: req.method, headers: req.headers},
      (up) => {
        const chunks = [];
        up.on('data', (c) => chunks.push(c));
        up.on('end', () => {
          const body = Buffer.concat(chunks);
          const headers = {...up.headers};
          const accepts = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
          if (accepts && body.length >= GZIP_MIN_LENGTH && GZIP_TYPES.test(String(headers['content-type'] ?? ''))) {
            const gz = gzipSync(body, {level: GZIP_LEVEL});
            headers['content-encoding'] = 'gzip';
            headers['content-length'] = String(gz.length);
            headers.vary = 'Accept-Encoding';
            res.writeHead(up.statusCode ?? 200, headers);
            res.end(req.method === 'HEAD' ? undefined : gz);
          } else {
            res.writeHead(up.statusCode ?? 200, headers);
            res.end(req.method === 'HEAD' ? undefined : body);
          }
        });
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise((resolve) => front.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${front.address().port}`,
    /** The base path the build is served under. */
    base,
    close: () => {
      front.close();
      backend.close();
    },
  };
}

/** The median of the finite values (NaN when there are none). */
export const median = (values) => {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

export const kb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : '–');
export const mib = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(0)} MiB` : '–');
export const secs = (s, digits = 1) => (Number.isFinite(s) ? `${s.toFixed(digits)} s` : '–');
export const ms = (v) => (Number.isFinite(v) ? `${Math.round(v)} ms` : '–');

/** Prints a Markdown table (so a run can be pasted into README.md as is). */
export function printTable(title, headers, rows) {
  const cells = [headers, ...rows].map((r) => r.map((c) => String(c)));
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i]?.length ?? 0), 3));
  const line = (r) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(cells[0]));
  console.log(`| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`);
  for (const r of cells.slice(1)) console.log(line(r));
}

/** The Docusaurus CLI of a site, run with the current Node (not through npx). */
export function docusaurusBin(siteDir) {
  return path.join(siteDir, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');
}
