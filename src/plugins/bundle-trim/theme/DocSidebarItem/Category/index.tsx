/**
 * Wraps the classic theme's sidebar category (bundle-trim's sidebar parts,
 * ../../../client/sidebarParts.ts): a large category whose part has not
 * loaded asks for it when the reader points at or focuses its link (before
 * the click that expands it), and renders again with the real items once
 * they are there. Until then it renders as on the server: its placeholders
 * give it its link and its count. The handlers go to the category's link,
 * which the theme gives the props it does not use itself.
 */
import React, {useCallback, useMemo, useReducer, useRef, type ReactNode} from 'react';
import Category from '@theme-init/DocSidebarItem/Category';
import type CategoryType from '@theme/DocSidebarItem/Category';
import type {WrapperProps} from '@docusaurus/types';
import {loadSidebarPart, sidebarPartOf, type SidebarItem} from '../../../client/sidebarParts';

type Props = WrapperProps<typeof CategoryType>;

export default function CategoryWrapper(props: Props): ReactNode {
  const part = sidebarPartOf(props.item as SidebarItem);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const asked = useRef(false);
  const load = useCallback(() => {
    if (part === undefined || asked.current) return;
    asked.current = true;
    loadSidebarPart(part).then(rerender, () => {
      asked.current = false; // a deploy replaced the files: ask again next time; the link still leads to the first page
    });
  }, [part]);
  // Filled in place: a new object, as the theme memoizes on the item.
  const item = useMemo(() => (part === undefined ? {...props.item} : props.item), [props.item, part]);
  if (part === undefined) return <Category {...props} item={item} />;
  const intent = {onPointerEnter: load, onPointerDown: load, onFocus: load};
  return <Category {...props} {...intent} item={item} />;
}
