import {test} from 'node:test';
import assert from 'node:assert/strict';
import {CHUNK_TABLES_GLOBAL, findChunkTables, moveChunkTables} from '../../src/plugins/bundle-trim/chunkTables';

// The two tables as Rspack's minified runtime writes them (shape of runtime~main.*.js).
const RUNTIME =
  'var n={};n.u=e=>"assets/js/"+e+"."+({1:"aaaaaaaa",2:"bbbbbbbb",3:"cccccccc","x~y":"dddddddd"})[e]+".js",' +
  'n.p="/base/",n.gca=function(e){return e=({a:"1",b:"2","6c":"3"})[e]||e,n.p+n.u(e)},n.f={};';

/** Runs runtime text with a fresh `self`; returns its `n` and a function that runs more text with the same `self`. */
function run(runtime: string) {
  const self: Record<string, unknown> = {};
  const n = new Function('self', `${runtime}return n;`)(self) as {u(id: string): string; gca(name: string): string};
  return {n, also: (code: string) => new Function('self', code)(self) as unknown, self};
}

test('the two tables are read, keys bare, numeric or quoted', () => {
  const {hashes, ids, moved} = findChunkTables(RUNTIME);
  assert.equal(moved, false);
  assert.deepEqual(
    [...hashes.entries],
    [
      ['1', 'aaaaaaaa'],
      ['2', 'bbbbbbbb'],
      ['3', 'cccccccc'],
      ['x~y', 'dddddddd'],
    ],
  );
  assert.deepEqual(
    [...ids.entries],
    [
      ['a', '1'],
      ['b', '2'],
      ['6c', '3'],
    ],
  );
});

test("a part's chunks leave the runtime; the lookups find them once the part has run", () => {
  const result = moveChunkTables(RUNTIME, new Map([['9', ['2', '3']]]));
  assert.equal(result.moved, 2);
  const {hashes, ids, moved} = findChunkTables(result.runtime);
  assert.equal(moved, true);
  assert.deepEqual([...hashes.entries.keys()], ['1', 'x~y']);
  assert.deepEqual([...ids.entries.keys()], ['a']);
  const {n, also, self} = run(result.runtime);
  // Before the part runs: the chunk's file is unknown (the name says so; prefetch skips such URLs).
  assert.equal(n.u('2'), 'assets/js/2.undefined.js');
  assert.equal(n.u('1'), 'assets/js/1.aaaaaaaa.js');
  const statement = result.parts.get('9');
  assert.ok(statement);
  also(statement);
  assert.ok(self[CHUNK_TABLES_GLOBAL]);
  assert.equal(n.u('2'), 'assets/js/2.bbbbbbbb.js');
  assert.equal(n.gca('6c'), '/base/assets/js/3.cccccccc.js');
  assert.equal(n.gca('a'), '/base/assets/js/1.aaaaaaaa.js');
  // A second part adds to the same global.
  also(';(self.__orreryChunks=self.__orreryChunks||{u:{},n:{}}),Object.assign(self.__orreryChunks.u,{7:"eeeeeeee"});');
  assert.equal(n.u('7'), 'assets/js/7.eeeeeeee.js');
  assert.equal(n.u('3'), 'assets/js/3.cccccccc.js');
});

test('the tables are moved once, and another runtime shape stops the build with a message', () => {
  const once = moveChunkTables(RUNTIME, new Map([['9', ['2']]])).runtime;
  assert.throws(() => moveChunkTables(once, new Map([['9', ['3']]])), /moved already/);
  assert.throws(
    () => findChunkTables(RUNTIME.replace('n.gca=function(e){return e=', 'n.gca=function(e){return ')),
    /chunk name \(`\.gca`\) table in the expected form/,
  );
  assert.throws(
    () => findChunkTables(RUNTIME.replace('+".js"', '+".mjs"')),
    /chunk file name \(`\.u`\) table in the expected form/,
  );
  // Chunks the runtime does not list are left out of the part's statement.
  assert.equal(moveChunkTables(RUNTIME, new Map([['9', ['42']]])).parts.size, 0);
});
