#!/usr/bin/env node
// The embedded search index as a command: the same code the search plugin's
// postBuild runs after every `docusaurus build`
// (src/plugins/search-pagefind/indexer.mjs, which says what goes in the index).
// For a build made elsewhere or to index again:
//   node scripts/search-index.mjs [--dir build]
// Writes <dir>/pagefind/; with hosted search configured (any ALGOLIA_APP_ID,
// ALGOLIA_API_KEY, ALGOLIA_INDEX_NAME set) it builds nothing.
import path from 'node:path';
import {buildSearchIndex, closePagefind} from '../src/plugins/search-pagefind/indexer.mjs';

export {
  addSearchHints,
  markFilterMetas,
  pageKind,
  parseSynonyms,
  separateBlocks,
  synonymsFor,
} from '../src/plugins/search-pagefind/indexer.mjs';

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const args = process.argv.slice(2);
  const dirArg = args.indexOf('--dir');
  const buildDir = path.resolve(dirArg >= 0 && args[dirArg + 1] ? args[dirArg + 1] : 'build');
  buildSearchIndex({buildDir, siteDir: path.resolve(import.meta.dirname, '..')})
    .catch((error) => {
      console.error(`[search] ${error instanceof Error ? error.message : error}`);
      process.exitCode = 1;
    })
    .finally(closePagefind);
}
