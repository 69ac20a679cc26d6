/**
 * The runtime's chunk tables, split with the route parts (README.md, "Route
 * parts: the runtime's tables").
 *
 * The bundler's runtime (`runtime~main.*.js`, run by every page) holds two
 * tables with an entry per async chunk, that is one or more per page of the
 * site: chunk id → content hash (to build a chunk's file name) and chunk name
 * → chunk id (Docusaurus's `__webpack_require__.gca`, used for prefetching).
 * The entries of the chunks only one route part uses (its pages' content)
 * move into that part's file, which registers them on `self` when it runs;
 * the two runtime functions look there when their own table has no entry.
 * A part always runs before its pages' chunks are asked for (./client/preload.ts).
 *
 * This runs on the minified assets before the bundler computes the real
 * content hashes, so each part's file name covers the hashes it now holds,
 * and the runtime's covers the parts'.
 */

/** The global the parts fill: `u` chunk id → content hash, `n` chunk name → chunk id. */
export const CHUNK_TABLES_GLOBAL = '__orreryChunks';

interface Table {
  /** Offset of the object literal's `{` and just past its `}`. */
  start: number;
  end: number;
  entries: Map<string, string>;
}

/** Entries `key:"value"` of a minified object literal's body (keys bare, numeric or quoted). */
function parseEntries(body: string, what: string): Map<string, string> {
  const entries = new Map<string, string>();
  const entry = /(?:"([^"\\]*)"|([\w$]+)):"([^"\\]*)"(?:,|$)/gy;
  let at = 0;
  while (at < body.length) {
    entry.lastIndex = at;
    const m = entry.exec(body);
    if (!m)
      throw new Error(
        `bundle-trim: cannot read the runtime's ${what} table near ${JSON.stringify(body.slice(at, at + 40))}`,
      );
    entries.set(m[1] ?? m[2] ?? '', m[3] ?? '');
    at = entry.lastIndex;
  }
  return entries;
}

/**
 * The two tables in a minified runtime:
 * `.u=e=>"<dir>"+e+"."+({id:"hash",…})[e]+".js"` and
 * `.gca=function(e){return e=({name:"id",…})[e]||e,…}`, as the bundler
 * writes them or as `moveChunkTables` leaves them (`moved`: each lookup then
 * falls back to the parts' global). Throws, naming what is missing, when the
 * runtime has another shape.
 */
export function findChunkTables(runtime: string): {hashes: Table; ids: Table; moved: boolean} {
  const fallback = (key: string) => `(?:\\?\\?self\\.${CHUNK_TABLES_GLOBAL}\\?\\.${key}\\[\\1\\]\\))?`;
  const hashes = new RegExp(
    `\\.u=\\(?([\\w$]+)\\)?=>"[^"]*"\\+\\1\\+"\\."\\+(\\(?)\\(\\{([^{}]*)\\}\\)\\[\\1\\]${fallback('u')}\\+"\\.js"`,
  ).exec(runtime);
  const ids = new RegExp(
    `\\.gca=function\\(([\\w$]+)\\)\\{return \\1=(\\(?)\\(\\{([^{}]*)\\}\\)\\[\\1\\]${fallback('n')}\\|\\|\\1,`,
  ).exec(runtime);
  if (!hashes || !ids) {
    throw new Error(
      `bundle-trim: the bundler's runtime no longer has the ${hashes ? '' : 'chunk file name (`.u`) '}` +
        `${!hashes && !ids ? 'and ' : ''}${ids ? '' : 'chunk name (`.gca`) '}table in the expected form; ` +
        'update src/plugins/bundle-trim/chunkTables.ts or set ORRERY_ROUTE_SPLIT=0.',
    );
  }
  const table = (m: RegExpExecArray, what: string): Table => {
    const body = m[3] ?? '';
    const start = m.index + m[0].indexOf(`({${body}})`) + 1;
    return {start, end: start + body.length + 2, entries: parseEntries(body, what)};
  };
  const moved = hashes[2] === '(' && ids[2] === '(';
  if (!moved && (hashes[2] === '(' || ids[2] === '('))
    throw new Error('bundle-trim: only one runtime chunk table falls back to the parts');
  return {hashes: table(hashes, 'chunk file name'), ids: table(ids, 'chunk name'), moved};
}

const literal = (entries: Iterable<[string, string]>): string =>
  `{${[...entries].map(([k, v]) => `${/^[A-Za-z_$][\w$]*$|^(0|[1-9]\d*)$/.test(k) ? k : JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;

export interface MovedTables {
  /** The runtime without the moved entries, its lookups falling back to the parts' global. */
  runtime: string;
  /** Part chunk id → the statement appended to that part's file. */
  parts: Map<string, string>;
  /** How many chunks' entries moved. */
  moved: number;
}

/**
 * Moves the entries of `chunksOfPart` (part chunk id → the ids of the chunks
 * only it uses) out of the runtime's two tables.
 */
export function moveChunkTables(runtime: string, chunksOfPart: Map<string, string[]>): MovedTables {
  const {hashes, ids, moved: already} = findChunkTables(runtime);
  if (already) throw new Error("bundle-trim: the runtime's chunk tables were moved already");
  const nameOfId = new Map([...ids.entries].map(([name, id]) => [id, name]));
  const parts = new Map<string, string>();
  const keptHashes = new Map(hashes.entries);
  const keptIds = new Map(ids.entries);
  let moved = 0;
  for (const [part, chunks] of chunksOfPart) {
    const u: [string, string][] = [];
    const n: [string, string][] = [];
    for (const id of chunks) {
      const hash = hashes.entries.get(id);
      if (hash === undefined) continue;
      u.push([id, hash]);
      keptHashes.delete(id);
      const name = nameOfId.get(id);
      if (name !== undefined) {
        n.push([name, id]);
        keptIds.delete(name);
      }
      moved++;
    }
    if (u.length === 0) continue;
    const g = `self.${CHUNK_TABLES_GLOBAL}`;
    parts.set(
      part,
      `\n;(${g}=${g}||{u:{},n:{}}),Object.assign(${g}.u,${literal(u)}),Object.assign(${g}.n,${literal(n)});\n`,
    );
  }
  // Later offset first, so that the earlier one stays valid.
  const [first, second] = hashes.start < ids.start ? [hashes, ids] : [ids, hashes];
  const lookup = (table: Table, kept: Map<string, string>, key: 'u' | 'n') => {
    // `({…})[e]` becomes `(({…})[e]??self.__orreryChunks?.u[e])`: the parts' entries when the runtime has none.
    const variable = /^\)\[([\w$]+)\]/.exec(runtime.slice(table.end))?.[1];
    if (!variable) throw new Error('bundle-trim: unexpected text after a runtime chunk table');
    return {
      start: table.start - 1,
      end: table.end + variable.length + 3,
      text: `((${literal(kept)})[${variable}]??self.${CHUNK_TABLES_GLOBAL}?.${key}[${variable}])`,
    };
  };
  const edits = [
    lookup(first, first === hashes ? keptHashes : keptIds, first === hashes ? 'u' : 'n'),
    lookup(second, second === hashes ? keptHashes : keptIds, second === hashes ? 'u' : 'n'),
  ];
  let out = runtime;
  for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return {runtime: out, parts, moved};
}
