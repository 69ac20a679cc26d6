/**
 * Wraps the classic theme's DocVersionRoot (bundle-trim's sidebar parts,
 * ../../client/sidebarParts.ts): before a version's pages render, the large
 * categories of its sidebars whose parts have loaded get their real items.
 */
import React, {type ReactNode} from 'react';
import DocVersionRoot from '@theme-init/DocVersionRoot';
import type DocVersionRootType from '@theme/DocVersionRoot';
import type {WrapperProps} from '@docusaurus/types';
import {adoptSidebars, type SidebarItem} from '../../client/sidebarParts';

type Props = WrapperProps<typeof DocVersionRootType>;

export default function DocVersionRootWrapper(props: Props): ReactNode {
  adoptSidebars((props.version as {docsSidebars?: Record<string, SidebarItem[]>}).docsSidebars);
  return <DocVersionRoot {...props} />;
}
