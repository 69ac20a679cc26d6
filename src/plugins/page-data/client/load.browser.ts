/**
 * A data page's route entry in the browser (README.md beside this file): fetches its data file
 * once. A failed fetch (a deploy that replaced the files) rejects, and Docusaurus then loads the
 * page from the server, as for a missing chunk.
 */
import {pageModule, type PageDataFile, type PageDataLoader} from './render';

const loaded = new Map<string, Promise<Record<string, unknown>>>();

export function loadPageData(url: string): Promise<Record<string, unknown>> {
  let promise = loaded.get(url);
  if (!promise) {
    promise = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`Page data ${url}: HTTP ${response.status}`);
        return response.json() as Promise<PageDataFile>;
      })
      .then(pageModule);
    loaded.set(url, promise);
    promise.catch(() => loaded.delete(url));
  }
  return promise;
}

/** The registry entry's loader; `pageData` is the file's URL, which idle prefetch reads. */
export function pageDataLoader(url: string): PageDataLoader {
  return Object.assign(() => loadPageData(url), {pageData: url});
}
