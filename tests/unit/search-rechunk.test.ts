/**
 * The small word-index chunks (src/plugins/search-pagefind/rechunk.mjs). Pagefind fetches, for
 * each query word, the first chunk whose range (`from` ≤ word ≤ `to`, compared as UTF-8 bytes)
 * holds it: every word, and every longer word it starts, must land in the chunk that holds it.
 * Checked on made-up words, then on a real index of some of the site's guides, cut far smaller
 * than the build cuts it, whose words, pages and answers must be Pagefind's own.
 */
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {
  buildSearchIndex,
  closePagefind,
  COMMON_TAG,
  headAnswers,
  roundedCounts,
  shortNames,
  smallChunks,
} from '../../src/plugins/search-pagefind/indexer.mjs';
import {
  COUNT_BITS,
  PAGEFIND_FORMAT,
  chunkRanges,
  chunkTarget,
  chunkWords,
  cutChunks,
  pagefindRaw,
  readPagefindBytes,
  rechunkIndex,
  rewritePageList,
  roundWordCount,
} from '../../src/plugins/search-pagefind/rechunk.mjs';

const SITE_DIR = path.resolve(import.meta.dirname, '..', '..');
const dirs: string[] = [];
after(async () => {
  await closePagefind();
  for (const dir of dirs) rmSync(dir, {recursive: true, force: true});
});

type Range = [string, string, ...unknown[]];
type Word = {word: string; bytes: Buffer};

/** Pagefind's lookup (pagefind_web request_indexes): the first range holding the term, by UTF-8 bytes. */
function lookup(ranges: readonly Range[], term: string): number {
  const t = Buffer.from(term);
  return ranges.findIndex(
    ([from, to]) => Buffer.compare(t, Buffer.from(from)) >= 0 && Buffer.compare(t, Buffer.from(to)) <= 0,
  );
}

const wordsOf = (list: string[]): Word[] => list.map((word) => ({word, bytes: Buffer.alloc(40 + word.length)}));

test('every word, and every longer word it starts, is looked up in its own chunk; groups are never cut', () => {
  const list = [
    'ab',
    'abc',
    'abcd',
    'abcde',
    'abd',
    'activ',
    'activity_id',
    'add',
    'adder',
    'b',
    'be',
    'bea',
    'beam',
    'decod',
    'decrypt',
    'default',
    'zulu',
    // Pagefind sorts by UTF-8 bytes: µ (C2 B5) before é (C3 A9).
    'µs',
    'émission',
    'éta',
  ];
  const chunks = cutChunks(wordsOf(list), 100);
  assert.ok(chunks.length >= 8, `only ${chunks.length} chunks`);
  assert.deepEqual(
    chunks.flat().map((w) => w.word),
    list,
    'the words changed order',
  );
  const chunkOf = new Map(chunks.flatMap((chunk, i) => chunk.map((w) => [w.word, i] as const)));
  // Words sharing three characters stay together (abc, abcd, abcde; decod, decrypt).
  for (const group of [
    ['abc', 'abcd', 'abcde'],
    ['decod', 'decrypt'],
    ['activ', 'activity_id'],
  ]) {
    assert.equal(new Set(group.map((w) => chunkOf.get(w))).size, 1, group.join(', '));
  }
  const ranges = chunkRanges(chunks) as Range[];
  for (const word of list) {
    assert.equal(lookup(ranges, word), chunkOf.get(word), `"${word}" is looked up elsewhere`);
    const key = Array.from(word).slice(0, 3).join('');
    // A longer word starting with a three-character key goes where that key's words are: the
    // reader's "decry" (stemmed "decri") reaches "decrypt", which Pagefind's ranges left out.
    if (Array.from(word).length >= 3) {
      assert.equal(lookup(ranges, `${key}zz`), chunkOf.get(word), `"${key}zz" is looked up elsewhere`);
    }
  }
  assert.equal(lookup(ranges, 'decry'), chunkOf.get('decrypt'));
});

test('the chunk size grows with the square root of the index and has a floor', () => {
  assert.equal(chunkTarget(1_000_000), 4000);
  assert.equal(chunkTarget(4_000_000), 8000);
  assert.equal(chunkTarget(1000), 2048);
});

test('ORRERY_SEARCH_CHUNKS, ORRERY_SEARCH_PAGE_NAMES, ORRERY_SEARCH_ROUND_COUNTS and ORRERY_SEARCH_HEAD are switches, and a bad value names one', () => {
  assert.deepEqual([shortNames({}), shortNames({ORRERY_SEARCH_PAGE_NAMES: 'false'})], [true, false]);
  assert.deepEqual([roundedCounts({}), roundedCounts({ORRERY_SEARCH_ROUND_COUNTS: '0'})], [true, false]);
  assert.throws(
    () => roundedCounts({ORRERY_SEARCH_ROUND_COUNTS: 'exact'}),
    /ORRERY_SEARCH_ROUND_COUNTS must be "true" or "false", got "exact"/,
  );
  assert.deepEqual([headAnswers({}), headAnswers({ORRERY_SEARCH_HEAD: '0'})], [true, false]);
  assert.throws(
    () => headAnswers({ORRERY_SEARCH_HEAD: 'off'}),
    /ORRERY_SEARCH_HEAD must be "true" or "false", got "off"/,
  );
  assert.equal(smallChunks({}), true);
  assert.equal(smallChunks({ORRERY_SEARCH_CHUNKS: '0'}), false);
  assert.equal(smallChunks({ORRERY_SEARCH_CHUNKS: 'true'}), true);
  assert.throws(
    () => smallChunks({ORRERY_SEARCH_CHUNKS: 'small'}),
    /ORRERY_SEARCH_CHUNKS must be "true" or "false", got "small"/,
  );
});

test('a rounded word count keeps COUNT_BITS significant bits: close, exact when small, stable and in order', () => {
  assert.equal(COUNT_BITS, 7);
  for (let n = 0; n < 2 ** COUNT_BITS; n += 1) assert.equal(roundWordCount(n), n);
  assert.deepEqual(
    [1471, 1010, 2955, 300].map((n) => roundWordCount(n)),
    [1472, 1008, 2944, 300],
  );
  let previous = 0;
  for (let n = 1; n <= 200_000; n += 1) {
    const r = roundWordCount(n);
    assert.ok(Math.abs(r - n) / n <= 2 ** -COUNT_BITS, `${n} rounds to ${r}`);
    assert.ok(r >= previous, `${n} rounds to ${r}, below ${previous}`);
    previous = r;
  }
  for (const n of [255, 256, 1471, 65_535, 65_536, 123_456])
    assert.equal(roundWordCount(roundWordCount(n)), roundWordCount(n));
  assert.equal(new Set(Array.from({length: 2700}, (_, i) => roundWordCount(300 + i))).size, 212);
  assert.throws(() => roundWordCount(-1), /a word count must be a whole number, got -1/);
  assert.throws(() => roundWordCount(10, 0), /the bits kept must be a whole number above 0, got 0/);
});

/** Some of the site's guides as built pages: text, headings and code of real size and vocabulary. */
function writeGuides(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'orrery-rechunk-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="en"><body><h1>Home</h1></body></html>');
  const sections = readdirSync(path.join(SITE_DIR, 'docs', 'planning')).filter((f) => f.endsWith('.md'));
  assert.ok(sections.length >= 5, 'too few guides to index');
  for (const file of sections) {
    const text = readFileSync(path.join(SITE_DIR, 'docs', 'planning', file), 'utf8')
      .replace(/[<>&]/g, ' ')
      .split(/\n{2,}/)
      .map((block) => `<p>${block}</p>`)
      .join('');
    const slug = file.replace(/\.md$/, '');
    mkdirSync(path.join(dir, 'planning', slug), {recursive: true});
    writeFileSync(
      path.join(dir, 'planning', slug, 'index.html'),
      `<!doctype html><html lang="en"><head><title>${slug}</title>` +
        `<meta name="docsearch:language" content="en"><meta name="docsearch:docusaurus_tag" content="${COMMON_TAG}">` +
        `</head><body><main><div data-pagefind-body=""><h1>${slug}</h1>${text}</div></main></body></html>`,
    );
  }
  return dir;
}

function indexOf(dir: string): {ranges: Range[]; words: Word[]} {
  const bundle = path.join(dir, 'pagefind');
  const entry = JSON.parse(readFileSync(path.join(bundle, 'pagefind-entry.json'), 'utf8'));
  const metaFile = path.join(bundle, `pagefind.${entry.languages.en.hash}.pf_meta`);
  const meta = readPagefindBytes(readFileSync(metaFile), metaFile) as [string, unknown, Range[]];
  const words = meta[2].flatMap((range) => {
    const file = path.join(bundle, 'index', `${String(range[2])}.pf_index`);
    return chunkWords(pagefindRaw(readFileSync(file), file), file) as Word[];
  });
  return {ranges: meta[2], words};
}

test("a real index cut small keeps Pagefind's words, and finds what Pagefind finds", {timeout: 120_000}, async () => {
  const original = writeGuides();
  await buildSearchIndex({buildDir: original, siteDir: SITE_DIR, env: {ORRERY_SEARCH_CHUNKS: '0'}, log: () => {}});
  const cut = mkdtempSync(path.join(tmpdir(), 'orrery-rechunk-cut-'));
  dirs.push(cut);
  cpSync(path.join(original, 'pagefind'), path.join(cut, 'pagefind'), {recursive: true});
  const report = await rechunkIndex(path.join(cut, 'pagefind'), {target: 600});
  const before = indexOf(original);
  const after = indexOf(cut);
  assert.ok(
    after.ranges.length > 4 * before.ranges.length,
    `${before.ranges.length} chunks became ${after.ranges.length}`,
  );
  assert.equal(report.en?.after, after.ranges.length);
  // The same word entries, byte for byte, in the same order.
  assert.equal(after.words.length, before.words.length);
  after.words.forEach((w, i) => {
    assert.equal(w.word, before.words[i]?.word);
    assert.ok(w.bytes.equals(before.words[i]?.bytes as Buffer), `the entry of "${w.word}" changed`);
  });
  // Each word is looked up in the chunk that holds it.
  let at = 0;
  after.ranges.forEach((range, i) => {
    const file = path.join(cut, 'pagefind', 'index', `${String(range[2])}.pf_index`);
    for (const w of chunkWords(pagefindRaw(readFileSync(file), file), file) as Word[]) {
      assert.equal(
        lookup(after.ranges, w.word),
        i,
        `"${w.word}" is looked up in chunk ${lookup(after.ranges, w.word)}`,
      );
      at += 1;
    }
  });
  assert.equal(at, after.words.length);
  // Pagefind's runtime reads the new chunks and finds every page it found before (fresh
  // instances: Pagefind keeps the chunks it loaded, and they answer later queries).
  // Loaded when needed, as tests/unit/search-indexer.test.ts does (the script has top-level await).
  const {pagefindOf} = await import('../../scripts/bench-search-relevance.mjs');
  const sample = before.words.map((w) => w.word).filter((w, i) => /^\p{L}{3,}$/u.test(w) && i % 7 === 0);
  assert.ok(sample.length >= 30, `only ${sample.length} words sampled`);
  for (const word of sample) {
    const [a, b] = await Promise.all([
      pagefindOf(original, {fresh: true}).then((p) => p.search(word)),
      pagefindOf(cut, {fresh: true}).then((p) => p.search(word)),
    ]);
    const found = new Set(b.results.map((r: {id: string}) => r.id));
    assert.ok(a.results.length > 0, `Pagefind finds no page for "${word}"`);
    for (const r of a.results) assert.ok(found.has(r.id), `"${word}" no longer finds ${r.id}`);
  }
});

test(
  'short page names and rounded word counts: the page list shrinks, every page data file moves, and searches find the same pages',
  {timeout: 120_000},
  async () => {
    const original = writeGuides();
    await buildSearchIndex({
      buildDir: original,
      siteDir: SITE_DIR,
      env: {ORRERY_SEARCH_PAGE_NAMES: '0', ORRERY_SEARCH_ROUND_COUNTS: '0', ORRERY_SEARCH_HEAD: '0'},
      log: () => {},
    });
    // With ORRERY_SEARCH_HEAD=0 the modal's manifest request still gets a small file, listing nothing.
    const manifest = JSON.parse(readFileSync(path.join(original, 'pagefind', 'head.json'), 'utf8'));
    assert.deepEqual([manifest.version, manifest.keys, manifest.contexts], [2, '', []]);
    assert.equal(existsSync(path.join(original, 'pagefind', 'head')), false);
    const renamed = mkdtempSync(path.join(tmpdir(), 'orrery-page-names-'));
    dirs.push(renamed);
    cpSync(path.join(original, 'pagefind'), path.join(renamed, 'pagefind'), {recursive: true});
    const report = await rewritePageList(path.join(renamed, 'pagefind'), {countBits: 0});
    const metaOf = (dir: string) => {
      const bundle = path.join(dir, 'pagefind');
      const entry = JSON.parse(readFileSync(path.join(bundle, 'pagefind-entry.json'), 'utf8'));
      const file = path.join(bundle, `pagefind.${entry.languages.en.hash}.pf_meta`);
      return {
        bytes: readFileSync(file).length,
        pages: (readPagefindBytes(readFileSync(file), file) as [string, [string, number, string][]])[1],
      };
    };
    const before = metaOf(original);
    const after = metaOf(renamed);
    const tag = report.en?.tag ?? '';
    assert.match(tag, /^[0-9a-f]{8}$/);
    assert.equal(report.en?.renamed, before.pages.length);
    assert.equal(report.en?.rounded, 0);
    assert.deepEqual(
      after.pages.map((p) => p[0]),
      before.pages.map((_, i) => `${tag}/${i.toString(36)}`),
    );
    assert.deepEqual(
      after.pages.map((p) => p[1]),
      before.pages.map((p) => p[1]),
      'word counts',
    );
    assert.ok(after.bytes < before.bytes, `the meta file went from ${before.bytes} to ${after.bytes} bytes`);
    // Every page's data moved, byte for byte; no old file is left.
    before.pages.forEach((p, i) => {
      const moved = readFileSync(path.join(renamed, 'pagefind', 'fragment', tag, `${i.toString(36)}.pf_fragment`));
      assert.ok(moved.equals(readFileSync(path.join(original, 'pagefind', 'fragment', `${p[0]}.pf_fragment`))));
    });
    assert.deepEqual(readdirSync(path.join(renamed, 'pagefind', 'fragment')), [tag]);
    // Pagefind's runtime finds the same pages, in the same order, and loads their data.
    const {pagefindOf} = await import('../../scripts/bench-search-relevance.mjs');
    for (const word of ['anchor', 'plan', 'simulation', 'constraint', 'merge', 'snapshot']) {
      const [a, b] = await Promise.all([
        pagefindOf(original, {fresh: true}).then((p) => p.search(word)),
        pagefindOf(renamed, {fresh: true}).then((p) => p.search(word)),
      ]);
      assert.ok(a.results.length > 0, `no page for "${word}"`);
      const urls = async (r: {results: {data: () => Promise<{url: string}>}[]}) =>
        Promise.all(r.results.map(async (x) => (await x.data()).url));
      assert.deepEqual(await urls(b), await urls(a), `"${word}"`);
    }

    // Rounded word counts: the page list shrinks again; every word finds the same pages, each
    // scored within the counts' own margin (Pagefind divides by a page's count against the
    // average), so only pages scored almost alike can change places.
    const rounded = mkdtempSync(path.join(tmpdir(), 'orrery-page-counts-'));
    dirs.push(rounded);
    cpSync(path.join(renamed, 'pagefind'), path.join(rounded, 'pagefind'), {recursive: true});
    const countReport = await rewritePageList(path.join(rounded, 'pagefind'), {names: false});
    const roundedMeta = metaOf(rounded);
    assert.equal(countReport.en?.renamed, 0);
    assert.deepEqual(
      roundedMeta.pages.map((p) => [p[0], p[1]]),
      after.pages.map((p) => [p[0], roundWordCount(p[1])]),
    );
    const changed = after.pages.filter((p) => roundWordCount(p[1]) !== p[1]).length;
    assert.ok(changed > after.pages.length / 2, `only ${changed} of ${after.pages.length} counts changed`);
    assert.equal(countReport.en?.rounded, changed);
    assert.ok(roundedMeta.bytes < after.bytes, `the meta file went from ${after.bytes} to ${roundedMeta.bytes} bytes`);
    for (const word of ['anchor', 'plan', 'simulation', 'constraint', 'merge', 'snapshot', 'resource', 'window']) {
      const [a, b] = await Promise.all([
        pagefindOf(renamed, {fresh: true}).then((p) => p.search(word)),
        pagefindOf(rounded, {fresh: true}).then((p) => p.search(word)),
      ]);
      type Scored = {id: string; score: number};
      const scores = new Map<string, number>((b.results as Scored[]).map((r) => [r.id, r.score]));
      assert.equal(scores.size, a.results.length, `"${word}" finds ${scores.size} pages, not ${a.results.length}`);
      for (const r of a.results as Scored[]) {
        const score = scores.get(r.id);
        assert.ok(score !== undefined, `"${word}" no longer finds ${r.id}`);
        assert.ok(Math.abs(score - r.score) <= r.score * 0.01, `"${word}": ${r.id} scored ${score}, not ${r.score}`);
      }
    }
  },
);

test('an index another Pagefind version wrote is refused with a message naming the file', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'orrery-rechunk-version-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'pagefind-entry.json'), JSON.stringify({version: '9.9.9', languages: {}}));
  await assert.rejects(
    rechunkIndex(dir),
    new RegExp(
      `pagefind-entry\\.json: Pagefind 9\\.9\\.9 wrote this index.*Pagefind ${PAGEFIND_FORMAT.replace(/\./g, '\\.')}`,
    ),
  );
});
