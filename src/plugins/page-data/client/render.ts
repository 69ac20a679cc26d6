/**
 * The one component every data page renders with (README.md beside this file): the page's tree
 * of elements (../compile.ts records it) rendered through the MDX provider's components, as the
 * page's compiled module would render them.
 */
import {createElement, Fragment, type ComponentType, type ReactNode} from 'react';
import {useMDXComponents} from '@mdx-js/react';
import {FRAGMENT, PROVIDED} from './files';

/** A recorded element: `$` its type (a tag, `#` a fragment, `@name` a provided component), `p` props, `c` children. */
export interface ElementNode {
  $: string;
  p?: Record<string, unknown>;
  c?: Child | Child[];
}
export type Child = ElementNode | string | number;

/** The data file of one page: its tree and what its module exported beside it. */
export interface PageDataFile {
  tree: Child | Child[] | null;
  frontMatter: Record<string, unknown>;
  contentTitle?: string;
  toc?: unknown[];
  assets?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
}

type Components = Record<string, unknown>;

const isElement = (value: unknown): value is ElementNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as ElementNode).$ === 'string';

function elementType(name: string, components: Components): unknown {
  if (name === FRAGMENT) return Fragment;
  if (!name.startsWith(PROVIDED)) return name;
  const key = name.slice(PROVIDED.length);
  const provided = components[key];
  if (provided !== undefined) return provided;
  // As MDX's own code: a lower-case name falls back to the tag, a component must be provided.
  if (/^[a-z]/.test(key)) return key;
  throw new Error(
    `Expected component \`${key}\` to be defined: the MDX provider does not give it (src/plugins/page-data)`,
  );
}

function renderProps(
  props: Record<string, unknown> | undefined,
  components: Components,
): Record<string, unknown> | null {
  if (!props) return null;
  let out: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(props)) {
    if (isElement(value)) {
      out ??= {...props};
      out[key] = renderChild(value, components);
    }
  }
  return out ?? props;
}

function renderChild(child: Child, components: Components): ReactNode {
  if (!isElement(child)) return child;
  const type = elementType(child.$, components) as ComponentType | string;
  const props = renderProps(child.p, components);
  const c = child.c;
  if (c === undefined) return createElement(type, props);
  if (Array.isArray(c)) return createElement(type, props, ...c.map((one) => renderChild(one, components)));
  return createElement(type, props, renderChild(c, components));
}

/** The page's tree as React elements, with `components` for the provided names. */
export function renderTree(tree: PageDataFile['tree'], components: Components): ReactNode {
  if (tree === null) return null;
  if (Array.isArray(tree)) return createElement(Fragment, null, ...tree.map((one) => renderChild(one, components)));
  return renderChild(tree, components);
}

/**
 * The module a page's data stands for: `default` renders it (a new component per page, since the
 * route's loader attaches the other exports to it), the other exports as they are.
 */
export function pageModule(data: PageDataFile): Record<string, unknown> {
  function MDXContent(props: {components?: Components}): ReactNode {
    const components = {...(useMDXComponents() as Components), ...props.components};
    const content = renderTree(data.tree, components);
    const Wrapper = components.wrapper as ComponentType<Record<string, unknown>> | undefined;
    return Wrapper ? createElement(Wrapper, props, content) : content;
  }
  const exports: Record<string, unknown> = {...data};
  delete exports.tree;
  return {default: MDXContent, ...exports};
}

/** A route registry entry's loader for a data page, carrying where its data is (a URL, or a file on the server). */
export type PageDataLoader = (() => Promise<Record<string, unknown>>) & {pageData: string};
