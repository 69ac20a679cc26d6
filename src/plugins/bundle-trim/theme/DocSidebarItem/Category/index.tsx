/**
 * Wraps the classic theme's sidebar category (bundle-trim's sidebar parts,
 * ../../../client/sidebarParts.ts): a large category whose part has not
 * loaded asks for it when the reader points at or focuses its link (before
 * the click that expands it; ../../DocSidebarItems asks when its
 * placeholders show), and renders again with the real items once they are
 * there. Until then it renders as on the server: its placeholders give it
 * its link and its count. The handlers go to the category's link, which the
 * theme gives the props it does not use itself.
 */
import React, {useCallback, useEffect, useMemo, useReducer, type ReactNode} from 'react';
import Category from '@theme-init/DocSidebarItem/Category';
import type CategoryType from '@theme/DocSidebarItem/Category';
import type {WrapperProps} from '@docusaurus/types';
import {loadSidebarPart, onSidebarPartLoaded, sidebarPartOf, type SidebarItem} from '../../../client/sidebarParts';

type Props = WrapperProps<typeof CategoryType>;

export default function CategoryWrapper(props: Props): ReactNode {
  const category = props.item as SidebarItem;
  const part = sidebarPartOf(category);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (part === undefined) return undefined;
    const stop = onSidebarPartLoaded(part, rerender);
    // Filled between the render and this effect: render again now.
    if (sidebarPartOf(category) === undefined) rerender();
    return stop;
  }, [part, category]);
  const load = useCallback(() => {
    if (part !== undefined) loadSidebarPart(part).catch(() => undefined); // failed: the link still leads to the first page
  }, [part]);
  // Filled in place: a new object, as the theme memoizes on the item.
  const item = useMemo(() => (part === undefined ? {...props.item} : props.item), [props.item, part]);
  if (part === undefined) return <Category {...props} item={item} />;
  return <Category {...props} onPointerEnter={load} onPointerDown={load} onFocus={load} item={item} />;
}
