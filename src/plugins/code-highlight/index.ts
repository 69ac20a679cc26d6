/**
 * code-highlight: code blocks are highlighted once, on the server, with token
 * colors from CSS; Prism stays out of the browser's first load
 * (README.md beside this file).
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {ThemeConfig} from '@docusaurus/preset-classic';
import type {PrismTheme} from 'prism-react-renderer';
import {prismCss} from './prismCss';

export interface CodeHighlightOptions {
  /** Off: the theme's own code blocks, with Prism and its languages in the main bundle. */
  enabled?: boolean;
}

/** The theme's client module that registers the Prism languages on every page, in both bundles. */
export const PRISM_INCLUDE_LANGUAGES = /[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/;

export default function codeHighlightPlugin(context: LoadContext, options: unknown): Plugin | null {
  if ((options as CodeHighlightOptions | undefined)?.enabled === false) return null;
  const dir = path.join(context.siteDir, 'src', 'plugins', 'code-highlight');
  const {prism} = context.siteConfig.themeConfig as ThemeConfig;
  if (!prism?.theme) throw new Error('The code-highlight plugin needs themeConfig.prism.theme.');

  // Token colors as CSS, generated from the configured Prism themes.
  const generated = path.join(context.generatedFilesDir, 'orrery-code-highlight');
  mkdirSync(generated, {recursive: true});
  const tokenCss = path.join(generated, 'prism-tokens.css');
  writeFileSync(tokenCss, prismCss(prism.theme as PrismTheme, prism.darkTheme as PrismTheme | undefined));

  return {
    name: 'orrery-code-highlight',
    getThemePath: () => path.join(dir, 'theme'),
    getTypeScriptThemePath: () => path.join(dir, 'theme'),
    getClientModules: () => [tokenCss],
    configureWebpack(_config, isServer, {currentBundler}) {
      return {
        resolve: {
          alias: {
            '@orrery/code-highlighter': path.join(dir, 'highlighter', isServer ? 'server.ts' : 'client.ts'),
          },
        },
        // ./highlighter/prism.ts registers the languages instead.
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            PRISM_INCLUDE_LANGUAGES,
            path.join(dir, 'noPrismLanguages.ts'),
          ),
        ],
      };
    },
  };
}
