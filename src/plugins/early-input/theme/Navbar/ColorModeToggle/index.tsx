/**
 * Wraps @theme-init/Navbar/ColorModeToggle (@docusaurus/theme-classic
 * 3.10.2) to add a class by which the early-input script finds the toggle
 * before hydration (the theme renders it disabled until then).
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import NavbarColorModeToggle from '@theme-init/Navbar/ColorModeToggle';
import type NavbarColorModeToggleType from '@theme/Navbar/ColorModeToggle';
import type {WrapperProps} from '@docusaurus/types';
import {COLOR_TOGGLE_CLASS} from '../../../earlyScript';

type Props = WrapperProps<typeof NavbarColorModeToggleType>;

export default function NavbarColorModeToggleWrapper(props: Props): ReactNode {
  return <NavbarColorModeToggle {...props} className={clsx(props.className, COLOR_TOGGLE_CLASS)} />;
}
