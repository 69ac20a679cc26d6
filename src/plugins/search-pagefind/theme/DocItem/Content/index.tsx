/**
 * Wraps @theme-init/DocItem/Content (@docusaurus/theme-classic 3.10.2).
 * Why: the embedded search (Pagefind, see ../../../README.md) indexes only
 * what sits inside a `data-pagefind-body` element, so marking the doc content
 * here keeps the 404 page, the search page, the home page, test pages and all
 * page chrome (navbar, sidebar, breadcrumbs, table of contents, footer) out of
 * the index. The element also carries the page's top-level section, which
 * becomes `hierarchy.lvl0` of its hits so results group as in hosted search.
 */
import type {ReactNode} from 'react';
import Content from '@theme-init/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDocsVersion, useSidebarBreadcrumbs} from '@docusaurus/plugin-content-docs/client';
import {useThemeConfig} from '@docusaurus/theme-common';
import {navbarLabelFor, searchSection, type NavbarItemLike} from '../../../client/sections';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const {pluginId} = useDocsVersion();
  const breadcrumbs = useSidebarBreadcrumbs() ?? [];
  const navbarItems = useThemeConfig().navbar.items as NavbarItemLike[];
  const section = searchSection({
    pluginId,
    breadcrumbs: breadcrumbs.map((item) => item.label),
    navbarLabel: navbarLabelFor(navbarItems, pluginId),
  });
  return (
    <div data-pagefind-body="" data-pagefind-meta="lvl0[data-search-section]" data-search-section={section}>
      <Content {...props} />
    </div>
  );
}
