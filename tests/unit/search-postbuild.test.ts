/**
 * The search plugin's postBuild (src/plugins/search-pagefind/index.ts): the indexer, started at
 * once, indexes each page only after the one pass over the built pages
 * (src/config/postBuildHtml.ts) has rewritten it, and a pass that fails stops the indexer
 * without an index.
 */
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import {rewriteHtmlFiles} from '../../src/config/postBuildHtml.ts';
import searchPagefindPlugin from '../../src/plugins/search-pagefind/index.ts';
import {COMMON_TAG} from '../../src/plugins/search-pagefind/indexer.mjs';

const SITE_DIR = path.resolve(import.meta.dirname, '..', '..');
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, {recursive: true, force: true});
});

const temporary = (prefix: string): string => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

/** A build folder with a home page and three doc pages, each saying `word`. */
function writeBuild(word: string): string {
  const dir = temporary('orrery-search-postbuild-');
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><body><h1>Home</h1></body></html>');
  for (const page of ['planning/anchors', 'planning/windows', 'simulation/datasets']) {
    mkdirSync(path.join(dir, page), {recursive: true});
    writeFileSync(
      path.join(dir, page, 'index.html'),
      `<!doctype html><html lang="en"><head><title>${page}</title>` +
        `<meta name="docsearch:language" content="en">` +
        `<meta name="docsearch:docusaurus_tag" content="${COMMON_TAG}"></head>` +
        `<body><main><article><div data-pagefind-body=""><h1>${page}</h1><p>${word}</p>` +
        `</div></article></main></body></html>`,
    );
  }
  return dir;
}

function postBuildOf(): (outDir: string) => Promise<void> {
  const context = {siteDir: SITE_DIR, generatedFilesDir: temporary('orrery-search-generated-')} as LoadContext;
  const plugin = searchPagefindPlugin(context);
  return (outDir) => (plugin.postBuild as (props: {outDir: string}) => Promise<void>)({outDir});
}

async function pagesFinding(dir: string, query: string): Promise<string[]> {
  const bench = await import('../../scripts/bench-search-relevance.mjs');
  const clients = await bench.clientsFor(dir);
  return (await bench.rankedPages(clients, query)) as string[];
}

test("the index holds the pages as the pass rewrote them: another plugin's rewrite in the same pass is indexed", async () => {
  const dir = writeBuild('placeholder');
  const postBuild = postBuildOf();
  // As Docusaurus starts every plugin's postBuild in the same tick: the two rewrites share a pass.
  const indexed = postBuild(dir);
  // The pass begins a second and a half later (work of the other plugin's to finish first): an
  // indexer that read the pages when it started would index them unchanged.
  const rewritten = rewriteHtmlFiles(dir, (html) => html.replace('<p>placeholder</p>', '<p>heliopause</p>'), {
    ready: new Promise((resolve) => setTimeout(resolve, 1500)),
  });
  await Promise.all([indexed, rewritten]);
  const found = await pagesFinding(dir, 'heliopause');
  assert.deepEqual([...found].sort(), ['/planning/anchors/', '/planning/windows/', '/simulation/datasets/']);
  assert.deepEqual(await pagesFinding(dir, 'placeholder'), []);
});

test('a pass that fails stops the indexer: postBuild fails with the pass error and writes no index', async () => {
  const dir = writeBuild('perihelion');
  const postBuild = postBuildOf();
  const indexed = postBuild(dir);
  const failing = rewriteHtmlFiles(dir, (html, file) => {
    if (file.includes('windows')) throw new Error('broken page windows');
    return html;
  });
  await assert.rejects(failing, /broken page windows/);
  await assert.rejects(indexed, /broken page windows/);
  assert.equal(existsSync(path.join(dir, 'pagefind', 'pagefind.js')), false);
});
