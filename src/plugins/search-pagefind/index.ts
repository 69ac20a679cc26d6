/**
 * Search as one local theme plugin: the DocSearch modal and search page of
 * @docusaurus/theme-search-algolia, answered from a Pagefind index built with
 * the site (embedded mode) or from Algolia (hosted mode). See ./README.md.
 */
import {readFileSync, mkdirSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/**
 * With DocSearch v3, @docusaurus/theme-search-algolia 3.10 points the
 * `@docsearch/react/…` entry points that only v4 has (useDocSearchKeyboardEvents,
 * version, useTheme) at the package's UMD build, and its search button comes
 * from the ESM build: both are the whole of DocSearch, dialog included, and
 * tree-shaking leaves most of it in the main bundle. In their place:
 * - the button and the keyboard shortcuts are the site's own, with
 *   DocSearch's class names and contract (src/search/SearchButton.tsx,
 *   src/search/keyboard.ts), in both bundles so that hydration matches;
 * - `version` is a generated one-line module;
 * - the dialog (`/modal`) gets the UMD build, in a chunk of its own that loads
 *   when the search button is hovered, focused or pressed, as the theme intends.
 * With DocSearch v4 the theme sets no such aliases and nothing changes.
 */
export function docSearchV3Aliases(
  aliases: unknown,
  siteDir: string,
  versionModule: string,
  isServer: boolean,
): Record<string, string> {
  if (typeof aliases !== 'object' || aliases === null || Array.isArray(aliases)) return {};
  const umd = (aliases as Record<string, unknown>)['@docsearch/react/useDocSearchKeyboardEvents'];
  if (typeof umd !== 'string') return {};
  const search = path.join(siteDir, 'src', 'search');
  return {
    '@docsearch/react/button': path.join(search, 'SearchButton.tsx'),
    '@docsearch/react/useDocSearchKeyboardEvents': path.join(search, 'keyboard.ts'),
    '@docsearch/react/version': versionModule,
    ...(isServer ? {} : {'@docsearch/react/modal$': umd}),
  };
}

/** A module exporting the installed DocSearch version, for the search theme's `@docsearch/react/version`. */
export function writeDocSearchVersionModule(siteDir: string, directory: string): string {
  const manifest = createRequire(path.join(siteDir, 'package.json')).resolve('@docsearch/react/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {version: string};
  const file = path.join(directory, 'docsearch-version.js');
  writeFileSync(file, `export const version = ${JSON.stringify(pkg.version)};\n`);
  return file;
}

export default function searchPagefindPlugin(context: LoadContext): Plugin {
  const generated = path.join(context.generatedFilesDir, 'orrery-search-pagefind');
  mkdirSync(generated, {recursive: true});
  const docSearchVersion = writeDocSearchVersionModule(context.siteDir, generated);

  return {
    name: 'orrery-search-pagefind',

    configureWebpack(config, isServer) {
      return {
        resolve: {alias: docSearchV3Aliases(config.resolve?.alias, context.siteDir, docSearchVersion, isServer)},
      };
    },
  };
}
