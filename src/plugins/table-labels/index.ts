/**
 * A remark plugin that names every Markdown table's scroll region (README.md
 * beside this file). Each table is rendered inside a focusable region
 * (src/theme/MDXComponents); screen readers list regions by name, and axe's
 * best-practice rule `landmark-unique` wants those names to differ. The name
 * comes from the heading the table sits under ("Services table"), else the
 * page title, with a number when one heading holds several tables.
 */

/** The property the table element gets; src/theme/MDXComponents moves it to the region. */
export const TABLE_LABEL_PROPERTY = 'data-region-label';

interface MdNode {
  type: string;
  value?: string;
  depth?: number;
  children?: MdNode[];
  data?: {hProperties?: Record<string, unknown>};
}

function textOf(node: MdNode): string {
  if (typeof node.value === 'string' && (node.type === 'text' || node.type === 'inlineCode')) return node.value;
  return (node.children ?? []).map(textOf).join('');
}

/** Labels the tables of one Markdown tree in place; `title` names tables before the first heading. */
export function labelTables(tree: MdNode, title = 'Page'): void {
  let heading = title;
  const used = new Map<string, number>();
  const walk = (node: MdNode): void => {
    if (node.type === 'heading') {
      heading = textOf(node).replace(/\s+/g, ' ').trim() || heading;
      return;
    }
    if (node.type === 'table') {
      const base = `${heading} table`;
      const n = (used.get(base) ?? 0) + 1;
      used.set(base, n);
      node.data = {
        ...node.data,
        hProperties: {...node.data?.hProperties, [TABLE_LABEL_PROPERTY]: n === 1 ? base : `${base} ${n}`},
      };
      return;
    }
    node.children?.forEach(walk);
  };
  walk(tree);
}

/** The remark plugin: `beforeDefaultRemarkPlugins: [remarkTableLabels]`. */
export default function remarkTableLabels() {
  return (tree: MdNode, file: {data?: {frontMatter?: {title?: unknown}}}): void => {
    const title = file.data?.frontMatter?.title;
    labelTables(tree, typeof title === 'string' ? title : undefined);
  };
}
