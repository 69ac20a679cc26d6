/**
 * Wraps @theme-original/NavbarItem/DocsVersionDropdownNavbarItem
 * (@docusaurus/theme-classic 3.10.2).
 * The original links to the same doc in the other version (else that
 * version's main doc), keeps ?query#hash, and remembers the chosen version per
 * docs instance. Why wrap: only the `default` docs instance is versioned; on
 * the unversioned API and upgrade-guide pages a version menu would mislead, so
 * the wrapper hides it there.
 */
import type {ReactNode} from 'react';
import DocsVersionDropdownNavbarItem from '@theme-original/NavbarItem/DocsVersionDropdownNavbarItem';
import type DocsVersionDropdownNavbarItemType from '@theme/NavbarItem/DocsVersionDropdownNavbarItem';
import type {WrapperProps} from '@docusaurus/types';
import {useActivePlugin} from '@docusaurus/plugin-content-docs/client';

type Props = WrapperProps<typeof DocsVersionDropdownNavbarItemType>;

export default function DocsVersionDropdownNavbarItemWrapper(props: Props): ReactNode {
  const activePlugin = useActivePlugin({failfast: false});
  const ownPlugin = props.docsPluginId ?? 'default';
  if (activePlugin && activePlugin.pluginId !== ownPlugin) {
    return null;
  }
  return <DocsVersionDropdownNavbarItem {...props} />;
}
