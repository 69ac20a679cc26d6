#!/usr/bin/env node
// Renders deploy/nginx/orrery-docs.conf.template for one production build:
// the base path, the folder the build is served from, and the security
// headers with a Content-Security-Policy computed from the build
// (scripts/csp.mjs: hashes of its inline scripts, the search it needs).
//
// Usage:
//   node deploy/nginx/render.mjs [--dir build] [--base /mission/docs/]
//        [--root /srv/orrery-docs/site/] [--out orrery-docs.conf]
// --base defaults to BASE_URL (as for the build), else /orrery/; it must be
// the base path the build was made with (checked against the build).
// --root defaults to the absolute path of --dir. --out defaults to stdout.
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {policyForBuild} from '../../scripts/csp.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const TEMPLATE = path.join(here, 'orrery-docs.conf.template');

/** The headers every response carries, one nginx directive a line. */
export function securityHeaders(policy) {
  return [
    ['Content-Security-Policy', policy],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    [
      'Permissions-Policy',
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
    ],
    // For browsers that predate CSP frame-ancestors.
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
}

function assertBasePath(base) {
  if (!/^\/([A-Za-z0-9._~-]+\/)*$/.test(base)) {
    throw new Error(`The base path must start and end with "/" and hold only URL-safe segments; got "${base}".`);
  }
}

/** Throws unless the build's home page loads its code from `base`. */
export function assertBuildBase(buildDir, base) {
  const home = readFileSync(path.join(buildDir, 'index.html'), 'utf8');
  if (!home.includes(`${base}assets/`)) {
    const found = /(?:src|href)="?(\/[^"\s>]*?)assets\/js\//.exec(home)?.[1];
    throw new Error(
      `The build in ${buildDir}/ was made for base path ${found ?? '(unknown)'}, not ${base}: ` +
        `build with BASE_URL=${base} or render with --base ${found ?? '<its base>'}.`,
    );
  }
}

/**
 * Renders the configuration text.
 * @param {{buildDir: string, base: string, root?: string, generatedNote?: string}} o
 */
export async function renderConfig({buildDir, base, root, generatedNote}) {
  assertBasePath(base);
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error(`No production build in ${buildDir}/: run the build first.`);
  }
  assertBuildBase(buildDir, base);
  let siteRoot = root ?? path.resolve(buildDir);
  if (!siteRoot.endsWith('/')) siteRoot += '/';
  if (!path.isAbsolute(siteRoot) || /[\s;{}"'$]/.test(siteRoot)) {
    throw new Error(
      `The site root must be an absolute path without spaces, quotes, ";", "{", "}" or "$"; got "${siteRoot}".`,
    );
  }
  const {policy, hashes, search} = await policyForBuild(buildDir);
  const headerLines = (indent) =>
    securityHeaders(policy)
      .map(([name, value]) => `${indent}add_header ${name} "${value}" always;`)
      .join('\n');
  const note =
    generatedNote ??
    `Rendered by deploy/nginx/render.mjs from the build in ${path.resolve(buildDir)}: ` +
      `${hashes.length} inline script hash(es), search ${search.embedded ? 'embedded (Pagefind)' : 'not embedded'}` +
      `${search.algoliaAppId ? `, hosted (Algolia ${search.algoliaAppId})` : ''}.`;
  const text = readFileSync(TEMPLATE, 'utf8')
    .replace(/^@@SECURITY_HEADERS@@$/gm, (_m, offset, whole) => {
      // Indent like the line that follows the placeholder.
      const after = whole.slice(offset).split('\n')[1] ?? '';
      return headerLines(/^\s*/.exec(after)?.[0] ?? '    ');
    })
    .replaceAll('@@GENERATED@@', note)
    .replaceAll('@@BASE_URL_NO_SLASH@@', base === '/' ? '/' : base.slice(0, -1))
    .replaceAll('@@BASE_URL@@', base)
    .replaceAll('@@ROOT@@', siteRoot);
  if (text.includes('@@')) throw new Error('A placeholder of the nginx template was left unrendered.');
  return {text, policy};
}

/** The command line; a function, so importing this module (tests, other scripts) runs nothing. */
async function main() {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  try {
    const {text} = await renderConfig({
      buildDir: option('dir', 'build'),
      base: option('base', process.env.BASE_URL || '/orrery/'),
      root: option('root', undefined),
    });
    const out = option('out', undefined);
    if (out) {
      writeFileSync(out, text);
      console.error(`Wrote ${out}`);
    } else {
      process.stdout.write(text);
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
