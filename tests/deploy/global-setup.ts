import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, promises as fs, readdirSync, readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {DEPLOY_BASE, type Served} from './fixtures';

/**
 * Global setup of every browser test (playwright.config.ts):
 * 1. The build for /mission/docs/ in build/ (DEPLOY_BUILD_DIR) and its
 *    hosted-search variant in build-hosted/ (DEPLOY_HOSTED_DIR): `npm test`
 *    builds both fresh just before; each is built here when missing. A build
 *    for another base path is an error (it would be served at the wrong path).
 * 2. `npm run package` of build/, unpacked into a fresh folder.
 * 3. Three private nginx instances on 127.0.0.1, each on a free port: the
 *    rendered deploy/nginx configuration over build/, the bundle's own
 *    configuration over the unpacked bundle (pointed at its folder, as its
 *    README.txt says), and the rendered configuration over build-hosted/.
 * Returns the teardown, which stops them by PID and removes the temp folders.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // ES modules, shared with the command-line scripts: imported dynamically
  // because Playwright compiles this file to CommonJS.
  const {renderConfig} = await import('../../deploy/nginx/render.mjs');
  const {DEFAULT_ROOT, buildSite} = await import('../../scripts/package.mjs');
  const {ensureNginx, startNginx, stopNginx} = await import('./nginx-harness.mjs');
  const {buildBase} = await import('../../scripts/csp.mjs');
  const buildDir = path.resolve(process.env.DEPLOY_BUILD_DIR ?? 'build');
  const hostedDir = path.resolve(process.env.DEPLOY_HOSTED_DIR ?? 'build-hosted');
  ensureNginx();
  const ready = (dir: string, build: () => void) => {
    if (!existsSync(path.join(dir, 'index.html'))) {
      console.log(`No build in ${dir}: building the site for ${DEPLOY_BASE} …`);
      build();
    }
    const base = buildBase(dir);
    if (base !== DEPLOY_BASE) {
      throw new Error(
        `${dir} is built for ${base}; the browser tests serve the site at ${DEPLOY_BASE}. ` +
          `Rebuild it with BASE_URL=${DEPLOY_BASE} (npm test does), or remove it to have it built here.`,
      );
    }
  };
  ready(buildDir, () => buildSite({outDir: buildDir, base: DEPLOY_BASE}));
  ready(hostedDir, () => {
    const script = path.resolve('scripts', 'search-hosted-build.mjs');
    const result = spawnSync('node', [script, '--out-dir', hostedDir], {
      stdio: 'inherit',
      env: {...process.env, BASE_URL: DEPLOY_BASE},
    });
    if (result.status !== 0) throw new Error(`node ${script} failed.`);
  });

  const work = mkdtempSync(path.join(os.tmpdir(), 'orrery-deploy-'));
  const started: {pid: number; prefix: string}[] = [];
  const teardown = async () => {
    for (const s of started) await stopNginx(s);
    for (const s of started) await fs.rm(s.prefix, {recursive: true, force: true});
    if (!process.env.DEPLOY_KEEP) await fs.rm(work, {recursive: true, force: true});
  };

  try {
    // The site straight from the build.
    const buildConf = path.join(work, 'build.conf');
    const {text} = await renderConfig({buildDir, base: DEPLOY_BASE});
    await fs.writeFile(buildConf, text);
    const a = await startNginx({siteConf: buildConf, name: 'build'});
    started.push(a);
    const servedBuild: Served = {origin: a.origin, siteDir: buildDir, conf: buildConf, base: DEPLOY_BASE};
    process.env.DEPLOY_SERVED_BUILD = JSON.stringify(servedBuild);

    // The air-gapped bundle, unpacked into a fresh folder.
    // Exactly what a deployer runs (the build is reused: --skip-build).
    const pack = spawnSync(
      'npm',
      ['run', '--silent', 'package', '--', '--dir', buildDir, '--skip-build', '--out', path.join(work, 'dist')],
      {encoding: 'utf8', env: {...process.env, BASE_URL: DEPLOY_BASE}},
    );
    const written = /^Wrote (.+\.tar\.gz)$/m.exec(pack.stdout)?.[1];
    if (pack.status !== 0 || !written) throw new Error(`npm run package failed:\n${pack.stdout}${pack.stderr}`);
    const tarball = path.resolve(written);
    const unpacked = path.join(work, 'unpacked');
    await fs.mkdir(unpacked);
    const tar = spawnSync('tar', ['-xzf', tarball, '-C', unpacked], {encoding: 'utf8'});
    if (tar.status !== 0) throw new Error(`Unpacking ${tarball} failed: ${tar.stderr}`);
    const top = readdirSync(unpacked);
    if (top.length !== 1 || !top[0])
      throw new Error(`The bundle must hold one top folder; it holds: ${top.join(', ')}`);
    const bundle = path.join(unpacked, top[0]);
    const packagedConf = path.join(bundle, 'nginx', 'orrery-docs.conf');
    // What README.txt tells a deployer who unpacks somewhere other than the default.
    const conf = readFileSync(packagedConf, 'utf8');
    if (!conf.includes(`alias ${DEFAULT_ROOT}site/;`))
      throw new Error(`${packagedConf} does not serve ${DEFAULT_ROOT}site/.`);
    const movedConf = path.join(work, 'package.conf');
    await fs.writeFile(movedConf, conf.replaceAll(DEFAULT_ROOT, `${bundle}/`));
    const b = await startNginx({siteConf: movedConf, name: 'package'});
    started.push(b);
    const servedPackage: Served & {tarball: string; bundle: string} = {
      origin: b.origin,
      siteDir: path.join(bundle, 'site'),
      conf: movedConf,
      base: DEPLOY_BASE,
      tarball,
      bundle,
    };
    process.env.DEPLOY_SERVED_PACKAGE = JSON.stringify(servedPackage);

    // The hosted-search build: its policy lets the browser reach Algolia and nothing else.
    const hostedConf = path.join(work, 'hosted.conf');
    await fs.writeFile(hostedConf, (await renderConfig({buildDir: hostedDir, base: DEPLOY_BASE})).text);
    const c = await startNginx({siteConf: hostedConf, name: 'hosted'});
    started.push(c);
    const servedHosted: Served = {origin: c.origin, siteDir: hostedDir, conf: hostedConf, base: DEPLOY_BASE};
    process.env.DEPLOY_SERVED_HOSTED = JSON.stringify(servedHosted);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
