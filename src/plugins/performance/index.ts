/**
 * What is left of the former performance plugin once its features moved to
 * plugins named by what they do (code-highlight, page-startup, bundle-trim,
 * navigation; build settings in src/config/build.ts): the search part that
 * src/plugins/search-pagefind takes over.
 */
import type {Plugin} from '@docusaurus/types';
import {rewriteHtmlFiles} from '../../config/postBuildHtml';

/**
 * The search theme's SearchBar always renders `<link rel="preconnect"
 * href="https://{appId}-dsn.algolia.net">`; in embedded-search builds the app id
 * is a placeholder that makes that URL invalid (src/config/search.ts), so no
 * browser connects, but the page would carry an invalid URL (the W3C checker
 * says so) and a hint about a service the build does not use: it goes.
 */
export function withoutEmbeddedPreconnect(html: string): string {
  return html.replace(/<link\b[^>]*\bhref="?https:\/\/\[embedded\]-dsn\.algolia\.net"?[^>]*>/g, '');
}

export default function performancePlugin(): Plugin {
  return {
    name: 'orrery-performance',
    async postBuild({outDir}) {
      await rewriteHtmlFiles(outDir, withoutEmbeddedPreconnect);
    },
  };
}
