/**
 * Wraps @theme-original/NavbarItem/DocsVersionDropdownNavbarItem
 * (@docusaurus/theme-classic 3.10.2).
 * The original links to the same doc in the other version (else that
 * version's main doc), keeps ?query#hash, and remembers the chosen version per
 * docs instance. Why wrap: only the `default` docs instance is versioned; on
 * the unversioned API and upgrade-guide pages a version menu would mislead, so
 * the wrapper hides it there. It also marks the menu for the early-input
 * plugin (src/plugins/early-input), which keeps ?query#hash before hydration.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import DocsVersionDropdownNavbarItem from '@theme-original/NavbarItem/DocsVersionDropdownNavbarItem';
import type DocsVersionDropdownNavbarItemType from '@theme/NavbarItem/DocsVersionDropdownNavbarItem';
import type {WrapperProps} from '@docusaurus/types';
import {useActivePlugin} from '@docusaurus/plugin-content-docs/client';
import {VERSION_MENU_CLASS} from '@site/src/plugins/early-input/earlyScript';

type Props = WrapperProps<typeof DocsVersionDropdownNavbarItemType>;

export default function DocsVersionDropdownNavbarItemWrapper(props: Props): ReactNode {
  const activePlugin = useActivePlugin({failfast: false});
  const ownPlugin = props.docsPluginId ?? 'default';
  if (activePlugin && activePlugin.pluginId !== ownPlugin) {
    return null;
  }
  // The class lets the early-input script give the menu's links the page's ?query#hash before hydration.
  return <DocsVersionDropdownNavbarItem {...props} className={clsx(props.className, VERSION_MENU_CLASS)} />;
}
