import {existsSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {test, expect, DEPLOY_BASE} from './fixtures';

/**
 * The `npm run package` bundle, as global setup unpacked it into a fresh
 * folder (the "package" project then serves it through nginx and runs the
 * same checks as over the build).
 */
interface Bundle {
  tarball: string;
  bundle: string;
}

function bundle(): Bundle {
  return JSON.parse(process.env.DEPLOY_SERVED_PACKAGE ?? '{}') as Bundle;
}

test.describe('the air-gapped bundle', () => {
  test.beforeEach(({target}) => {
    test.skip(target !== 'package', 'Bundle contents are checked once, in the "package" project.');
  });

  test('is one tarball holding the build, the nginx configuration and a SHA-256 manifest of every file', async () => {
    const {verifyManifest} = await import('../../scripts/package.mjs');
    const {tarball, bundle: dir} = bundle();
    expect(statSync(tarball).size).toBeGreaterThan(100_000);
    expect(path.basename(tarball)).toMatch(/^orrery-docs-\d+\.\d+\.\d+-mission-docs\.tar\.gz$/);
    for (const f of [
      'site/index.html',
      'site/404.html',
      'site/sitemap.xml',
      'nginx/orrery-docs.conf',
      'README.txt',
      'bundle.json',
      'SHA256SUMS',
    ]) {
      expect(existsSync(path.join(dir, f)), f).toBe(true);
    }
    expect(await verifyManifest(dir)).toEqual([]);
    const sums = readFileSync(path.join(dir, 'SHA256SUMS'), 'utf8');
    expect(sums).toMatch(/^[0-9a-f]{64} {2}nginx\/orrery-docs\.conf$/m);
    expect(sums).toMatch(/^[0-9a-f]{64} {2}site\/index\.html$/m);
    const meta = JSON.parse(readFileSync(path.join(dir, 'bundle.json'), 'utf8')) as {baseUrl: string; version: string};
    expect(meta.baseUrl).toBe(DEPLOY_BASE);
  });

  test('the manifest catches a changed file', async () => {
    const {verifyManifest} = await import('../../scripts/package.mjs');
    const {bundle: dir} = bundle();
    // Check against a copy of the manifest with one sum altered, not by
    // changing a file the server is serving.
    const {mkdtempSync, writeFileSync, cpSync} = await import('node:fs');
    const os = await import('node:os');
    const copy = mkdtempSync(path.join(os.tmpdir(), 'orrery-manifest-'));
    cpSync(path.join(dir, 'nginx'), path.join(copy, 'nginx'), {recursive: true});
    const line = readFileSync(path.join(dir, 'SHA256SUMS'), 'utf8')
      .split('\n')
      .filter((l) => l.endsWith('  nginx/orrery-docs.conf'));
    writeFileSync(path.join(copy, 'SHA256SUMS'), `${line.join('\n')}\n`);
    expect(await verifyManifest(copy)).toEqual([]);
    writeFileSync(path.join(copy, 'nginx', 'orrery-docs.conf'), 'tampered\n');
    expect(await verifyManifest(copy)).toEqual(['checksum mismatch: nginx/orrery-docs.conf']);
  });
});
