// The `api-response` rule: a JSON answer shown after a GraphQL operation holds exactly what that
// operation asked for. GraphQL answers with the selected fields (under their aliases), every one of
// them, so a key the selection does not name, or a selected field the answer lacks, means the
// answer and the query on the page disagree: the page was edited on one side only.
//
// Pairing: the JSON block with a top-level "data" object that follows a `graphql` block in the same
// file, with only JSON (variables, other answers) or shell blocks between them. Any other block in
// between (a script with its own query) ends the pairing.
import {Kind, parse, type DocumentNode, type SelectionSetNode} from 'graphql';
import type {CodeBlock} from './extract.ts';
import type {Report} from './types.ts';

/**
 * The shape of a selection: each response key (alias or field name) maps to the shape of its
 * sub-selection, or to null for a leaf (a scalar or enum; a JSON scalar may hold any object).
 * `open` is true when the selection cannot be known completely (a fragment defined elsewhere).
 */
export interface Shape {
  fields: Map<string, Shape | null>;
  open: boolean;
}

const emptyShape = (): Shape => ({fields: new Map(), open: false});

function merge(into: Shape, from: Shape): void {
  into.open ||= from.open;
  for (const [key, sub] of from.fields) {
    const have = into.fields.get(key);
    if (have === undefined || have === null) into.fields.set(key, sub);
    else if (sub !== null) merge(have, sub);
  }
}

/** The response shape of every operation of a GraphQL document, merged (a block may hold several). */
export function responseShape(doc: DocumentNode): Shape {
  const fragments = new Map<string, SelectionSetNode>();
  for (const def of doc.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def.selectionSet);
  }
  const of = (set: SelectionSetNode, seen: ReadonlySet<string>): Shape => {
    const shape = emptyShape();
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const key = sel.alias?.value ?? sel.name.value;
        const sub = sel.selectionSet ? of(sel.selectionSet, seen) : null;
        const have = shape.fields.get(key);
        if (have && sub) merge(have, sub);
        else shape.fields.set(key, sub);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        merge(shape, of(sel.selectionSet, seen));
      } else {
        const name = sel.name.value;
        const fragment = fragments.get(name);
        if (!fragment || seen.has(name)) shape.open = true;
        else merge(shape, of(fragment, new Set([...seen, name])));
      }
    }
    return shape;
  };
  const root = emptyShape();
  for (const def of doc.definitions) {
    if (def.kind === Kind.OPERATION_DEFINITION) merge(root, of(def.selectionSet, new Set()));
  }
  return root;
}

/**
 * Keys of `value` (a JSON answer's `data`) that `shape` does not select, as dotted paths
 * (`plan.activity_directives[].name`). `__typename` may be asked for anywhere.
 */
export function unselectedKeys(shape: Shape, value: unknown, path = 'data'): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => unselectedKeys(shape, item, `${path}[]`));
  if (value === null || typeof value !== 'object') return [];
  const out: string[] = [];
  for (const [key, sub] of Object.entries(value as Record<string, unknown>)) {
    const here = `${path}.${key}`;
    if (!shape.fields.has(key)) {
      if (!shape.open && key !== '__typename') out.push(here);
      continue;
    }
    const child = shape.fields.get(key);
    if (child) out.push(...unselectedKeys(child, sub, here));
  }
  return out;
}

/**
 * Fields `shape` selects that an object of `value` lacks, as dotted paths: GraphQL answers every
 * selected field (null when there is no value), so an answer without one was cut or written by
 * hand. Only the root fields present in `data` count (a block may hold several operations, and a
 * page may show the answer of one).
 */
export function missingKeys(shape: Shape, value: unknown, path = 'data', root = true): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => missingKeys(shape, item, `${path}[]`, false));
  if (value === null || typeof value !== 'object') return [];
  const object = value as Record<string, unknown>;
  const out: string[] = [];
  for (const [key, sub] of shape.fields) {
    if (!(key in object)) {
      if (!root && !shape.open) out.push(`${path}.${key}`);
      continue;
    }
    if (sub) out.push(...missingKeys(sub, object[key], `${path}.${key}`, false));
  }
  return out;
}

/** Languages that may stand between an operation and its answer (variables, the request itself). */
const BETWEEN = new Set(['json', 'bash', 'sh', 'shell', 'text', 'console']);

/** The line of `"key"` in a JSON block (1-based within the block), for the report. */
function lineOfKey(code: string, key: string): number {
  const i = code.indexOf(`"${key}"`);
  return i < 0 ? 1 : code.slice(0, i).split('\n').length;
}

/**
 * Checks the answers of one file's blocks (in page order) against the operations before them.
 * `reportFor` gives the reporter of a block (it applies the block's `fragment` and `invalid` marks).
 */
export function checkResponses(blocks: readonly CodeBlock[], reportFor: (block: CodeBlock) => Report): void {
  let shape: Shape | undefined;
  for (const block of blocks) {
    if (block.lang === 'graphql' || block.lang === 'gql') {
      try {
        shape = responseShape(parse(block.code));
      } catch {
        shape = undefined; // The parse rule reports it.
      }
      continue;
    }
    if (!BETWEEN.has(block.lang)) {
      shape = undefined;
      continue;
    }
    if (block.lang !== 'json' || !shape) continue;
    let value: unknown;
    try {
      value = JSON.parse(block.code);
    } catch {
      continue;
    }
    const data = (value as {data?: unknown} | null)?.data;
    if (data === null || typeof data !== 'object' || Array.isArray(data)) continue;
    const report = reportFor(block);
    for (const path of unselectedKeys(shape, data)) {
      const key = path.slice(path.lastIndexOf('.') + 1);
      report(
        lineOfKey(block.code, key),
        'api-response',
        `the answer holds "${path}", which the GraphQL operation above it does not select`,
      );
    }
    // A `fragment` answer is cut on purpose: it may lack fields, never add them.
    const cut = block.metaWords.includes('fragment');
    for (const path of cut ? [] : missingKeys(shape, data)) {
      const parent = path.slice(0, path.lastIndexOf('.'));
      const key = parent.slice(parent.lastIndexOf('.') + 1).replace(/\[\]$/, '');
      report(
        lineOfKey(block.code, key),
        'api-response',
        `the answer lacks "${path}", which the GraphQL operation above it selects (GraphQL answers every selected field; mark a cut answer \`fragment\`)`,
      );
    }
  }
}
