/**
 * ssg-lookup: the static rendering finds each page's doc through an index
 * instead of a scan of every doc (README.md beside this file).
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

export interface SsgLookupOptions {
  /** Off: the docs plugin's own lookups in the server bundle too. */
  enabled?: boolean;
}

/** The import this plugin replaces: `./docsClientUtils` in the docs plugin's `lib/client/index.js`. */
export const DOCS_CLIENT_UTILS_REQUEST = /^\.\/docsClientUtils(\.js)?$/;
export const DOCS_CLIENT_DIR = /[\\/]@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client$/;

export default function ssgLookupPlugin(context: LoadContext, options: unknown): Plugin | null {
  if ((options as SsgLookupOptions | undefined)?.enabled === false) return null;
  const replacement = path.join(context.siteDir, 'src', 'plugins', 'ssg-lookup', 'docsClientUtils.ts');
  let replaced = 0;
  return {
    name: 'orrery-ssg-lookup',
    configureWebpack(config, isServer, {currentBundler}) {
      // The server bundle only: the browser keeps the docs plugin's own code (its docs data changes
      // as route parts load, and a different result there would show as a hydration error).
      if (!isServer || config.mode !== 'production') return {};
      return {
        plugins: [
          // Matched by the request before it is resolved, as bundle-trim replaces core's preload.
          new currentBundler.instance.NormalModuleReplacementPlugin(
            DOCS_CLIENT_UTILS_REQUEST,
            (resource: {context?: string; request: string}) => {
              if (DOCS_CLIENT_DIR.test(resource.context ?? '')) {
                resource.request = replacement;
                replaced += 1;
              }
            },
          ),
        ],
      };
    },
    postBuild() {
      // The docs plugin's client must still import ./docsClientUtils, or the static rendering
      // would quietly scan every doc again: an upgrade that moves it stops the build here.
      if (replaced === 0) {
        throw new Error(
          "ssg-lookup: @docusaurus/plugin-content-docs's lib/client/index.js no longer imports ./docsClientUtils, " +
            'so the server bundle kept its scan of every doc; update src/plugins/ssg-lookup/ (README.md) ' +
            'or turn it off with ORRERY_SSG_LOOKUP=0.',
        );
      }
    },
  };
}
