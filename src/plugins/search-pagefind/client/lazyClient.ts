/**
 * The client the search button gives DocSearch in embedded mode. It has the
 * embedded client's shape (./client.ts) but loads that client, and the
 * Pagefind loader with it, when the modal opens (`warm`) or on the first
 * query: the code that turns Pagefind results into DocSearch hits stays out
 * of the bundle every page runs, and most visits never search.
 *
 * When the client's code cannot be fetched (the network went away after the
 * page loaded), the query fails with the error DocSearch shows its error
 * screen for, the problem is published as 'network', and the next query
 * tries again.
 */
import type {EmbeddedSearchClient, SearchArgument} from './client';
import {setIndexProblem} from './indexProblem';

export function lazySearchClient(load: () => Promise<EmbeddedSearchClient>): EmbeddedSearchClient {
  let pending: Promise<EmbeddedSearchClient> | null = null;

  function client(): Promise<EmbeddedSearchClient> {
    if (!pending) {
      const attempt = load().catch((error: unknown) => {
        if (pending === attempt) pending = null;
        setIndexProblem('network');
        // The name is the one DocSearch shows its error screen for (see ./client.ts).
        throw Object.assign(new Error('The search code could not be loaded.', {cause: error}), {
          name: 'RetryError',
          reason: 'network' as const,
        });
      });
      pending = attempt;
    }
    return pending;
  }

  interface Agent {
    value: string;
    add: () => Agent;
  }
  const agent: Agent = {value: 'Orrery embedded search (Pagefind)', add: () => agent};

  return {
    search: (arg: SearchArgument) => client().then((loaded) => loaded.search(arg)),
    // The modal opened: its code and the precomputed answers' manifest load while the reader
    // types. A failure here is the first query's to report (it tries again).
    warm: () => {
      client().then(
        (loaded) => loaded.warm(),
        () => undefined,
      );
    },
    addAlgoliaAgent: () => undefined,
    transporter: {algoliaAgent: agent},
  };
}
