#!/usr/bin/env node
// `npm run package`: one tarball for air-gapped deployment, holding the
// production build, the nginx configuration rendered for it (security headers
// with the build's CSP hashes) and a SHA-256 manifest of every file:
//
//   orrery-docs-<version>/
//     site/                    the build, served at the base path
//     nginx/orrery-docs.conf   include it in a server block (see README.txt)
//     README.txt               install, verify, upgrade
//     bundle.json              version, base path, search mode, file count
//     SHA256SUMS               `sha256sum -c SHA256SUMS` checks all of the above
//
// Usage: [BASE_URL=/mission/docs/] [SITE_URL=https://ops.example.org] npm run package -- [options]
//   --dir build                 the build folder (built there first unless --skip-build)
//   --skip-build                package an existing build made with the same BASE_URL
//   --build-only                build into --dir, do not package (used by npm test)
//   --root /srv/orrery-docs/    where the bundle will be unpacked on the server
//   --out dist                  where the tarball goes
import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {createReadStream, existsSync, promises as fs, readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {renderConfig} from '../deploy/nginx/render.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_ROOT = '/srv/orrery-docs/';

function sha256File(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('error', reject)
      .on('data', (d) => hash.update(d))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

async function listFiles(dir, prefix = '') {
  const out = [];
  for (const entry of await fs.readdir(dir, {withFileTypes: true})) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(path.join(dir, entry.name), rel)));
    else if (entry.isFile()) out.push(rel);
    else throw new Error(`Cannot package ${rel}: only plain files and folders are allowed.`);
  }
  return out;
}

/** `sha256sum`-format manifest text of every file under `dir` (sorted, excluding the manifest). */
export async function manifestFor(dir, manifestName = 'SHA256SUMS') {
  const files = (await listFiles(dir)).filter((f) => f !== manifestName).sort();
  const lines = [];
  for (const f of files) lines.push(`${await sha256File(path.join(dir, f))}  ${f}`);
  return `${lines.join('\n')}\n`;
}

/**
 * Checks every line of a manifest against the files, and that no file is
 * missing from it. Returns the list of problems (empty when all is well).
 */
export async function verifyManifest(dir, manifestName = 'SHA256SUMS') {
  const problems = [];
  const listed = new Map();
  for (const line of readFileSync(path.join(dir, manifestName), 'utf8').split('\n')) {
    if (!line) continue;
    const m = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!m) {
      problems.push(`malformed line: ${line}`);
      continue;
    }
    listed.set(m[2], m[1]);
  }
  for (const [file, sum] of listed) {
    const full = path.join(dir, file);
    if (!existsSync(full)) problems.push(`missing: ${file}`);
    else if ((await sha256File(full)) !== sum) problems.push(`checksum mismatch: ${file}`);
  }
  for (const f of await listFiles(dir))
    if (f !== manifestName && !listed.has(f)) problems.push(`not in manifest: ${f}`);
  return problems;
}

/**
 * Builds the site for `base` into `outDir` without touching build/: the
 * Docusaurus build, whose postBuild writes the embedded search index
 * (src/plugins/search-pagefind; nothing when hosted search is configured); for
 * a project from before that plugin, the index step scripts/search-index.mjs
 * when the build left no index. Throws when a step fails.
 */
export function buildSite({outDir, base, env = process.env}) {
  const run = (cmd, args) => {
    const result = spawnSync(cmd, args, {stdio: 'inherit', cwd: repo, env: {...env, BASE_URL: base}});
    if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed.`);
  };
  run('npx', ['docusaurus', 'build', '--out-dir', outDir]);
  const indexer = path.join(repo, 'scripts', 'search-index.mjs');
  if (existsSync(indexer) && !existsSync(path.join(outDir, 'pagefind'))) run('node', [indexer, '--dir', outDir]);
}

function readme({name, tarball, base, root, version}) {
  return `Orrery documentation site ${version}, packaged for ${base}
${'='.repeat(60)}

Contents
  site/                    the static site; serve it at ${base}
  nginx/orrery-docs.conf   nginx configuration for it: base path, 404 page,
                           caching, gzip and security headers (with a
                           Content-Security-Policy made for this very build)
  bundle.json              what this bundle is
  SHA256SUMS               SHA-256 of every file above

1. Verify
     cd ${name} && sha256sum -c --quiet SHA256SUMS && echo OK

2. Install (the configuration expects the bundle at ${root})
     tar -xzf ${tarball} -C ${path.posix.dirname(root.replace(/\/$/, ''))}/
     ln -sfn ${path.posix.dirname(root.replace(/\/$/, ''))}/${name} ${root.replace(/\/$/, '')}
   Elsewhere? Change the path in the configuration:
     sed -i 's#${root}#/your/path/${name}/#g' nginx/orrery-docs.conf

3. Include the configuration inside the server block that serves your host:
     server {
         ...
         include ${root}nginx/orrery-docs.conf;
     }
   then: nginx -t && nginx -s reload
   The site answers at https://<your host>${base}.

Upgrade: unpack the new bundle next to this one, switch the symbolic link
and reload nginx. Always use the configuration of the bundle you serve: its
Content-Security-Policy holds the hashes of that build's inline scripts.
`;
}

/** GNU tar flags that make the archive independent of who built it, when. */
function reproducibleFlags(epoch) {
  const version = spawnSync('tar', ['--version'], {encoding: 'utf8'});
  if (!/GNU tar/.test(version.stdout ?? '')) return [];
  return ['--sort=name', '--owner=0', '--group=0', '--numeric-owner', `--mtime=@${epoch}`, '--mode=u+rwX,go+rX,go-w'];
}

/**
 * Builds the tarball. Returns its path and sha256.
 * @param {{buildDir: string, base: string, root?: string, outDir?: string}} o
 */
export async function createPackage({buildDir, base, root = DEFAULT_ROOT, outDir = 'dist'}) {
  const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
  const version = pkg.version;
  const name = `orrery-docs-${version}`;
  const slug = base.replace(/^\/|\/$/g, '').replace(/\//g, '-') || 'root';
  const tarball = path.resolve(outDir, `${name}-${slug}.tar.gz`);
  const rootDir = root.endsWith('/') ? root : `${root}/`;

  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'orrery-package-'));
  try {
    const top = path.join(staging, name);
    await fs.mkdir(path.join(top, 'nginx'), {recursive: true});
    await fs.cp(buildDir, path.join(top, 'site'), {recursive: true});
    const {text} = await renderConfig({
      buildDir,
      base,
      root: `${rootDir}site/`,
      generatedNote: `Rendered by npm run package (orrery-docs ${version}) for the build in site/, served from ${rootDir}site/.`,
    });
    await fs.writeFile(path.join(top, 'nginx', 'orrery-docs.conf'), text);
    await fs.writeFile(
      path.join(top, 'README.txt'),
      readme({name, tarball: path.basename(tarball), base, root: rootDir, version}),
    );
    const files = await listFiles(path.join(top, 'site'));
    const search = existsSync(path.join(buildDir, 'pagefind', 'pagefind.js')) ? 'embedded' : 'none';
    await fs.writeFile(
      path.join(top, 'bundle.json'),
      `${JSON.stringify({name: 'orrery-docs', version, baseUrl: base, root: rootDir, search, siteFiles: files.length}, null, 2)}\n`,
    );
    await fs.writeFile(path.join(top, 'SHA256SUMS'), await manifestFor(top));

    await fs.mkdir(path.dirname(tarball), {recursive: true});
    const epoch = Number(process.env.SOURCE_DATE_EPOCH ?? Math.floor(Date.now() / 1000));
    const tar = spawnSync('tar', [...reproducibleFlags(epoch), '-czf', tarball, '-C', staging, name], {
      encoding: 'utf8',
    });
    if (tar.status !== 0) throw new Error(`tar failed: ${tar.stderr}`);
  } finally {
    await fs.rm(staging, {recursive: true, force: true});
  }
  return {tarball, sha256: await sha256File(tarball), name};
}

/** The command line; a function, so importing this module (tests, other scripts) runs nothing. */
async function main() {
  const args = process.argv.slice(2);
  const option = (flag, fallback) => {
    const i = args.indexOf(`--${flag}`);
    return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
  };
  const buildDir = option('dir', 'build');
  const base = process.env.BASE_URL || '/orrery/';
  try {
    if (!args.includes('--skip-build')) {
      console.log(`Building the site for ${base} into ${buildDir}/ …`);
      buildSite({outDir: path.resolve(buildDir), base});
      if (args.includes('--build-only')) return;
    }
    const {tarball, sha256} = await createPackage({
      buildDir,
      base,
      root: option('root', DEFAULT_ROOT),
      outDir: option('out', 'dist'),
    });
    console.log(`Wrote ${path.relative(process.cwd(), tarball)}\nsha256 ${sha256}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) void main();
