/**
 * Extends @theme-original/MDXComponents (@docusaurus/theme-classic 3.10.2).
 * Why: two WCAG needs the theme's Markdown elements do not meet.
 * - Wide Markdown tables scroll sideways on narrow screens, and a region that
 *   scrolls must be reachable by keyboard (WCAG 2.1.1; axe
 *   "scrollable-region-focusable"). Every Markdown table is rendered inside a
 *   focusable scroll container, named after the heading above the table
 *   (src/plugins/table-labels), so that the names are unique on a page.
 * - A task list item (`- [ ] text`, the upgrade guides' checklists) renders a
 *   checkbox with no name (WCAG 4.1.2; axe "label"). Its checkbox and the
 *   item's text are wrapped in a <label>, so the text names the checkbox.
 * All other components are the theme's.
 */
import {Children, cloneElement, isValidElement, type ComponentProps, type ReactElement, type ReactNode} from 'react';
import MDXComponents from '@theme-original/MDXComponents';
import {TABLE_LABEL_PROPERTY} from '@site/src/plugins/table-labels';
import styles from './styles.module.css';

type TableProps = ComponentProps<'table'> & {[TABLE_LABEL_PROPERTY]?: string};

function Table({[TABLE_LABEL_PROPERTY]: label, ...props}: TableProps): ReactNode {
  return (
    // A keyboard user must be able to scroll a wide table (WCAG 2.1.1). The region's name comes
    // from the heading above the table (src/plugins/table-labels), so that each is unique.
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-label={label ?? 'Table'}>
      <table {...props} />
    </div>
  );
}

/** Elements that may sit in a <label> with the checkbox; anything else ends the label. */
const INLINE: unknown[] = [
  ...['a', 'abbr', 'b', 'br', 'code', 'del', 'em', 'i', 'img', 'kbd', 'mark', 'q', 's', 'small', 'span'],
  ...['strong', 'sub', 'sup'],
  MDXComponents.a,
  MDXComponents.code,
  MDXComponents.img,
];

type WithChildren = ReactElement<{children?: ReactNode}>;

/**
 * The children of a task list item (or of its paragraph, in a loose list)
 * with the leading checkbox and the inline content after it wrapped in a
 * <label>; unchanged when they do not start with a checkbox or no text follows it.
 */
function labelCheckbox(children: ReactNode): ReactNode[] {
  const items = Children.toArray(children);
  const [first] = items;
  if (isValidElement<{children?: ReactNode}>(first) && first.type === 'p') {
    return [cloneElement(first as WithChildren, {}, ...labelCheckbox(first.props.children)), ...items.slice(1)];
  }
  if (!isValidElement(first) || first.type !== 'input') return items;
  const end = items.findIndex((c, i) => i > 0 && isValidElement(c) && !INLINE.includes(c.type));
  const inline = end < 0 ? items : items.slice(0, end);
  if (!inline.slice(1).some((c) => typeof c !== 'string' || c.trim() !== '')) return items;
  return [<label key="task">{inline}</label>, ...items.slice(inline.length)];
}

function Li({children, ...props}: ComponentProps<'li'>): ReactNode {
  const Original = MDXComponents.li;
  const isTask = props.className?.split(' ').includes('task-list-item');
  return <Original {...props}>{isTask ? labelCheckbox(children) : children}</Original>;
}

export default {
  ...MDXComponents,
  table: Table,
  li: Li,
};
