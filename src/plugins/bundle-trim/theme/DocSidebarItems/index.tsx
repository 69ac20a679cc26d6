/**
 * Wraps the classic theme's sidebar item list (bundle-trim's sidebar parts,
 * ../../client/sidebarParts.ts): a list of placeholders (a large category
 * expanded before its part loaded, by its caret say) asks for the part; the
 * category renders its real items once the part is there.
 */
import React, {useEffect, type ReactNode} from 'react';
import DocSidebarItems from '@theme-init/DocSidebarItems';
import type DocSidebarItemsType from '@theme/DocSidebarItems';
import type {WrapperProps} from '@docusaurus/types';
import {loadSidebarPart, placeholdersOf, type SidebarItem} from '../../client/sidebarParts';

type Props = WrapperProps<typeof DocSidebarItemsType>;

export default function DocSidebarItemsWrapper(props: Props): ReactNode {
  const part = placeholdersOf(props.items as readonly SidebarItem[]);
  useEffect(() => {
    if (part !== undefined) loadSidebarPart(part).catch(() => undefined); // failed: the placeholders stay
  }, [part]);
  return <DocSidebarItems {...props} />;
}
