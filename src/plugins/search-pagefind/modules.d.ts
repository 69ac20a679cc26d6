/** The search theme's SearchBar, aliased by ./index.ts (ALGOLIA_SEARCH_BAR). */
declare module '@orrery/theme-search-algolia-SearchBar' {
  import type {ComponentType} from 'react';

  const SearchBar: ComponentType<object>;
  export default SearchBar;
}
