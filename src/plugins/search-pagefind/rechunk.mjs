// Smaller word-index chunks for the Pagefind index the indexer writes (run by
// ./indexer.mjs after `writeFiles`; plain JavaScript for the same reason).
//
// Pagefind sorts every indexed word and cuts the list into chunks of about
// 20,000 word positions; a query fetches the one chunk whose range holds each
// of its words. A chunk is cut after the word that fills it, so the common
// words ("and", "activ", "add": every page, dozens of positions each) end
// chunks full of rare neighbours: on this site "anchor" fetched a 26 KB chunk
// of 289 words for its own 0.8 KB, and on the 5,000-page benchmark site 82 KB.
//
// This pass reads Pagefind's chunks and cuts the same sorted words again into
// smaller chunks (chunkTarget: about 5 KB here), never between two words that
// share their first GROUP_CHARS characters. A query word and every word it is
// a prefix of, or that is its stem, then sit in one chunk as long as they
// share those characters, as in Pagefind's own chunks away from a cut. Chunk
// ranges (`from`, `to`) leave no word out (see chunkRanges), the meta file
// gets the new list under a new name (pagefind-entry.json names it), and the
// old chunk and meta files go. Pages, filters, fragments and the word entries
// are left as Pagefind wrote them, byte for byte. A word finds every page it
// found before (tests/unit/search-rechunk.test.ts, on a real index); what can
// change is which longer words a short prefix or stem reaches (the README's
// "Small word-index chunks" has the figures).
//
// The files are Pagefind's internal format (gzip of "pagefind_dcd" and CBOR),
// read and written here for Pagefind PAGEFIND_FORMAT only: another version
// stops the build with a message, and the test fails, until this is checked
// against it.
import {createHash} from 'node:crypto';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import {gunzipSync, gzipSync} from 'node:zlib';

/** The Pagefind index format this pass was written against (the version its files carry). */
export const PAGEFIND_FORMAT = '1.6.0';
/**
 * What one chunk's entry (`from`, `to`, file name) adds to the meta file every
 * search loads first, in bytes, about: the chunk size that costs a query least
 * (meta file plus one chunk) is the square root of this times the index's size
 * (`chunkTarget`).
 */
export const RANGE_BYTES = 16;
/** Chunks smaller than this are not worth a request. */
export const MIN_TARGET_BYTES = 2048;
/** Words sharing this many leading characters stay in one chunk. */
export const GROUP_CHARS = 3;

const SIGNATURE = Buffer.from('pagefind_dcd');

// --- CBOR: the subset Pagefind's minicbor writes (integers, strings, arrays,
// maps, all of definite length), encoded in the shortest form as minicbor does.

/** Decodes one CBOR value from `bytes` at `offset`: [value, next offset]. */
function decodeAt(bytes, offset) {
  const {major, length, start} = itemHead(bytes, offset);
  let at = start;
  switch (major) {
    case 0:
      return [length, at];
    case 1:
      return [-1 - length, at];
    case 2:
      return [{bytes: Buffer.from(bytes.subarray(at, at + length))}, at + length];
    case 3:
      return [bytes.toString('utf8', at, at + length), at + length];
    case 4: {
      const items = [];
      for (let i = 0; i < length; i += 1) {
        const [item, next] = decodeAt(bytes, at);
        items.push(item);
        at = next;
      }
      return [items, at];
    }
    case 5: {
      const entries = [];
      for (let i = 0; i < length; i += 1) {
        const [key, afterKey] = decodeAt(bytes, at);
        const [value, afterValue] = decodeAt(bytes, afterKey);
        entries.push([key, value]);
        at = afterValue;
      }
      return [{map: entries}, at];
    }
    default:
      throw new Error(`unsupported CBOR major type ${major} at ${offset}`);
  }
}

/** The major type and length (or value) of the CBOR item at `offset`, and where its content starts. */
function itemHead(bytes, offset) {
  const initial = bytes[offset];
  if (initial === undefined) throw new Error('truncated CBOR');
  const info = initial & 31;
  if (info > 27) throw new Error(`unsupported CBOR item 0x${initial.toString(16)} at ${offset}`);
  const at = offset + 1;
  const length =
    info < 24
      ? info
      : info === 24
        ? bytes.readUInt8(at)
        : info === 25
          ? bytes.readUInt16BE(at)
          : info === 26
            ? bytes.readUInt32BE(at)
            : Number(bytes.readBigUInt64BE(at));
  return {major: initial >> 5, length, start: at + (info < 24 ? 0 : 2 ** (info - 24))};
}

/** Where the CBOR item at `offset` ends, without building it. */
function skipAt(bytes, offset) {
  const {major, length, start} = itemHead(bytes, offset);
  if (major === 0 || major === 1) return start;
  if (major === 2 || major === 3) return start + length;
  let at = start;
  const items = major === 4 ? length : major === 5 ? 2 * length : -1;
  if (items < 0) throw new Error(`unsupported CBOR major type ${major} at ${offset}`);
  for (let i = 0; i < items; i += 1) at = skipAt(bytes, at);
  return at;
}

/**
 * The word entries of a Pagefind word-index chunk (CBOR `[[entry, …]]`, each
 * entry `[word, pages, …]`), each as its word and its encoded bytes, as written.
 */
export function chunkWords(raw, name) {
  const outer = itemHead(raw, 0);
  const list = outer.major === 4 && outer.length === 1 ? itemHead(raw, outer.start) : undefined;
  if (!list || list.major !== 4) throw new Error(`${name}: not the layout of Pagefind ${PAGEFIND_FORMAT}'s word index`);
  const words = [];
  let at = list.start;
  for (let i = 0; i < list.length; i += 1) {
    const entry = itemHead(raw, at);
    const first = entry.major === 4 && entry.length > 0 ? itemHead(raw, entry.start) : undefined;
    if (!first || first.major !== 3) throw new Error(`${name}: a word entry without its word`);
    const end = skipAt(raw, at);
    words.push({word: raw.toString('utf8', first.start, first.start + first.length), bytes: raw.subarray(at, end)});
    at = end;
  }
  if (at !== raw.length) throw new Error(`${name}: ${raw.length - at} bytes after the word index`);
  return words;
}

export function decodeCbor(bytes) {
  const [value, end] = decodeAt(bytes, 0);
  if (end !== bytes.length) throw new Error(`${bytes.length - end} bytes after the CBOR value`);
  return value;
}

function head(major, length) {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(length, 1);
    return b;
  }
  if (length < 0x100000000) {
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(length, 1);
    return b;
  }
  const b = Buffer.alloc(9);
  b[0] = (major << 5) | 27;
  b.writeBigUInt64BE(BigInt(length), 1);
  return b;
}

export function encodeCbor(value) {
  const parts = [];
  const walk = (v) => {
    if (typeof v === 'number') {
      if (!Number.isSafeInteger(v)) throw new Error(`not an integer: ${v}`);
      parts.push(v >= 0 ? head(0, v) : head(1, -1 - v));
    } else if (typeof v === 'string') {
      const b = Buffer.from(v, 'utf8');
      parts.push(head(3, b.length), b);
    } else if (Array.isArray(v)) {
      parts.push(head(4, v.length));
      v.forEach(walk);
    } else if (v && Buffer.isBuffer(v.bytes)) {
      parts.push(head(2, v.bytes.length), v.bytes);
    } else if (v && Array.isArray(v.map)) {
      parts.push(head(5, v.map.length));
      for (const [key, item] of v.map) {
        walk(key);
        walk(item);
      }
    } else {
      throw new Error(`cannot encode ${typeof v}`);
    }
  };
  walk(value);
  return Buffer.concat(parts);
}

// --- Pagefind's files

/** A Pagefind index file's CBOR bytes (the file is gzip of a signature and CBOR). */
export function pagefindRaw(bytes, name) {
  const raw = gunzipSync(bytes);
  if (!raw.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error(`${name} is not a Pagefind index file`);
  return raw.subarray(SIGNATURE.length);
}

/** A Pagefind index file's value. */
export function readPagefindBytes(bytes, name) {
  return decodeCbor(pagefindRaw(bytes, name));
}

export function pagefindBytes(value) {
  return gzipSync(Buffer.concat([SIGNATURE, encodeCbor(value)]), {level: 9});
}

const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');
const chars = (word) => Array.from(word);

/**
 * The bundle's `pagefind-entry.json` (file and value), refused unless Pagefind PAGEFIND_FORMAT
 * wrote it: `pass` names the pass in the message.
 */
async function readEntry(bundleDir, pass) {
  const entryFile = path.join(bundleDir, 'pagefind-entry.json');
  const entry = JSON.parse(await fs.readFile(entryFile, 'utf8'));
  if (entry.version !== PAGEFIND_FORMAT) {
    throw new Error(
      `${entryFile}: Pagefind ${entry.version} wrote this index; the ${pass} (src/plugins/search-pagefind/rechunk.mjs) ` +
        `reads Pagefind ${PAGEFIND_FORMAT}'s format only. Check it against the new version and update PAGEFIND_FORMAT.`,
    );
  }
  return {entryFile, entry};
}

/**
 * The chunk size for an index of `total` bytes of encoded words: a query loads
 * the meta file (RANGE_BYTES per chunk, so RANGE_BYTES × total / size) and a
 * chunk (size), whose sum is least at the square root of RANGE_BYTES × total.
 * About 4 KB for this site's 1.5 MB index.
 */
export function chunkTarget(total) {
  return Math.max(MIN_TARGET_BYTES, Math.round(Math.sqrt(RANGE_BYTES * total)));
}

/**
 * The words (`{word, bytes}`: the word and its encoded Pagefind entry, in
 * Pagefind's order) cut into chunks of about `target` bytes, never between two
 * words that share their first `groupChars` characters. Returns the chunks.
 */
export function cutChunks(words, target, groupChars = GROUP_CHARS) {
  const groups = [];
  let key;
  for (const entry of words) {
    const k = chars(entry.word).slice(0, groupChars).join('');
    if (groups.length === 0 || k !== key) groups.push({entries: [], bytes: 0});
    key = k;
    const group = groups[groups.length - 1];
    group.entries.push(entry);
    group.bytes += entry.bytes.length;
  }
  const chunks = [];
  let current = [];
  let bytes = 0;
  for (const group of groups) {
    if (current.length > 0 && bytes + group.bytes > target) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    for (const entry of group.entries) current.push(entry);
    bytes += group.bytes;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Above every character: a range ending in KEY + TOP holds every word that starts with KEY. */
const TOP = '\u{10FFFF}';

/**
 * The chunks' ranges (`from`, `to`), with no gap between neighbours. Pagefind
 * shortens both ends of a cut to the words' common prefix and one more
 * character ("decrypt" | "default" becomes `to` "dec", `from` "def"), which
 * leaves the words between out of every range: "decry" sorts after "dec", so
 * its lookup found no chunk and Pagefind's fallback took the wrong one. Here a
 * chunk ends at its last group's key followed by the highest character (every
 * word starting "dec" sorts below "dec\u{10FFFF}"), or at its last word when
 * that word is shorter than a key (the last chunk too, so longer forms of the
 * last words are found), and the next chunk starts where it ends:
 * Pagefind takes the first chunk whose range holds the word, so the shared
 * end goes to the earlier chunk and every word in between to one of the two.
 */
export function chunkRanges(chunks, groupChars = GROUP_CHARS) {
  const ranges = chunks.map((chunk) => [chunk[0].word, chunk[chunk.length - 1].word]);
  for (let i = 0; i < ranges.length; i += 1) {
    const last = chars(ranges[i][1]);
    const end = last.length >= groupChars ? last.slice(0, groupChars).join('') + TOP : ranges[i][1];
    ranges[i][1] = end;
    if (i + 1 < ranges.length) ranges[i + 1][0] = end;
  }
  return ranges;
}

/**
 * Re-cuts the word index of the Pagefind bundle in `bundleDir` (every
 * language in its pagefind-entry.json). Returns, per language, the number of
 * chunks before and after and the chunk size aimed at (`target`, default
 * chunkTarget of the index's size).
 *
 * @param {string} bundleDir
 * @param {{groupChars?: number, target?: number}} [options]
 * @returns {Promise<Record<string, {before: number, after: number, target: number}>>}
 */
export async function rechunkIndex(bundleDir, {groupChars = GROUP_CHARS, target} = {}) {
  const {entryFile, entry} = await readEntry(bundleDir, 'chunk pass');
  /** @type {Record<string, {before: number, after: number, target: number}>} */
  const report = {};
  for (const [language, info] of Object.entries(entry.languages)) {
    const metaFile = path.join(bundleDir, `pagefind.${info.hash}.pf_meta`);
    const meta = readPagefindBytes(await fs.readFile(metaFile), metaFile);
    // [version, pages, index chunks [from, to, file], filters, sorts, meta fields]
    if (!Array.isArray(meta) || meta[0] !== PAGEFIND_FORMAT || !Array.isArray(meta[2])) {
      throw new Error(`${metaFile}: not the layout of Pagefind ${PAGEFIND_FORMAT}'s meta file`);
    }
    const oldFiles = meta[2].map((chunk) => path.join(bundleDir, 'index', `${chunk[2]}.pf_index`));
    const contents = await Promise.all(oldFiles.map((file) => fs.readFile(file)));
    const words = [];
    for (const [i, file] of oldFiles.entries()) {
      for (const word of chunkWords(pagefindRaw(contents[i], file), file)) words.push(word);
    }
    const size = target ?? chunkTarget(words.reduce((sum, w) => sum + w.bytes.length, 0));
    const chunks = cutChunks(words, size, groupChars);
    const ranges = chunkRanges(chunks, groupChars);
    const written = new Set();
    const newChunks = [];
    const writes = [];
    for (const [i, chunk] of chunks.entries()) {
      // The chunk's value, [[word entry, …]], from the entries' own encodings; named by it, not by
      // its compressed bytes (which another zlib may write differently), as Pagefind names files.
      const raw = Buffer.concat([SIGNATURE, head(4, 1), head(4, chunk.length), ...chunk.map((w) => w.bytes)]);
      const bytes = gzipSync(raw, {level: 9});
      const hash = sha(raw);
      let length = 7;
      while (written.has(`${language}_${hash.slice(0, length)}`)) length += 1;
      const name = `${language}_${hash.slice(0, length)}`;
      written.add(name);
      writes.push(fs.writeFile(path.join(bundleDir, 'index', `${name}.pf_index`), bytes));
      newChunks.push([ranges[i][0], ranges[i][1], name]);
    }
    await Promise.all(writes);
    await Promise.all(
      oldFiles
        .filter((file) => !written.has(path.basename(file, '.pf_index')))
        .map((file) => fs.rm(file, {force: true})),
    );
    const newMetaValue = [meta[0], meta[1], newChunks, ...meta.slice(3)];
    const newMeta = pagefindBytes(newMetaValue);
    const metaHash = `${language}_${sha(encodeCbor(newMetaValue)).slice(0, 10)}`;
    await fs.writeFile(path.join(bundleDir, `pagefind.${metaHash}.pf_meta`), newMeta);
    if (metaHash !== info.hash) await fs.rm(metaFile, {force: true});
    info.hash = metaHash;
    report[language] = {before: meta[2].length, after: newChunks.length, target: size};
  }
  await fs.writeFile(entryFile, JSON.stringify(entry));
  return report;
}

/**
 * Word counts kept to this many significant bits by `rewritePageList`: within 0.8 % of the
 * page's count (Pagefind's ranking divides by it, relative to the average page), and 108
 * distinct values on the 5,293-page benchmark site instead of 590, which the page list's gzip
 * packs far better (22.4 to 18.0 KB there).
 */
export const COUNT_BITS = 7;

/**
 * `count` rounded to its `bits` leading binary digits (to the nearest multiple of the power of two
 * that leaves that many): within 2^-bits of it, relatively, and exact below 2^bits.
 */
export function roundWordCount(count, bits = COUNT_BITS) {
  if (!Number.isInteger(count) || count < 0) throw new Error(`a word count must be a whole number, got ${count}`);
  if (!Number.isInteger(bits) || bits < 1) throw new Error(`the bits kept must be a whole number above 0, got ${bits}`);
  const step = 2 ** Math.max(0, Math.floor(Math.log2(Math.max(count, 1))) + 1 - bits);
  return Math.round(count / step) * step;
}

/**
 * The page list every query loads first (the meta file's second field: one `[name, word count,
 * fragment group]` a page) made smaller, in two ways, each on by default.
 *
 * - `names`: Pagefind names each page by a hash of its data (`en_1a2b3c4`, about 7 of its 8
 *   bytes gzip a page) and fetches the page data as `fragment/<name>.pf_fragment`. This names page
 *   i `<tag>/<i in base 36>`, where the tag is a hash of all the old names (so of all the pages'
 *   data): the names compress to about half, and a page's file still gets a new name whenever
 *   any page changes (its folder is new), so the `immutable` caching of `fragment/` stays right.
 *   Pages Pagefind put in fragment groups (a third field) keep their names.
 * - `countBits`: each word count is rounded to that many significant bits (roundWordCount;
 *   0 keeps them exact). Pagefind uses the count only to rank, against the average page's.
 *
 * Returns, per language, how many pages were renamed, how many counts changed, and the tag.
 *
 * @param {string} bundleDir
 * @param {{names?: boolean, countBits?: number}} [options]
 * @returns {Promise<Record<string, {renamed: number, rounded: number, tag: string}>>}
 */
export async function rewritePageList(bundleDir, {names = true, countBits = COUNT_BITS} = {}) {
  const {entryFile, entry} = await readEntry(bundleDir, 'page list pass');
  /** @type {Record<string, {renamed: number, rounded: number, tag: string}>} */
  const report = {};
  for (const [language, info] of Object.entries(entry.languages)) {
    const metaFile = path.join(bundleDir, `pagefind.${info.hash}.pf_meta`);
    const meta = readPagefindBytes(await fs.readFile(metaFile), metaFile);
    // [version, pages [name, word count, fragment group], …]
    const pages = meta[1];
    if (
      !Array.isArray(pages) ||
      !pages.every((p) => Array.isArray(p) && typeof p[0] === 'string' && typeof p[1] === 'number')
    ) {
      throw new Error(`${metaFile}: not the layout of Pagefind ${PAGEFIND_FORMAT}'s page list`);
    }
    const tag = sha(pages.map((p) => p[0]).join('\n')).slice(0, 8);
    if (names) await fs.mkdir(path.join(bundleDir, 'fragment', tag), {recursive: true});
    let renamed = 0;
    let rounded = 0;
    const newPages = [];
    for (const [i, page] of pages.entries()) {
      let name = page[0];
      if (names && !(typeof page[2] === 'string' && page[2] !== '')) {
        name = `${tag}/${i.toString(36)}`;
        await fs.rename(
          path.join(bundleDir, 'fragment', `${page[0]}.pf_fragment`),
          path.join(bundleDir, 'fragment', `${name}.pf_fragment`),
        );
        renamed += 1;
      }
      const count = countBits > 0 ? roundWordCount(page[1], countBits) : page[1];
      if (count !== page[1]) rounded += 1;
      newPages.push([name, count, ...page.slice(2)]);
    }
    const newMetaValue = [meta[0], newPages, ...meta.slice(2)];
    const metaHash = `${language}_${sha(encodeCbor(newMetaValue)).slice(0, 10)}`;
    await fs.writeFile(path.join(bundleDir, `pagefind.${metaHash}.pf_meta`), pagefindBytes(newMetaValue));
    if (metaHash !== info.hash) await fs.rm(metaFile, {force: true});
    info.hash = metaHash;
    report[language] = {renamed, rounded, tag};
  }
  await fs.writeFile(entryFile, JSON.stringify(entry));
  return report;
}
