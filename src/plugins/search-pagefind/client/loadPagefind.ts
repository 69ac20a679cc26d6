/**
 * Browser side of the embedded search: loads Pagefind's bundle from this site
 * (`<base>pagefind/pagefind.js`, written by ../indexer.mjs) on the
 * first query, and the clients the SearchBar and SearchPage overrides use.
 * Nothing here runs during server-side rendering.
 *
 * When the bundle cannot be loaded, the reason is worked out (a second,
 * HEAD request tells "no index here" from "network down") and published
 * (./indexProblem.ts), so the modal's error screen can tell a writer under
 * `npm start`, which serves no index, to run a build. A failed load is not
 * cached: the next query tries again.
 */

import {
  createEmbeddedSearchClient,
  SearchUnavailableError,
  type EmbeddedSearchClient,
  type IndexProblem,
} from './client';
import {createHeadLookup} from './head';
import type {PagefindApi} from './types';
import {setIndexProblem as setProblem} from './indexProblem';

async function classify(url: string): Promise<IndexProblem> {
  try {
    const response = await fetch(url, {method: 'HEAD', cache: 'no-store'});
    const type = response.headers.get('content-type') ?? '';
    // The dev server answers unknown paths with its HTML page, a static host with 404.
    return response.ok && /javascript/i.test(type) ? 'failed' : 'missing';
  } catch {
    return 'network';
  }
}

const loads = new Map<string, Promise<PagefindApi>>();

/**
 * Loads Pagefind from `indexUrl` (a folder URL ending in "/"), with result
 * URLs under `baseUrl`. Memoized per folder while it succeeds.
 */
export function loadPagefind(indexUrl: string, baseUrl: string): Promise<PagefindApi> {
  let pending = loads.get(indexUrl);
  if (!pending) {
    pending = (async () => {
      const bundle = `${indexUrl}pagefind.js`;
      let pagefind: PagefindApi;
      try {
        pagefind = (await import(/* webpackIgnore: true */ bundle)) as PagefindApi;
      } catch (error) {
        const reason = await classify(bundle);
        setProblem(reason);
        throw new SearchUnavailableError(
          reason,
          reason === 'missing'
            ? `No search index at ${bundle}: it is built by "npm run build".`
            : `The search index at ${bundle} could not be loaded.`,
          {cause: error},
        );
      }
      // Search runs on the main thread: one download less (no worker script) and
      // queries on a site this size take a few milliseconds.
      await pagefind.options({baseUrl, noWorker: true});
      await pagefind.init();
      setProblem(null);
      return pagefind;
    })();
    pending.catch(() => loads.delete(indexUrl));
    loads.set(indexUrl, pending);
  }
  return pending;
}

const clients = new Map<string, EmbeddedSearchClient>();

/**
 * The embedded client for the modal ('sections') or the search page
 * ('pages'); one per base URL. `language`: the site's locale, the language of
 * every indexed page (see EmbeddedClientOptions).
 */
export function embeddedSearchClient(
  shape: 'sections' | 'pages',
  baseUrl: string,
  indexPath: string,
  language: string,
  fallbackSection?: string,
): EmbeddedSearchClient {
  const indexUrl = `${baseUrl}${indexPath.replace(/^\/+/, '').replace(/\/?$/, '/')}`;
  const key = `${shape} ${indexUrl}`;
  let client = clients.get(key);
  if (!client) {
    client = createEmbeddedSearchClient({
      shape,
      load: () => loadPagefind(indexUrl, baseUrl),
      origin: () => window.location.origin,
      language,
      ...(fallbackSection ? {fallbackSection} : {}),
      // The modal's commonest one-word queries come precomputed (./head.ts).
      ...(shape === 'sections'
        ? {head: createHeadLookup(indexUrl, () => `${window.location.origin}${baseUrl}`, language)}
        : {}),
    });
    clients.set(key, client);
  }
  return client;
}
