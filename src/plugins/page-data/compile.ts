// cspell:words jsxs
/**
 * page-data's build half: a Markdown page as the MDX loader compiles it becomes data (a tree of
 * elements and the page's exports) instead of a JavaScript module (README.md beside this file).
 *
 * The compiled module is evaluated in Node with a JSX runtime that records each element instead
 * of creating it, and with a marker for each component MDX would take from the provider
 * (`_components.h2`, `Admonition`, …), so the tree says "the provider's h2, else 'h2'" exactly
 * where MDX's own code would ask. A page whose module imports anything but the JSX runtime, the
 * provider and its metadata, or whose output is not plain data (a function in a prop, an element
 * type that is neither a tag nor a provided component), is not converted: `toPageData` throws
 * `NotPageData` and the page stays a module.
 */
import {Parser} from 'acorn';
import type {Node as AcornNode} from 'acorn';
import {FRAGMENT, PROVIDED} from './client/files';
import type {Child, ElementNode} from './client/render';

/** What a page module exports, as data. `tree` is what its default export renders. */
export interface PageData {
  tree: Child | Child[] | null;
  frontMatter: unknown;
  contentTitle?: unknown;
  toc?: unknown;
  assets?: unknown;
  /** Path of the JSON module the page re-exports as `metadata` (read by the caller). */
  metadataPath?: string;
}

/**
 * Whether a page may become data at all: Markdown files only. MDX (`.mdx`) can import modules and
 * compute at render time (`{new Date().getFullYear()}`), which recorded data would freeze; with
 * `markdown.format: 'detect'` a `.md` file is compiled as CommonMark, with no imports, expressions
 * or JSX of its own (remark plugins may still add elements, which are data).
 */
export function isDataPageFile(file: string): boolean {
  return /\.md$/i.test(file);
}

/** Why a page stays a module. */
export class NotPageData extends Error {}

const RUNTIME = /^react\/jsx(-dev)?-runtime$/;
const PROVIDER = '@mdx-js/react';

interface Statement extends AcornNode {
  type: string;
  source?: {value: unknown} | null;
  specifiers?: {
    type: string;
    local: {name: string};
    imported?: {name?: string; value?: string};
    exported?: {name?: string};
  }[];
  declaration?:
    | (AcornNode & {type: string; id?: {name: string} | null; declarations?: {id: {type: string; name?: string}}[]})
    | null;
}

/**
 * The compiled module's code rewritten as a function body: imports become bindings to the
 * recording runtime, exports become locals returned at the end.
 */
export function moduleAsFunctionBody(code: string): {body: string; metadataPath?: string} {
  let program: {body: Statement[]};
  try {
    program = Parser.parse(code, {ecmaVersion: 'latest', sourceType: 'module'}) as unknown as {body: Statement[]};
  } catch (error) {
    throw new NotPageData(`not parsable as a module: ${(error as Error).message}`);
  }
  const out: string[] = [];
  const exported: string[] = [];
  let metadataPath: string | undefined;
  let hasDefault = false;
  for (const node of program.body) {
    const text = code.slice(node.start, node.end);
    if (node.type === 'ImportDeclaration') {
      const from = String(node.source?.value);
      for (const spec of node.specifiers ?? []) {
        const local = spec.local.name;
        const imported = spec.imported?.name ?? spec.imported?.value;
        if (RUNTIME.test(from) && spec.type === 'ImportSpecifier' && imported) {
          out.push(`const ${local} = __runtime[${JSON.stringify(imported)}];`);
        } else if (RUNTIME.test(from) && spec.type === 'ImportNamespaceSpecifier') {
          out.push(`const ${local} = __runtime;`);
        } else if (from === PROVIDER && spec.type === 'ImportSpecifier' && imported === 'useMDXComponents') {
          out.push(`const ${local} = __provide;`);
        } else {
          throw new NotPageData(`imports ${from}`);
        }
      }
    } else if (node.type === 'ExportNamedDeclaration') {
      if (node.source) {
        const spec = node.specifiers ?? [];
        if (spec.length === 1 && spec[0]?.local.name === 'default' && spec[0].exported?.name === 'metadata') {
          metadataPath = String(node.source.value);
          continue;
        }
        throw new NotPageData(`re-exports from ${String(node.source.value)}`);
      }
      const declaration = node.declaration;
      if (!declaration || (node.specifiers ?? []).length > 0) throw new NotPageData('exports a list of names');
      out.push(code.slice(declaration.start, declaration.end));
      if (declaration.type === 'VariableDeclaration') {
        for (const d of declaration.declarations ?? []) {
          if (d.id.type !== 'Identifier' || !d.id.name) throw new NotPageData('exports a destructured name');
          exported.push(d.id.name);
        }
      } else if (declaration.id?.name) exported.push(declaration.id.name);
    } else if (node.type === 'ExportDefaultDeclaration') {
      const declaration = node.declaration;
      if (declaration?.type !== 'FunctionDeclaration' || !declaration.id)
        throw new NotPageData('default export is not a named function');
      out.push(code.slice(declaration.start, declaration.end));
      out.push(`const __default = ${declaration.id.name};`);
      hasDefault = true;
    } else if (node.type === 'ExportAllDeclaration') {
      throw new NotPageData('re-exports a module');
    } else {
      out.push(text);
    }
  }
  if (!hasDefault) throw new NotPageData('no default export');
  out.push(`return {default: __default, exports: {${exported.join(', ')}}};`);
  return {body: out.join('\n'), ...(metadataPath ? {metadataPath} : {})};
}

/** The names the module asks the provider for (`_components.x`, `const {X} = _components`). */
export function providedNames(code: string): string[] {
  const names = new Set<string>();
  for (const m of code.matchAll(/\b_components\.([A-Za-z_$][\w$]*)/g)) names.add(String(m[1]));
  for (const m of code.matchAll(/\{([^{}]*)\}\s*=\s*_components\b/g)) {
    for (const part of String(m[1]).split(',')) {
      const name = /^\s*([A-Za-z_$][\w$]*)/.exec(part)?.[1];
      if (name) names.add(name);
    }
  }
  names.delete('wrapper');
  return [...names];
}

const MARK = Symbol('provided');
/** The recording runtime's Fragment. */
const FRAGMENT_TYPE = Symbol('Fragment');
type Marker = {[MARK]: string};

function plain(value: unknown, where: string): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new NotPageData(`${where} is ${value}`);
    return value;
  }
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((v, i) => plain(v, `${where}[${i}]`) ?? null);
  if (typeof value === 'object') {
    if (MARK in (value as object)) throw new NotPageData(`${where} is a component`);
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null && !isElement(value))
      throw new NotPageData(`${where} is not plain data`);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const p = plain(v, `${where}.${k}`);
      if (p !== undefined) out[k] = p;
    }
    return out;
  }
  throw new NotPageData(`${where} is a ${typeof value}`);
}

const ELEMENT = Symbol('element');
function isElement(value: unknown): value is ElementNode {
  return typeof value === 'object' && value !== null && (value as {[ELEMENT]?: true})[ELEMENT] === true;
}

function childrenOf(children: unknown): Child | Child[] | undefined {
  if (children === undefined || children === null || children === false || children === true) return undefined;
  if (typeof children === 'string' || typeof children === 'number') return children;
  if (isElement(children)) return children;
  if (Array.isArray(children)) {
    const list: Child[] = [];
    for (const c of children) {
      const one = childrenOf(c);
      if (one === undefined) continue;
      if (Array.isArray(one)) throw new NotPageData('nested child lists');
      list.push(one);
    }
    return list;
  }
  throw new NotPageData(`a child is a ${typeof children}`);
}

function record(type: unknown, props: Record<string, unknown> | null): ElementNode {
  let name: string;
  if (typeof type === 'string') {
    if (type.startsWith(PROVIDED) || type === FRAGMENT) throw new NotPageData(`element type ${type}`);
    name = type;
  } else if (type === FRAGMENT_TYPE) name = FRAGMENT;
  else if (typeof type === 'object' && type !== null && MARK in type) name = PROVIDED + (type as Marker)[MARK];
  else throw new NotPageData(`an element's type is a ${typeof type}`);
  const node: ElementNode = {$: name};
  Object.defineProperty(node, ELEMENT, {value: true});
  const {children, ...rest} = props ?? {};
  const p = plain(rest, `<${name}> props`) as Record<string, unknown>;
  if (Object.keys(p).length > 0) node.p = p;
  const c = childrenOf(children);
  if (c !== undefined && !(Array.isArray(c) && c.length === 0)) node.c = c;
  return node;
}

/**
 * Evaluates a compiled MDX module (the MDX loader's output) with the recording runtime and
 * returns its data. Throws NotPageData when the page cannot be data.
 */
export function toPageData(code: string): PageData {
  const {body, metadataPath} = moduleAsFunctionBody(code);
  const runtime = {
    jsx: (type: unknown, props: Record<string, unknown> | null) => record(type, props),
    jsxs: (type: unknown, props: Record<string, unknown> | null) => record(type, props),
    jsxDEV: (type: unknown, props: Record<string, unknown> | null) => record(type, props),
    Fragment: FRAGMENT_TYPE,
  };
  const components: Record<string, Marker> = {};
  for (const name of providedNames(code)) components[name] = {[MARK]: name};
  let result: {default: (props: unknown) => unknown; exports: Record<string, unknown>};
  try {
    result = new Function('__runtime', '__provide', body)(runtime, () => ({})) as typeof result;
  } catch (error) {
    throw error instanceof NotPageData ? error : new NotPageData(`evaluating: ${(error as Error).message}`);
  }
  let rendered: unknown;
  try {
    rendered = result.default({components});
  } catch (error) {
    throw error instanceof NotPageData ? error : new NotPageData(`rendering: ${(error as Error).message}`);
  }
  const tree = rendered === null ? null : childrenOf(rendered);
  if (tree === undefined) throw new NotPageData('renders nothing it can record');
  const {frontMatter, contentTitle, toc, assets, ...others} = result.exports;
  if (Object.keys(others).length > 0) throw new NotPageData(`exports ${Object.keys(others).join(', ')}`);
  return {
    tree,
    frontMatter: plain(frontMatter ?? {}, 'frontMatter'),
    ...(contentTitle !== undefined ? {contentTitle: plain(contentTitle, 'contentTitle')} : {}),
    ...(toc !== undefined ? {toc: plain(toc, 'toc')} : {}),
    ...(assets !== undefined ? {assets: plain(assets, 'assets')} : {}),
    ...(metadataPath ? {metadataPath} : {}),
  };
}
