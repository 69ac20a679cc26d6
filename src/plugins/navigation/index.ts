/**
 * navigation: a CSS progress bar in place of nprogress, and link prefetching
 * spread over idle time (README.md beside this file).
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export interface NavigationOptions {
  /** Off: the theme's nprogress bar and Docusaurus's own prefetching. */
  enabled?: boolean;
}

/** The theme's navigation progress bar client module (nprogress), in both bundles. */
export const THEME_NPROGRESS = /[\\/]theme-classic[\\/]lib[\\/]nprogress(\.js)?$/;

export default function navigationPlugin(context: LoadContext, options: unknown): Plugin | null {
  if ((options as NavigationOptions | undefined)?.enabled === false) return null;
  const dir = path.join(context.siteDir, 'src', 'plugins', 'navigation');
  return {
    name: 'orrery-navigation',
    getClientModules: () => [path.join(dir, 'client', 'idlePrefetch.ts'), path.join(dir, 'client', 'progressBar.ts')],
    configureWebpack(_config, _isServer, {currentBundler}) {
      return {
        // ./client/progressBar.ts draws the bar instead.
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(THEME_NPROGRESS, path.join(dir, 'noNprogress.ts')),
        ],
      };
    },
  };
}
