/**
 * Search as one local theme plugin (./README.md): the DocSearch modal and
 * search page of @docusaurus/theme-search-algolia, answered from a Pagefind
 * index built with the site (embedded mode) or from Algolia (hosted mode).
 * - theme/: SearchBar and DocItem/Content (wrappers), SearchPage (a copy);
 * - client/: the embedded client (Pagefind results as DocSearch hits), the
 *   search button and keyboard shortcuts;
 * - the DocSearch v3 aliases (below);
 * - postBuild: the Pagefind index (./indexer.mjs), so `docusaurus build`
 *   gives a searchable site in one step.
 */
import {rewriteHtmlFiles} from '../../config/postBuildHtml';
import {readFileSync, mkdirSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {spawn} from 'node:child_process';

// The config loader (jiti) runs this file as CommonJS: __dirname, not import.meta.dirname.
const PLUGIN_DIR = __dirname;
const CLIENT_DIR = path.join(PLUGIN_DIR, 'client');
const THEME_DIR = path.join(PLUGIN_DIR, 'theme');

/**
 * With DocSearch v3, @docusaurus/theme-search-algolia 3.10 points the
 * `@docsearch/react/…` entry points that only v4 has (useDocSearchKeyboardEvents,
 * version, useTheme) at the package's UMD build, and its search button comes
 * from the ESM build: both are the whole of DocSearch, dialog included, and
 * tree-shaking leaves most of it in the main bundle. In their place:
 * - the button and the keyboard shortcuts are the site's own, with
 *   DocSearch's class names and contract (./client/SearchButton.tsx,
 *   ./client/keyboard.ts), in both bundles so that hydration matches;
 * - `version` is a generated one-line module;
 * - the dialog (`/modal`) gets the UMD build, in a chunk of its own that loads
 *   when the search button is hovered, focused or pressed, as the theme intends.
 * With DocSearch v4 the theme sets no such aliases and nothing changes.
 */
export function docSearchV3Aliases(aliases: unknown, versionModule: string, isServer: boolean): Record<string, string> {
  if (typeof aliases !== 'object' || aliases === null || Array.isArray(aliases)) return {};
  const umd = (aliases as Record<string, unknown>)['@docsearch/react/useDocSearchKeyboardEvents'];
  if (typeof umd !== 'string') return {};
  return {
    '@docsearch/react/button': path.join(CLIENT_DIR, 'SearchButton.tsx'),
    '@docsearch/react/useDocSearchKeyboardEvents': path.join(CLIENT_DIR, 'keyboard.ts'),
    '@docsearch/react/version': versionModule,
    ...(isServer ? {} : {'@docsearch/react/modal$': umd}),
  };
}

/**
 * theme/SearchBar wraps the search theme's SearchBar. Neither theme alias
 * reaches it from a plugin: `@theme-init/SearchBar` is the classic theme's
 * placeholder (a Noop, the first theme to provide it) and
 * `@theme-original/SearchBar` is this plugin's own. The package exports no
 * path to it, so it is found beside the theme's entry (lib/theme/SearchBar);
 * if the theme moves it, the build fails to resolve this alias.
 */
export const ALGOLIA_SEARCH_BAR = '@orrery/theme-search-algolia-SearchBar';

export function algoliaSearchBar(siteDir: string): string {
  const entry = createRequire(path.join(siteDir, 'package.json')).resolve('@docusaurus/theme-search-algolia');
  return path.join(path.dirname(entry), 'theme', 'SearchBar', 'index.js');
}

/** A module exporting the installed DocSearch version, for the search theme's `@docsearch/react/version`. */
export function writeDocSearchVersionModule(siteDir: string, directory: string): string {
  const manifest = createRequire(path.join(siteDir, 'package.json')).resolve('@docsearch/react/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {version: string};
  const file = path.join(directory, 'docsearch-version.js');
  writeFileSync(file, `export const version = ${JSON.stringify(pkg.version)};\n`);
  return file;
}

/**
 * The search theme's SearchBar always renders `<link rel="preconnect"
 * href="https://{appId}-dsn.algolia.net">`; in embedded-search builds the app id
 * is a placeholder that makes that URL invalid (src/config/search.ts), so no
 * browser connects, but the page would carry an invalid URL (the W3C checker
 * in tests/build-output says so) and a hint about a service the build does not
 * use: it goes. Hosted builds keep theirs.
 */
export function withoutEmbeddedPreconnect(html: string): string {
  return html.replace(/<link\b[^>]*\bhref="?https:\/\/\[embedded\]-dsn\.algolia\.net"?[^>]*>/g, '');
}

export default function searchPagefindPlugin(context: LoadContext): Plugin {
  const generated = path.join(context.generatedFilesDir, 'orrery-search-pagefind');
  mkdirSync(generated, {recursive: true});
  const docSearchVersion = writeDocSearchVersionModule(context.siteDir, generated);

  return {
    name: 'orrery-search-pagefind',

    getThemePath: () => THEME_DIR,
    getTypeScriptThemePath: () => THEME_DIR,

    configureWebpack(config, isServer) {
      return {
        resolve: {
          alias: {
            [ALGOLIA_SEARCH_BAR]: algoliaSearchBar(context.siteDir),
            ...docSearchV3Aliases(config.resolve?.alias, docSearchVersion, isServer),
          },
        },
      };
    },

    // The embedded index (nothing in hosted mode): the same code as `node scripts/search-index.mjs`,
    // in a child process (./indexer.mjs says why).
    async postBuild({outDir}) {
      // The indexer starts at once and indexes each page as soon as the one pass over the pages
      // (src/config/postBuildHtml.ts) has rewritten it: the pass names the pages on the indexer's
      // standard input, in its order, so that the two work side by side on the two cores.
      const args = [path.join(PLUGIN_DIR, 'indexer.mjs'), '--dir', outDir, '--site', context.siteDir, '--pages', '-'];
      const indexer = spawn(process.execPath, args, {stdio: ['pipe', 'inherit', 'inherit']});
      const status = new Promise<number | null>((resolve, reject) => {
        indexer.on('error', reject).on('close', resolve);
      });
      // An indexer that stopped early (hosted search, or a failure) reads no more: its exit status tells.
      indexer.stdin.on('error', () => undefined);
      try {
        await rewriteHtmlFiles(outDir, withoutEmbeddedPreconnect, {onPage: (page) => indexer.stdin.write(`${page}\n`)});
      } catch (error) {
        indexer.kill();
        await status.catch(() => undefined);
        throw error;
      }
      indexer.stdin.end();
      const code = await status;
      if (code !== 0) throw new Error(`The search index could not be built (exit ${code}); see [search] above.`);
    },
  };
}
