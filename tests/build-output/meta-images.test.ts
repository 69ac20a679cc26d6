/**
 * Link previews work: every image a page names in its meta tags (og:image,
 * twitter:image, …) is a file of the build, and the social card is a
 * 1200×630 PNG. Run after `npm run build`; BUILD_DIR picks another build.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {htmlFiles} from '../../scripts/lib/build-files.mjs';

const buildDir = process.env.BUILD_DIR ?? 'build';

const htmlPaths = (dir: string): string[] => htmlFiles(dir).map((rel) => path.join(dir, rel));

/** Image URLs of <meta property|name="…:image…" content="…">. */
export function metaImageUrls(html: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/g)) {
    const key = /\b(?:property|name)="?([^"\s>]+)/.exec(tag)?.[1] ?? '';
    const content = /\bcontent="?([^"\s>]+)/.exec(tag)?.[1];
    if (/:image(:url|:secure_url)?$/.test(key) && content) urls.push(content);
  }
  return urls;
}

/** The build file a site URL points to, given the build's base path. */
function buildFile(url: string, baseUrl: string): string {
  const {pathname} = new URL(url, 'https://site.invalid');
  assert.ok(pathname.startsWith(baseUrl), `${url} is not under the base path ${baseUrl}`);
  return path.join(buildDir, decodeURIComponent(pathname.slice(baseUrl.length)));
}

test('every meta image URL in the build names a file of the build', () => {
  const files = htmlPaths(buildDir);
  assert.ok(files.length > 100, `expected a full build in ${buildDir}/`);
  // The base path the build was made with (the same variable as the build).
  const baseUrl = process.env.BASE_URL || '/orrery/';
  const broken = new Set<string>();
  let seen = 0;
  for (const file of files) {
    for (const url of metaImageUrls(readFileSync(file, 'utf8'))) {
      seen += 1;
      if (!existsSync(buildFile(url, baseUrl))) broken.add(`${url} (${path.relative(buildDir, file)})`);
    }
  }
  assert.ok(seen >= files.length, `expected og:image and twitter:image on the pages, found ${seen} URLs`);
  assert.deepEqual([...broken], []);
});

test('the social card is a 1200×630 PNG', () => {
  const png = readFileSync(path.join(buildDir, 'img', 'social-card.png'));
  assert.equal(png.subarray(1, 4).toString('ascii'), 'PNG');
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630]);
});

test('metaImageUrls reads og:image and twitter:image, minified or not', () => {
  assert.deepEqual(
    metaImageUrls(
      '<meta data-rh=true property=og:image content=https://x.org/b/img/c.png><meta name="twitter:image" content="https://x.org/b/img/d.png"><meta name=description content=hi>',
    ),
    ['https://x.org/b/img/c.png', 'https://x.org/b/img/d.png'],
  );
});
