// Precomputed answers for the commonest one-word queries (run by
// ./indexer.mjs after the chunk pass; the browser side and the file layout
// are in ./client/head.ts).
//
// A query's cold cost in Pagefind grows with the site where the query's word
// entries grow: Pagefind matches every word the query is a prefix of, so
// "anchor" reads the entries of "anchor", "anchored" and "anchors", and each
// entry lists every page holding the word with its positions. This pass sums,
// for every prefix of every indexed word, the encoded bytes of the entries it
// reaches, takes the heaviest (at least HEAD_MIN_BYTES, at most HEAD_MAX_KEYS;
// a prefix of a taken word weighs at least as much, so the words a reader
// types on the way to a taken one are taken too) and answers each in every
// search context with the modal's own client (./client/client.ts, loaded with
// jiti as Docusaurus loads TypeScript) over the Pagefind bundle just written,
// run here in Node. The answers are the client's output, so they equal what
// the browser would compute from Pagefind (tests/unit/search-relevance.test.ts
// checks a build's answers against a fresh client's first queries).
import {createHash} from 'node:crypto';
import {promises as fs} from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {isMainThread, parentPort, threadId, Worker, workerData} from 'node:worker_threads';
import {gunzipSync} from 'node:zlib';
import {stem as porter2Stem} from 'porter2';
import * as snowballModule from 'snowball-stemmers';
import {chunkWords, pagefindRaw, readPagefindBytes} from './rechunk.mjs';

/** A prefix whose entries come to fewer bytes (encoded, before gzip) is left to Pagefind. */
export const HEAD_MIN_BYTES = 32768;
/** At most this many query keys get answers (each in every context). */
export const HEAD_MAX_KEYS = 400;
/** The modal's request (DocSearch 3.9): 20 hits, `<mark>`, "…", 10-word snippets or 5 on small screens. */
export const HEAD_REQUEST = {
  hitsPerPage: 20,
  preTag: '<mark>',
  postTag: '</mark>',
  ellipsis: '…',
  snippetWords: [10, 5],
};

/** The request DocSearch 3.9's modal sends (without query and filters), for `snippetWords`-word snippets. */
export function docSearchRequest(snippetWords = 10) {
  return {
    attributesToSnippet: [`hierarchy.lvl1:${snippetWords}`, `content:${snippetWords}`],
    snippetEllipsisText: HEAD_REQUEST.ellipsis,
    highlightPreTag: HEAD_REQUEST.preTag,
    highlightPostTag: HEAD_REQUEST.postTag,
    hitsPerPage: HEAD_REQUEST.hitsPerPage,
  };
}

const CLIENT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'client');

/**
 * For every prefix of the `words` (`{word, size}`), the bytes of the entries
 * of the words it starts: a Map.
 */
export function prefixWeights(words) {
  const weights = new Map();
  for (const {word, size} of words) {
    const chars = Array.from(word);
    let prefix = '';
    for (const c of chars) {
      prefix += c;
      weights.set(prefix, (weights.get(prefix) ?? 0) + size);
    }
  }
  return weights;
}

/**
 * The query keys to answer, heaviest first: candidates weighing at least
 * `minBytes`, whose query plan is the candidate itself (`keyOf(candidate)`
 * returns its key, or null), at most `max`. Ties go alphabetically.
 *
 * Pagefind stems a query word before it matches it as a prefix, so a query
 * costs what its stem weighs: "simulation" reads the entries of every word
 * starting with "simul", not only of those starting with "simulation". Each
 * candidate (the prefixes, and the site's own words in `typed`, which a
 * reader may type whole) therefore weighs what `stem(candidate)` does.
 *
 * @param {Map<string, number>} weights
 * @param {(query: string) => string | null} keyOf
 * @param {{minBytes?: number, max?: number, typed?: Iterable<string>, stem?: (word: string) => string}} [options]
 */
export function headKeys(
  weights,
  keyOf,
  {minBytes = HEAD_MIN_BYTES, max = HEAD_MAX_KEYS, typed = [], stem = stemWord} = {},
) {
  const cost = new Map();
  for (const query of [...weights.keys(), ...typed]) {
    if (cost.has(query)) continue;
    const bytes = weights.get(stem(query)) ?? 0;
    if (bytes >= minBytes) cost.set(query, bytes);
  }
  const heavy = [...cost];
  heavy.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const keys = [];
  const seen = new Set();
  for (const [prefix] of heavy) {
    if (keys.length >= max) break;
    const key = keyOf(prefix);
    if (key === null || seen.has(key) || key.replace(/^!/, '') !== prefix) continue;
    seen.add(key);
    keys.push({key, query: prefix});
  }
  return keys;
}

// A CommonJS package: its exports are the namespace's default when Node imports it, the namespace
// itself when a loader turns this file into CommonJS (the tests' tsx).
const snowball = snowballModule.default ?? snowballModule;
const english = snowball.newStemmer('english');
/** Snowball's own English stemmer (its JavaScript port), for any word. */
export const snowballStem = (word) => english.stem(word);

/** Printable ASCII without capitals: letters, digits and the punctuation an index word may hold. */
const PLAIN_WORD = /^[\x21-\x40\x5b-\x7e]+$/;

/**
 * Snowball's English stemmer (Porter2), the algorithm Pagefind stems English words with. Words in
 * lower-case ASCII, nearly all of them, go to the `porter2` package, an implementation of the same
 * algorithm about four times as fast (the answers' keys stem some 70,000 words at 300
 * guide pages: 0.14 s instead of 0.58); anything else to Snowball's own port. The two give the
 * same stems: tests/unit/search-head.test.ts compares them on every word of the content and every
 * prefix of those words.
 *
 * @param {string} word
 */
export const stemWord = (word) => (PLAIN_WORD.test(word) ? porter2Stem(word) : english.stem(word));

/**
 * The distinct words of a page's indexed HTML that a reader might type and
 * Pagefind would stem (letters only, 4 to 30 of them, lower case), added to
 * `into`. Text only: tags and their attributes are skipped.
 *
 * @param {string} html
 * @param {Set<string>} into
 */
export function collectTypedWords(html, into) {
  const text = html.replace(/<[^>]*>/g, ' ');
  for (const m of text.matchAll(/\p{L}{4,30}/gu)) into.add(m[0].toLowerCase());
  return into;
}

/**
 * The facet filters DocSearch's contextual search sends, for every search
 * context of the site: `tags` are the pages' `docusaurus_tag` values
 * (`default` outside the docs, `docs-<plugin>-<version>` in them). A context
 * holds `default` and one version of each docs plugin: every plugin at its
 * latest (latestVersion), then each other version of a plugin with the rest
 * at their latest, so the contexts are the readers' (one per version of a
 * plugin), not every combination.
 */
export function searchContexts(tags, language) {
  const plugins = new Map();
  for (const tag of [...tags].sort()) {
    const m = /^docs-(.+)-([^-]+)$/.exec(tag);
    if (!m) continue;
    const [, plugin, version] = m;
    if (!plugins.has(plugin)) plugins.set(plugin, []);
    plugins.get(plugin).push(version);
  }
  const names = [...plugins.keys()];
  const latestOf = new Map(names.map((p) => [p, latestVersion(plugins.get(p))]));
  const contexts = [];
  const seen = new Set();
  const add = (choice) => {
    const filters = [
      `language:${language}`,
      ['docusaurus_tag:default', ...names.map((p) => `docusaurus_tag:docs-${p}-${choice.get(p)}`)],
    ];
    const key = JSON.stringify(filters);
    if (!seen.has(key)) {
      seen.add(key);
      contexts.push(filters);
    }
  };
  add(latestOf);
  for (const p of names) {
    for (const v of plugins.get(p)) add(new Map([...latestOf, [p, v]]));
  }
  return contexts;
}

/**
 * The version a docs plugin shows by default: "current" (this site's `lastVersion`), or else the
 * highest version name, its numbers compared as numbers (3.10.0 above 3.4.0), as Docusaurus's
 * default `lastVersion` (the newest of versions.json) would be.
 */
export const latestVersion = (versions) =>
  versions.includes('current') ? 'current' : [...versions].sort((a, b) => b.localeCompare(a, 'en', {numeric: true}))[0];

/**
 * Lets pagefind.js run in Node: `fetch` reads `file:` URLs from disk (other URLs go to the real
 * fetch), and a stub `document` gives the page language pagefind.js picks its index by. Each file
 * is read and inflated once per thread (by Node's zlib, not pagefind.js's JavaScript inflater; kept
 * while its size and time are unchanged): the answers' many fresh Pagefinds read the same files,
 * which took 0.2 s of 2.1 here and 0.5 of 12.4 at 5,293 pages. Used here and by the relevance bench
 * (scripts/bench-search-relevance.mjs).
 */
export function pagefindInNode(language = 'en') {
  if (!globalThis.__orreryFileFetch) {
    const realFetch = globalThis.fetch;
    globalThis.__orreryFileFetch = true;
    const files = new Map();
    globalThis.fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.startsWith('file:')) return realFetch(input, init);
      try {
        const file = fileURLToPath(url.split('?')[0]);
        const {mtimeMs, size} = await fs.stat(file);
        const key = `${file} ${mtimeMs} ${size}`;
        let bytes = files.get(key);
        if (!bytes) {
          bytes = unpacked(await fs.readFile(file));
          files.set(key, bytes);
        }
        return new Response(bytes, {status: 200});
      } catch {
        return new Response('', {status: 404});
      }
    };
  }
  globalThis.document ??= {currentScript: null, querySelector: () => ({getAttribute: () => language})};
}

const SIGNATURE = Buffer.from('pagefind_dcd');

/**
 * A Pagefind file as pagefind.js can read it without inflating it in JavaScript: a gzip whose
 * content starts with Pagefind's signature comes back inflated (pagefind.js takes such data as
 * it is), anything else as it was.
 */
export function unpacked(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  try {
    const raw = gunzipSync(bytes);
    return raw.subarray(0, SIGNATURE.length).equals(SIGNATURE) ? raw : bytes;
  } catch {
    return bytes;
  }
}

/** How this process's copies of pagefind.js in thread `thread` start their names. */
const copyPrefix = (thread) => `.pagefind-node-${process.pid}-${thread}-`;

/** pagefind.js of the bundle in `bundleDir`, run in Node; `createInstance` makes a Pagefind. */
async function pagefindModule(bundleDir, language, copyNumber) {
  pagefindInNode(language);
  // Imported as an .mjs copy (told where its files are): Node would warn that pagefind.js,
  // an ES module, sits in a folder without "type": "module".
  const copy = path.join(bundleDir, `${copyPrefix(threadId)}${copyNumber}.mjs`);
  await fs.copyFile(path.join(bundleDir, 'pagefind.js'), copy);
  try {
    return await import(pathToFileURL(copy).href);
  } finally {
    await fs.rm(copy, {force: true});
  }
}

/** The client modules, loaded from TypeScript with jiti (as Docusaurus loads its TypeScript config). */
async function clientModules() {
  const {default: createJiti} = await import('jiti');
  const jiti = createJiti(fileURLToPath(import.meta.url), {interopDefault: true, cache: true});
  return {client: jiti(path.join(CLIENT_DIR, 'client.ts')), head: jiti(path.join(CLIENT_DIR, 'head.ts'))};
}

/** Answers computed at once in each thread (each with its own copy of Pagefind). */
const JOBS_AT_ONCE = 4;

const sha = (text) => createHash('sha256').update(text).digest('hex');

/**
 * The answer files' text for `jobs` (`{query, facetFilters}`), in order: the modal's client over
 * the bundle in `bundleDir`, once per snippet length.
 */
async function answerJobs(bundleDir, language, jobs, prepared) {
  if (jobs.length === 0) return [];
  const {client, head, modules} = await prepared;
  const files = new Array(jobs.length);
  const answer = async (module, {query, facetFilters}) => {
    // A new Pagefind for every answer: Pagefind keeps the word-index chunks it has loaded and
    // matches a prefix against all of them, so an answer would depend on the queries before it.
    // Each is the answer a reader gets when it is the first query of the page view.
    const pagefind = module.createInstance({basePath: `${pathToFileURL(bundleDir).href}/`, baseUrl: '/'});
    await pagefind.init();
    const modal = client.createEmbeddedSearchClient({
      shape: 'sections',
      load: async () => pagefind,
      origin: () => head.HEAD_ORIGIN,
      language,
    });
    const requests = HEAD_REQUEST.snippetWords.map((n) => ({...docSearchRequest(n), query, facetFilters}));
    const {results} = await modal.search({requests});
    return JSON.stringify(
      Object.fromEntries(
        HEAD_REQUEST.snippetWords.map((n, i) => [
          String(n),
          {hits: head.storeHeadHits(results[i].hits), nbHits: results[i].nbHits},
        ]),
      ),
    );
  };
  // A few at a time, so that their waits overlap (a new Pagefind waits for its WebAssembly in
  // 50 ms sleeps), each in its own copy of pagefind.js: Pagefind shares page data between the
  // instances of one copy, and its searches overwrite each other's match locations there.
  let next = 0;
  const run = async (copy) => {
    const module = await modules[copy];
    while (next < jobs.length) {
      const i = next;
      next += 1;
      files[i] = await answer(module, jobs[i]);
    }
  };
  await Promise.all(Array.from({length: Math.min(JOBS_AT_ONCE, jobs.length)}, (_, copy) => run(copy)));
  return files;
}

/**
 * What answering needs before the first job: the client modules and a copy of pagefind.js for each
 * job run at once (each copy is imported, not yet initialized).
 */
function prepareAnswers(bundleDir, language) {
  const modules = Array.from({length: JOBS_AT_ONCE}, (_, copy) => pagefindModule(bundleDir, language, copy));
  return clientModules().then(async (loaded) => ({...loaded, modules: await Promise.all(modules)}));
}

/**
 * A worker thread (this file, below) that prepares at once, while the caller still works out the
 * jobs, and answers the jobs `answer` sends it; `cancel` ends it unused.
 */
function answerWorker(bundleDir, language) {
  const worker = new Worker(new URL(import.meta.url), {workerData: {headJobs: {bundleDir, language}}});
  const result = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`The precomputed answers' worker thread stopped (exit ${code}).`));
    });
  });
  result.catch(() => undefined); // a cancelled worker's result is never awaited
  return {
    answer(jobs) {
      worker.postMessage(jobs);
      return result;
    },
    // A thread ended while it copied pagefind.js may leave its copies in the bundle: removed here.
    async cancel() {
      const thread = worker.threadId;
      await worker.terminate();
      for (const name of await fs.readdir(bundleDir)) {
        if (name.startsWith(copyPrefix(thread))) await fs.rm(path.join(bundleDir, name), {force: true});
      }
    },
  };
}

if (!isMainThread && workerData?.headJobs) {
  const {bundleDir, language} = workerData.headJobs;
  const prepared = prepareAnswers(bundleDir, language);
  parentPort?.once('message', (jobs) =>
    answerJobs(bundleDir, language, jobs, prepared).then((files) => parentPort?.postMessage(files)),
  );
}

/**
 * Writes a `head.json` that lists no answers (with ORRERY_SEARCH_HEAD=0): the modal still asks
 * for the manifest, and a small file answers it sooner than the site's 404 page.
 *
 * @param {string} bundleDir
 */
export async function writeNoHeadAnswers(bundleDir) {
  const {head} = await clientModules();
  const manifest = {version: head.HEAD_VERSION, dir: '0', request: HEAD_REQUEST, contexts: [], keys: ''};
  await fs.rm(path.join(bundleDir, head.HEAD_DIR), {recursive: true, force: true});
  await fs.writeFile(path.join(bundleDir, head.HEAD_MANIFEST), JSON.stringify(manifest));
}

/**
 * Writes `<bundleDir>/head.json` and the answers (see ./client/head.ts) for
 * the site's pages' `tags` in `language`. Returns what it wrote.
 *
 * @param {string} bundleDir
 * @param {{tags: Iterable<string>, language: string, minBytes?: number, max?: number, typed?: Iterable<string>}} options
 */
export async function writeHeadAnswers(bundleDir, {tags, language, minBytes, max, typed}) {
  // Started before the keys are worked out (stemming every word's prefixes takes a while): by the
  // time the jobs are known it has loaded the client and Pagefind. Ended unused if the jobs are few.
  const helper = os.availableParallelism() >= 2 ? answerWorker(bundleDir, language) : undefined;
  try {
    return await writeHeadAnswersWith(helper, bundleDir, {tags, language, minBytes, max, typed});
  } finally {
    await helper?.cancel();
  }
}

async function writeHeadAnswersWith(helper, bundleDir, {tags, language, minBytes, max, typed}) {
  const prepared = prepareAnswers(bundleDir, language);
  const {head} = await prepared;
  const entry = JSON.parse(await fs.readFile(path.join(bundleDir, 'pagefind-entry.json'), 'utf8'));
  const info = entry.languages[language] ?? Object.values(entry.languages)[0];
  const metaFile = path.join(bundleDir, `pagefind.${info.hash}.pf_meta`);
  const meta = readPagefindBytes(await fs.readFile(metaFile), metaFile);
  const words = [];
  for (const chunk of meta[2]) {
    const file = path.join(bundleDir, 'index', `${chunk[2]}.pf_index`);
    for (const w of chunkWords(pagefindRaw(await fs.readFile(file), file), file)) {
      words.push({word: w.word, size: w.bytes.length});
    }
  }
  // In key order, so that the manifest's front-coded list packs best (client/head.ts encodeHeadKeys).
  const keys = headKeys(prefixWeights(words), head.headQueryKey, {minBytes, max, typed})
    .filter(({key}) => !key.includes(head.HEAD_KEY_SEPARATOR))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const contexts = searchContexts(tags, language);
  const jobs = keys.flatMap(({query}) => contexts.map((facetFilters) => ({query, facetFilters})));
  // Two halves at once when there are enough answers to pay for a second thread (each loads the
  // client and Pagefind, about half a second): one in a worker thread, one here.
  const threads = jobs.length >= 40 && helper ? 2 : 1;
  const cut = Math.ceil(jobs.length / threads);
  const parts = await Promise.all([
    answerJobs(bundleDir, language, jobs.slice(0, cut), prepared),
    ...(threads > 1 && helper ? [helper.answer(jobs.slice(cut))] : []),
  ]);
  const files = parts.flat();
  const contextKeys = contexts.map((f) => head.headContextKey(f, language));
  const dir = sha(JSON.stringify([contextKeys, keys.map((k) => k.key), files])).slice(0, 10);
  const headDir = path.join(bundleDir, head.HEAD_DIR);
  await fs.rm(headDir, {recursive: true, force: true});
  await fs.mkdir(path.join(headDir, dir), {recursive: true});
  await Promise.all(
    files.map((text, n) =>
      fs.writeFile(
        path.join(
          headDir,
          dir,
          head.headAnswerName(Math.floor(n / contexts.length), n % contexts.length, contexts.length),
        ),
        text,
      ),
    ),
  );
  const manifest = {
    version: head.HEAD_VERSION,
    dir,
    request: HEAD_REQUEST,
    contexts: contextKeys,
    keys: head.encodeHeadKeys(keys.map((k) => k.key)),
  };
  await fs.writeFile(path.join(bundleDir, head.HEAD_MANIFEST), JSON.stringify(manifest));
  return {
    keys: keys.length,
    contexts: contexts.length,
    files: files.length,
    bytes: files.reduce((s, f) => s + f.length, 0),
  };
}
