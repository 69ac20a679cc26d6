#!/usr/bin/env node
// The Content-Security-Policy for a production build, computed from the build
// itself: the SHA-256 hashes of every inline script the HTML pages carry (the
// colour-mode script on every page, the base-URL warning on the home page),
// and the search directives the build needs:
//   - embedded search (build/pagefind/ exists): 'wasm-unsafe-eval' so Pagefind
//     can compile its WebAssembly, and worker-src for its web worker (a
//     same-origin script, pagefind-worker.js; blob: only if a future Pagefind
//     creates workers from blobs, which is detected in its code);
//   - hosted search (the pages carry a preconnect hint to an Algolia host):
//     that application's hosts in connect-src.
// Nothing else is allowed: no 'unsafe-inline' for scripts, no inline event
// handlers or javascript: URLs (the build fails this check if a page has one).
//
// Usage: node scripts/csp.mjs [--dir build]   prints the policy and a summary.
// The nginx configuration (deploy/nginx/render.mjs) and the tests import it.
import {createHash} from 'node:crypto';
import {existsSync, promises as fs, readFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {htmlFiles} from './lib/build-files.mjs';

/** Script types a browser executes; anything else (JSON-LD, templates) is a data block. */
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'application/ecmascript',
  'text/ecmascript',
]);

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Parses the attributes of a start tag (the text between the tag name and `>`). */
export function parseAttributes(text) {
  const attributes = new Map();
  for (const m of text.matchAll(ATTRIBUTE)) {
    const name = m[1].toLowerCase();
    if (!attributes.has(name)) attributes.set(name, m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attributes;
}

const SCRIPT =
  /<script\b((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>([\s\S]*?)<\/script\s*>/gi;
const START_TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;

/**
 * The inline scripts of one HTML document that CSP governs, and the things a
 * hash cannot allow (inline event handlers, javascript: URLs).
 * @returns {{scripts: string[], problems: string[]}}
 */
export function inspectHtml(html) {
  const scripts = [];
  for (const m of html.matchAll(SCRIPT)) {
    const attributes = parseAttributes(m[1] ?? '');
    if (attributes.has('src')) continue;
    const type = (attributes.get('type') ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    scripts.push(m[2] ?? '');
  }
  const problems = [];
  // Look at start tags outside scripts only: script text may hold markup in strings.
  const markup = html.replace(SCRIPT, '<script></script>');
  for (const m of markup.matchAll(START_TAG)) {
    for (const [name, value] of parseAttributes(m[2] ?? '')) {
      if (/^on[a-z]+$/.test(name)) problems.push(`inline event handler ${name}= on <${m[1]}>`);
      if ((name === 'href' || name === 'src' || name === 'action') && /^\s*javascript:/i.test(value)) {
        problems.push(`javascript: URL in ${name}= on <${m[1]}>`);
      }
    }
  }
  return {scripts, problems};
}

/** The CSP source expression for a script text: 'sha256-<base64>'. */
export function hashSource(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Scans every HTML file of a build.
 * @returns {Promise<{hashes: string[], pages: number, problems: string[]}>}
 *   hashes sorted, each with the number of pages using it in `counts`.
 */
export async function scanBuild(buildDir) {
  const counts = new Map();
  const problems = [];
  let pages = 0;
  for (const file of htmlFiles(buildDir).map((rel) => path.join(buildDir, rel))) {
    pages += 1;
    const {scripts, problems: found} = inspectHtml(await fs.readFile(file, 'utf8'));
    for (const s of scripts) {
      const h = hashSource(s);
      counts.set(h, (counts.get(h) ?? 0) + 1);
    }
    for (const p of found) problems.push(`${path.relative(buildDir, file)}: ${p}`);
  }
  return {hashes: [...counts.keys()].sort(), counts, pages, problems};
}

/**
 * What the build's search needs from the policy.
 * - embedded: build/pagefind/pagefind.js exists.
 * - workerBlob: Pagefind's code creates workers from blob: URLs (1.6 loads
 *   pagefind-worker.js from its own folder, so this is false today).
 * - algoliaAppId: the app id of the hosted search, from the preconnect hint
 *   DocSearch puts in every page (https://<APPID>-dsn.algolia.net).
 */
export function detectSearch(buildDir) {
  const pagefindJs = path.join(buildDir, 'pagefind', 'pagefind.js');
  const embedded = existsSync(pagefindJs);
  const pagefindCode = embedded ? readFileSync(pagefindJs, 'utf8') : '';
  const workerBlob = /new\s+Worker\s*\(\s*URL\.createObjectURL|new\s+Blob\s*\([^)]*\)[\s\S]{0,200}new\s+Worker/.test(
    pagefindCode,
  );
  const index = path.join(buildDir, 'index.html');
  const home = existsSync(index) ? readFileSync(index, 'utf8') : '';
  const algolia = /https:\/\/([A-Za-z0-9]+)-dsn\.algolia\.net/.exec(home);
  return {embedded, workerBlob, algoliaAppId: algolia?.[1] ?? null};
}

/** The base path a build was made for, read from the main script of its home page. */
export function buildBase(buildDir) {
  const home = readFileSync(path.join(buildDir, 'index.html'), 'utf8');
  const m = /["'\s=](\/(?:[^"'\s>]*\/)?)assets\/js\/main\.[0-9a-f]+\.js/.exec(home);
  if (!m?.[1]) throw new Error(`Cannot tell the base path of the build in ${buildDir}/.`);
  return m[1];
}

/** The hosts the Algolia client talks to for one application. */
export function algoliaHosts(appId) {
  const id = appId.toLowerCase();
  return [
    `https://${id}-dsn.algolia.net`,
    `https://${id}.algolia.net`,
    `https://${id}-1.algolianet.com`,
    `https://${id}-2.algolianet.com`,
    `https://${id}-3.algolianet.com`,
    'https://insights.algolia.io',
  ];
}

/**
 * Builds the policy string.
 * @param {{hashes: string[], embedded: boolean, workerBlob?: boolean, algoliaAppId?: string | null}} o
 */
export function buildPolicy({hashes, embedded, workerBlob = false, algoliaAppId = null}) {
  const script = ["'self'", ...hashes];
  if (embedded) script.push("'wasm-unsafe-eval'");
  const connect = ["'self'", ...(algoliaAppId ? algoliaHosts(algoliaAppId) : [])];
  const worker = ["'self'", ...(embedded && workerBlob ? ['blob:'] : [])];
  const directives = [
    ['default-src', ["'self'"]],
    ['script-src', script],
    // React sets style attributes at run time; Mermaid diagrams (inline SVG drawn at build time,
    // or in the browser by a build without Chromium) carry <style> elements and style attributes.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    // Infima draws icons as data: SVGs in CSS; Mermaid may inline images.
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', connect],
    ['worker-src', worker],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

/** Scans the build and returns the policy and what went into it. Throws on inline handlers. */
export async function policyForBuild(buildDir) {
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error(`No production build in ${buildDir}/ (index.html is missing): build the site first.`);
  }
  const scan = await scanBuild(buildDir);
  if (scan.problems.length > 0) {
    throw new Error(
      `The build has markup a Content-Security-Policy without 'unsafe-inline' blocks:\n  ${scan.problems.join('\n  ')}`,
    );
  }
  const search = detectSearch(buildDir);
  return {policy: buildPolicy({hashes: scan.hashes, ...search}), ...scan, search};
}

/** The command line; a function, so importing this module (tests, other scripts) runs nothing. */
async function main() {
  const args = process.argv.slice(2);
  const i = args.indexOf('--dir');
  const dir = i >= 0 && args[i + 1] ? args[i + 1] : 'build';
  try {
    const {policy, hashes, counts, pages, search} = await policyForBuild(dir);
    console.error(`${pages} pages, ${hashes.length} distinct inline script(s):`);
    for (const h of hashes) console.error(`  ${h} on ${counts.get(h)} page(s)`);
    console.error(
      `search: ${search.embedded ? 'embedded (Pagefind)' : 'no embedded index'}` +
        `${search.algoliaAppId ? `, hosted (Algolia app ${search.algoliaAppId})` : ''}`,
    );
    console.log(policy);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
