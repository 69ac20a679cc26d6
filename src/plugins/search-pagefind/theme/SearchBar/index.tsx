/**
 * Wraps the search theme's SearchBar (@docusaurus/theme-search-algolia 3.10.2,
 * @docsearch/react 3.9.0), reached through an alias set in ../../index.ts
 * (`@theme-init/SearchBar` is the classic theme's placeholder). Since Docusaurus 3.10 the SearchBar takes
 * DocSearch props, which it spreads over `themeConfig.algolia`. We pass:
 * - `transformSearchClient`: in embedded mode (no Algolia variables at build
 *   time, see ../../options.ts) it returns the client that answers from
 *   the site's Pagefind index (../../client/) in place of Algolia's, its code
 *   loaded with the first query; in hosted mode it does what the theme's own
 *   does (adds the `docusaurus` agent). In
 *   both it keeps the error screen up when search is unreachable, which
 *   DocSearch 3.9 otherwise drops at once (../../client/errorScreen.ts). It is
 *   one stable function: DocSearch memoizes its client on it.
 * - `translations`: the no-results title reads 'No results for' (DocSearch's
 *   own wording, which the site specification uses; the theme's says 'No
 *   results found for'), and when there is no index at all, as under
 *   `npm start`, the error screen also says how to get one (read as it
 *   renders: see useTranslations).
 * In embedded mode it also hides DocSearch's "Search by Algolia" footer logo,
 * since Algolia is not involved.
 */
import {useCallback, useMemo, type ComponentType, type ReactNode} from 'react';
import SearchBar from '@orrery/theme-search-algolia-SearchBar';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {translate} from '@docusaurus/Translate';
import translations from '@theme/SearchTranslations';
import type {DocSearchTransformClient, DocSearchTranslations} from '@docsearch/react';
import type {SearchThemeConfig} from '../../options';
import {keepErrorScreen} from '../../client/errorScreen';
import {getIndexProblem} from '../../client/indexProblem';
import {lazySearchClient} from '../../client/lazyClient';
import './styles.css';

interface PassedProps {
  transformSearchClient: (client: DocSearchTransformClient) => DocSearchTransformClient;
  translations: DocSearchTranslations;
}

// The theme's type declares no props; its 3.10 implementation spreads them over the config.
const OriginalSearchBar = SearchBar as unknown as ComponentType<Partial<PassedProps>>;

/**
 * The modal's texts. `indexMissing` is read when the error screen renders, not
 * passed down as state: a new `translations` prop re-renders the theme's
 * SearchBar, which gives DocSearch new search parameters, and DocSearch 3.9
 * then starts a new autocomplete whose empty query replaces the reader's (the
 * problem is published just before the failed query reports its error).
 */
function useTranslations(indexMissing: () => boolean): DocSearchTranslations {
  return useMemo<DocSearchTranslations>(() => {
    const modal = translations.modal ?? {};
    const helpText = modal.errorScreen?.helpText ?? '';
    const missing = translate({
      id: 'orrery.SearchModal.errorScreen.missingIndexText',
      message:
        'This site has no search index yet: it is built by "npm run build". To search while writing, run "npm run build" and then "npm run serve" ("npm start" serves no index).',
      description: 'Added to the search error screen when the embedded search index is missing',
    });
    const errorScreen = {...modal.errorScreen};
    Object.defineProperty(errorScreen, 'helpText', {
      enumerable: true,
      get: () => (indexMissing() ? `${helpText} ${missing}`.trim() : helpText),
    });
    return {
      ...translations,
      modal: {
        ...modal,
        noResultsScreen: {
          ...modal.noResultsScreen,
          noResultsText: translate({
            id: 'orrery.SearchModal.noResultsScreen.noResultsText',
            message: 'No results for',
            description: 'The title of the search no-results screen, before the query',
          }),
        },
        errorScreen,
      },
    };
  }, [indexMissing]);
}

const indexMissing = (): boolean => getIndexProblem() === 'missing';
const never = (): boolean => false;

function EmbeddedSearchBar({indexPath, ...props}: {indexPath: string}): ReactNode {
  const {siteConfig, i18n} = useDocusaurusContext();
  const client = useMemo(
    () =>
      keepErrorScreen(
        // The client's code loads with the first query (../../client/lazyClient.ts).
        lazySearchClient(() =>
          import('../../client/loadPagefind').then((m) =>
            m.embeddedSearchClient('sections', siteConfig.baseUrl, indexPath, i18n.currentLocale),
          ),
        ),
      ),
    [siteConfig.baseUrl, indexPath, i18n.currentLocale],
  );
  // DocSearch asks for its client when the modal mounts, not before: the client's code and the
  // precomputed answers' manifest start loading then, while the reader types (Pagefind waits
  // for a query the answers do not cover). tests/e2e/search.spec.ts checks both moments.
  const transformSearchClient = useCallback(() => {
    client.warm();
    return client as unknown as DocSearchTransformClient;
  }, [client]);
  const localized = useTranslations(indexMissing);
  return (
    <>
      <Head>
        <html data-search-mode="embedded" />
      </Head>
      <OriginalSearchBar {...props} transformSearchClient={transformSearchClient} translations={localized} />
    </>
  );
}

function HostedSearchBar(props: object): ReactNode {
  const {siteMetadata} = useDocusaurusContext();
  const transformSearchClient = useCallback(
    (client: DocSearchTransformClient) => {
      client.addAlgoliaAgent('docusaurus', siteMetadata.docusaurusVersion);
      return keepErrorScreen(client);
    },
    [siteMetadata.docusaurusVersion],
  );
  const localized = useTranslations(never);
  return <OriginalSearchBar {...props} transformSearchClient={transformSearchClient} translations={localized} />;
}

export default function SearchBarWrapper(props: object): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const embedded = (siteConfig.themeConfig.algolia as SearchThemeConfig | undefined)?.embedded;
  return embedded ? <EmbeddedSearchBar {...props} indexPath={embedded.indexPath} /> : <HostedSearchBar {...props} />;
}
