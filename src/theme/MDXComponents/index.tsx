/**
 * Extends @theme-original/MDXComponents (@docusaurus/theme-classic 3.10.2).
 * Why: wide Markdown tables scroll sideways on narrow screens, and a region
 * that scrolls must be reachable by keyboard (WCAG 2.1.1; axe
 * "scrollable-region-focusable"). Every Markdown table is rendered inside a
 * focusable, labelled scroll container. All other components are the theme's.
 */
import type {ComponentProps, ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import styles from './styles.module.css';

function Table(props: ComponentProps<'table'>): ReactNode {
  return (
    // A keyboard user must be able to scroll a wide table (WCAG 2.1.1).
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label="Table">
      <table {...props} />
    </div>
  );
}

export default {
  ...MDXComponents,
  table: Table,
};
