/**
 * Wraps the classic theme's sidebar category (bundle-trim's sidebar parts,
 * ../../../client/sidebarParts.ts): a large category whose part has not
 * loaded asks for it when the reader points at or focuses its link (before
 * the click that expands it; ../../DocSidebarItems asks when its
 * placeholders show), and renders again with the real items once they are
 * there. Until then it renders as on the server: its placeholders give it
 * its link and its count. The handlers go to the category's link, which the
 * theme gives the props it does not use itself. The caret beside the link
 * (a button the theme renders, which no prop reaches) asks too: each large
 * category with a caret records its part under its link's href, and one
 * listener on the document, added with the first of them, loads the part of
 * the link next to a caret the reader points at or focuses. (Not an attribute
 * on the link: the server renders whole sidebars, so the link it sends has
 * none, and hydration does not add attributes.)
 */
import React, {useCallback, useEffect, useMemo, useReducer, type ReactNode} from 'react';
import Category from '@theme-init/DocSidebarItem/Category';
import type CategoryType from '@theme/DocSidebarItem/Category';
import type {WrapperProps} from '@docusaurus/types';
import {loadSidebarPart, onSidebarPartLoaded, sidebarPartOf, type SidebarItem} from '../../../client/sidebarParts';

type Props = WrapperProps<typeof CategoryType>;

/** The parts of the large categories on show that have a caret, by their link's href. */
const caretParts = new Map<string, string>();
/** The sidebar data's href has no trailing slash; the link's has one when the site adds it. */
const hrefKey = (href: string): string => href.replace(/\/$/, '');
let caretsWatched = false;

/** Loads the part of the category whose caret `event` reaches, if it has one. */
function loadCaretPart(event: Event): void {
  const caret = event.target instanceof Element ? event.target.closest('.menu__caret') : null;
  const href = caret?.parentElement?.querySelector('a.menu__link')?.getAttribute('href');
  const part = href ? caretParts.get(hrefKey(href)) : undefined;
  if (part) loadSidebarPart(part).catch(() => undefined); // failed: the click still expands the placeholders
}

function watchCarets(): void {
  if (caretsWatched) return;
  caretsWatched = true;
  document.addEventListener('pointerover', loadCaretPart, {passive: true});
  document.addEventListener('focusin', loadCaretPart);
}

export default function CategoryWrapper(props: Props): ReactNode {
  const category = props.item as SidebarItem;
  const part = sidebarPartOf(category);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (part === undefined) return undefined;
    const linkHref = (category as {href?: string}).href;
    const href = linkHref === undefined ? undefined : hrefKey(linkHref);
    if (href) {
      caretParts.set(href, part);
      watchCarets();
    }
    const stop = onSidebarPartLoaded(part, rerender);
    // Filled between the render and this effect: render again now.
    if (sidebarPartOf(category) === undefined) rerender();
    return () => {
      stop();
      if (href && caretParts.get(href) === part) caretParts.delete(href);
    };
  }, [part, category]);
  const load = useCallback(() => {
    if (part !== undefined) loadSidebarPart(part).catch(() => undefined); // failed: the link still leads to the first page
  }, [part]);
  // Filled in place: a new object, as the theme memoizes on the item.
  const item = useMemo(() => (part === undefined ? {...props.item} : props.item), [props.item, part]);
  if (part === undefined) return <Category {...props} item={item} />;
  return <Category {...props} onPointerEnter={load} onPointerDown={load} onFocus={load} item={item} />;
}
