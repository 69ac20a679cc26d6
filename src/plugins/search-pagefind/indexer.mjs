// The embedded search index: a Pagefind index of the built doc pages in
// <build>/pagefind/, which the DocSearch modal and the /search/ page query in
// the browser (./client/). The plugin's postBuild (./index.ts) runs it after
// every `docusaurus build`, reading each page as soon as the postBuild pass
// over the pages has rewritten it; scripts/search-index.mjs is the same code as a
// command (`node scripts/search-index.mjs --dir <build>`) for builds made
// elsewhere. Plain JavaScript so that both can load it without a compiler.
//
// - Only pages with a `data-pagefind-body` element are indexed: the doc
//   content wrapper (./theme/DocItem/Content) adds it, so the home page, the
//   404 page, the search page and test pages stay out. Test pages and the
//   search page are also skipped by path, in case one ever renders a doc.
// - Each page's `docsearch:docusaurus_tag` and `docsearch:language` meta tags, the
//   very fields the hosted crawler reads, become Pagefind filters, so the
//   contextual search (3.4.0 docs vs current) filters on the same data in both
//   modes, save that the current docs' tag is no value (markFilterMetas says
//   why and how the client finds them). The pages must share one language (the client treats a filter on it
//   as true for every page, ./client/filters.ts). The attributes are added to
//   the HTML handed to Pagefind only; the files on disk are not rewritten.
// - URLs in the index are relative to the build root ("/planning/anchors/");
//   the browser adds the base path, so one index works under any BASE_URL.
// - Synonyms and acronyms (facts/search-synonyms.yaml, kept with the content):
//   a page holding one form of a group gets the other forms as `keywords`
//   metadata, which Pagefind searches (like the title) without showing it, so
//   "sso" finds the page that only says "single sign-on".
// - A `page_kind` filter (upgrade, decision-record) lets the client weigh
//   upgrade guides and decision records below feature pages. Guides, nearly
//   every page, carry no value: the client only ever asks for the two demoted
//   kinds, and a filter's file lists the pages of each of its values, so the
//   file the ranking fetches stays a few hundred bytes however many guides
//   the site has (with a `guide` value it grew by about 2 bytes gzip a page).
// - Pagefind's word index is cut again into small chunks (./rechunk.mjs), so
//   a query fetches a few KB of words instead of Pagefind's 20–120 KB chunk.
// - The heaviest one-word queries get precomputed answers (./head.mjs), so
//   the modal shows them without loading Pagefind.
// - Pages get short names and word counts rounded to 7 significant bits
//   (./rechunk.mjs rewritePageList): the page list every query loads first
//   shrinks by about half, then by about a seventh more.
// - With hosted search configured (ALGOLIA_APP_ID, ALGOLIA_API_KEY or
//   ALGOLIA_INDEX_NAME set, the rule of src/config/search.ts) nothing is built.
import {promises as fs} from 'node:fs';
import {createInterface} from 'node:readline';
import path from 'node:path';
import {COUNT_BITS, rechunkIndex, rewritePageList} from './rechunk.mjs';
import {collectTypedWords, writeHeadAnswers, writeNoHeadAnswers} from './head.mjs';
import {htmlFiles} from '../../../scripts/lib/build-files.mjs';

/** Path prefixes (relative to the build root) that are never indexed. */
const SKIPPED = [/^tests\//, /^search\//, /^pagefind\//, /^404\.html$/];

/** Inside the indexed body: the heading permalinks hold a zero-width space only. */
const EXCLUDE_SELECTORS = ['.hash-link', '[data-pagefind-ignore]'];

/** Pagefind's UI bundles: we query through our own client, so they are not shipped. */
const UNUSED_OUTPUT = /^pagefind-(ui|component-ui|modular-ui|highlight)\b/;

/** The synonym groups, relative to the site directory. */
export const SYNONYMS_FILE = path.join('facts', 'search-synonyms.yaml');

/** The groups of facts/search-synonyms.yaml (lines `  - [form, form, …]`; no YAML library needed at build time). */
export function parseSynonyms(text) {
  const groups = [];
  for (const line of text.split('\n')) {
    const m = /^\s*-\s*\[(.*)\]\s*(#.*)?$/.exec(line);
    if (!m) continue;
    const forms = m[1]
      .split(',')
      .map((f) =>
        f
          .trim()
          .replace(/^["']|["']$/g, '')
          .toLowerCase()
          .replace(/\s+/g, ' '),
      )
      .filter((f) => f.length > 0 && !/,/.test(f));
    if (forms.length > 1) groups.push(forms);
  }
  return groups;
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The other forms of each synonym group one of whose forms the text holds (as whole words). */
export function synonymsFor(text, groups) {
  const plain = ` ${text.toLowerCase().replace(/\s+/g, ' ')} `;
  const found = new Set();
  for (const forms of groups) {
    const present = forms.filter((f) =>
      new RegExp(`(^|[^\\p{L}\\p{N}-])${escapeRegExp(f)}(?=$|[^\\p{L}\\p{N}-])`, 'u').test(plain),
    );
    if (present.length === 0) continue;
    for (const f of forms) if (!present.includes(f)) found.add(f);
  }
  return [...found];
}

/** The kind of every page that is not an upgrade guide or a decision record: no filter value. */
const GUIDE = 'guide';

/** The kind of page, from its path relative to the build root. */
export function pageKind(rel) {
  if (/(^|\/)upgrade-guides\//.test(rel)) return 'upgrade';
  if (/(^|\/)arch-decision-records\/\d{4}-/.test(rel)) return 'decision-record';
  return GUIDE;
}

/** The indexed body's text, roughly (for synonyms only). */
function bodyText(html) {
  const start = html.indexOf('data-pagefind-body');
  return html
    .slice(start < 0 ? 0 : start)
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&');
}

/**
 * Adds the page's kind filter (upgrade guides and decision records only) and
 * synonym keywords inside its `data-pagefind-body` element; a guide without
 * synonyms is returned as it is.
 */
export function addSearchHints(html, rel, groups) {
  const clean = (words) => words.join(' ').replace(/[",<>&:]/g, ' ');
  const keywords = clean(synonymsFor(bodyText(html), groups));
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html.slice(Math.max(0, html.indexOf('data-pagefind-body'))));
  const titleSynonyms = h1 ? clean(synonymsFor(h1[1].replace(/<[^>]+>/g, ' '), groups)) : '';
  const metas = [keywords && `keywords:${keywords}`, titleSynonyms && `title_synonyms:${titleSynonyms}`].filter(
    Boolean,
  );
  const kind = pageKind(rel);
  const attributes = [
    kind !== GUIDE && `data-pagefind-filter="page_kind:${kind}"`,
    metas.length > 0 && `data-pagefind-meta="${metas.join(', ')}"`,
  ].filter(Boolean);
  if (attributes.length === 0) return html;
  const hint = `<span ${attributes.join(' ')}></span>`;
  return html.replace(/(<[a-z]+\b[^>]*\bdata-pagefind-body\b[^>]*>)/i, `$1${hint}`);
}

/** The variables that select hosted search (the rule of src/config/search.ts), those set in `env`. */
export function hostedVariables(env) {
  return ['ALGOLIA_APP_ID', 'ALGOLIA_API_KEY', 'ALGOLIA_INDEX_NAME'].filter((name) => env[name]?.trim());
}

/**
 * What Pagefind needs of a built page: its head (the `<html lang>`, the
 * docsearch meta tags) and the `data-pagefind-body` element with what follows
 * it; the navbar and the sidebar before that element, most of a page's bytes
 * (a sidebar of a few dozen links is some 30 KB), are left out, since Pagefind
 * would parse them only to ignore them. The end tags of the elements left out
 * remain, and an HTML parser drops them. The index is byte-for-byte the one
 * the whole pages give (checked on this site's build when this was written).
 */
export function indexedPart(html) {
  const body = html.indexOf('data-pagefind-body');
  const headEnd = html.search(/<\/head\s*>/i);
  if (body < 0 || headEnd < 0 || headEnd > body) return html;
  const start = html.lastIndexOf('<', body);
  return `${html.slice(0, headEnd)}</head><body>${html.slice(start)}`;
}

/**
 * The built HTML is minified without optional end tags (`<td>a<td>b`, `<li>…`,
 * `<p>…`), and Pagefind then runs the texts of neighbouring cells or items
 * together ("OffsetPlan"), so those words cannot be found. A space before each
 * such start tag keeps them apart (in the copy handed to Pagefind only).
 */
export function separateBlocks(html) {
  return html.replace(/<(p|li|dt|dd|tr|td|th|thead|tbody|tfoot|caption|option|br)(?=[\s/>])/gi, ' <$1');
}

/** The `content` attribute among a tag's attributes ('' without one). */
function metaContent(attrs) {
  const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+))/i.exec(attrs);
  return content ? (content[1] ?? content[2] ?? content[3] ?? '') : '';
}

/** The value of a page's `docsearch:<name>` meta tag (`language`, `docusaurus_tag`), or null. */
export function docsearchMeta(html, name) {
  const named = new RegExp(`\\bname\\s*=\\s*["']?docsearch:${name}(?=["'\\s/>])`, 'i');
  for (const [, attrs] of html.matchAll(/<meta\b([^>]*)>/gi)) {
    if (named.test(attrs)) return metaContent(attrs);
  }
  return null;
}

/** The value of a page's `docsearch:language` meta tag, or null. */
export function docsearchLanguage(html) {
  return docsearchMeta(html, 'language');
}

/**
 * `languages`: each page's `docsearch:language` (null: none) by path. Returns
 * null when all pages name one language, else that of the first page and
 * the pages that differ or name none: the client leaves a filter on the site's
 * language out of every query as true for every page (./client/filters.ts), so
 * the index must hold one language only, as a Docusaurus build of one locale does.
 */
export function otherLanguages(languages) {
  const [first] = languages.values();
  const others = [...languages]
    .filter(([, language]) => language === null || language !== first)
    .map(([rel, language]) => `${rel} (${language ?? 'none'})`);
  return others.length > 0 ? {first, others} : null;
}

/** The current docs' tag (the version new pages go to): no filter value (client/filters.ts has the same). */
export const COMMON_TAG = 'docs-default-current';
/** The filter value every page of another tag carries besides its own (client/filters.ts has the same). */
export const TAGGED = '*';

/**
 * Adds `data-pagefind-filter` to the two docsearch meta tags of a page, but
 * to the `docusaurus_tag` of COMMON_TAG: those pages carry no tag in the
 * index, and every other page carries TAGGED besides its own, so the client
 * finds the common tag's pages as those without TAGGED and the filter file
 * the contextual search fetches does not grow with the current docs.
 */
export function markFilterMetas(html) {
  return html.replace(/<meta\b([^>]*)>/gi, (tag, attrs) => {
    const name = /\bname\s*=\s*["']?docsearch:(docusaurus_tag|language)(?=["'\s/>])/i.exec(attrs);
    if (!name) return tag;
    if (name[1] !== 'docusaurus_tag') return `<meta data-pagefind-filter="${name[1]}[content]"${attrs}>`;
    if (metaContent(attrs) === COMMON_TAG) return tag;
    return `<meta data-pagefind-filter="docusaurus_tag[content]"${attrs}><meta data-pagefind-filter="docusaurus_tag:${TAGGED}">`;
  });
}

/**
 * The pages to index, in the order they are indexed: every HTML file of the build in path order
 * (scripts/lib/build-files.mjs, the order of the postBuild pass too), or, with `--pages -`, the
 * paths the plugin's postBuild writes to standard input, one a line, as its pass over the pages
 * finishes each (the same pages, in the same order, each read once it is rewritten).
 */
async function* pagesToIndex(buildDir, fromStdin) {
  if (!fromStdin) {
    yield* htmlFiles(buildDir);
    return;
  }
  const lines = createInterface({input: process.stdin, crlfDelay: Infinity});
  for await (const line of lines) if (line) yield line;
}

/**
 * A built page as a whole. Docusaurus runs the plugins' postBuild hooks at the
 * same time, and another plugin may be rewriting this very file (truncated,
 * then written): a read that does not end with `</body>` or `</html>` is tried
 * again (the minified pages leave out `</html>`).
 */
async function readWholePage(file) {
  let html = '';
  for (let attempt = 0; attempt < 50; attempt += 1) {
    html = await fs.readFile(file, 'utf8');
    if (/<\/(body|html)>\s*$/i.test(html)) return html;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return html;
}

async function dirSize(dir) {
  let total = 0;
  for (const entry of await fs.readdir(dir, {withFileTypes: true, recursive: true})) {
    if (entry.isFile()) total += (await fs.stat(path.join(entry.parentPath ?? entry.path, entry.name))).size;
  }
  return total;
}

/**
 * Writes the Pagefind index of the build in `buildDir` to `<buildDir>/pagefind/`
 * (nothing in hosted mode). `siteDir` holds facts/search-synonyms.yaml. The
 * caller closes Pagefind (`closePagefind`) when done.
 */
export async function buildSearchIndex({
  buildDir,
  siteDir,
  env = process.env,
  log = console.log,
  pagesFromStdin = false,
}) {
  const outputPath = path.join(buildDir, 'pagefind');
  const hostedVars = hostedVariables(env);
  if (hostedVars.length > 0) {
    log(`[search] Hosted search configured (${hostedVars.join(', ')}): no embedded index built.`);
    return;
  }
  const rechunk = smallChunks(env);
  const head = headAnswers(env);
  const pageNames = shortNames(env);
  const countBits = roundedCounts(env) ? COUNT_BITS : 0;
  try {
    await fs.access(path.join(buildDir, 'index.html'));
  } catch {
    throw new Error(`No production build in ${buildDir}: run "docusaurus build" first.`);
  }
  const started = Date.now();
  // Imported here, so tests can import this file's pure helpers without Pagefind.
  const {createIndex} = await import('pagefind');
  const {index, errors: createErrors} = await createIndex({excludeSelectors: EXCLUDE_SELECTORS});
  if (!index) throw new Error(`Pagefind could not start: ${createErrors.join('; ')}`);

  const groups = parseSynonyms(await fs.readFile(path.join(siteDir, SYNONYMS_FILE), 'utf8'));
  let indexed = 0;
  const untagged = [];
  const tags = new Set();
  const languages = new Map();
  // The pages' words, for the precomputed answers (./head.mjs `headKeys`).
  const typed = new Set();
  // One page at a time, in path order, so that the index is the same on every build (and on every
  // machine: a folder's listing order is the file system's); while Pagefind indexes a page (in its
  // own process), the next one is read and prepared here.
  let pending;
  const settle = async () => {
    if (!pending) return;
    const {rel, added} = pending;
    pending = undefined;
    const {errors} = await added;
    if (errors.length > 0) throw new Error(`Pagefind could not index ${rel}: ${errors.join('; ')}`);
    indexed += 1;
  };
  for await (const rel of pagesToIndex(buildDir, pagesFromStdin)) {
    if (SKIPPED.some((re) => re.test(rel))) continue;
    const html = await readWholePage(path.join(buildDir, rel));
    if (!html.includes('data-pagefind-body')) continue;
    const content = separateBlocks(markFilterMetas(addSearchHints(indexedPart(html), rel, groups)));
    const tag = docsearchMeta(html, 'docusaurus_tag');
    if (tag) tags.add(tag);
    else untagged.push(rel);
    languages.set(rel, docsearchLanguage(html));
    if (head) collectTypedWords(content, typed);
    await settle();
    pending = {rel, added: index.addHTMLFile({sourcePath: rel, content})};
  }
  await settle();
  if (indexed === 0) {
    throw new Error(
      `No doc page in ${buildDir} carries data-pagefind-body: is the search plugin's theme/DocItem/Content still in place?`,
    );
  }
  if (untagged.length > 0) {
    // Contextual search would hide these pages from every version: fail loudly.
    throw new Error(`Pages without a docsearch:docusaurus_tag meta: ${untagged.slice(0, 5).join(', ')}`);
  }
  const mixed = otherLanguages(languages);
  if (mixed) {
    throw new Error(
      `The indexed pages must share one docsearch:language (the first is ${mixed.first ?? 'none'}); ` +
        `these differ: ${mixed.others.slice(0, 5).join(', ')}${mixed.others.length > 5 ? ', …' : ''}`,
    );
  }

  await fs.rm(outputPath, {recursive: true, force: true});
  const {errors: writeErrors} = await index.writeFiles({outputPath});
  if (writeErrors.length > 0) throw new Error(`Pagefind could not write the index: ${writeErrors.join('; ')}`);
  for (const name of await fs.readdir(outputPath)) {
    if (UNUSED_OUTPUT.test(name)) await fs.rm(path.join(outputPath, name), {recursive: true, force: true});
  }
  if (rechunk) await rechunkIndex(outputPath);
  if (pageNames || countBits > 0) await rewritePageList(outputPath, {names: pageNames, countBits});
  let headNote = '';
  if (head) {
    const headStarted = Date.now();
    const language = [...languages.values()][0] ?? 'en';
    const wrote = await writeHeadAnswers(outputPath, {tags, language, typed});
    headNote = `; ${wrote.keys} precomputed queries in ${wrote.contexts} contexts, ${((Date.now() - headStarted) / 1000).toFixed(1)} s`;
  } else {
    await writeNoHeadAnswers(outputPath);
  }
  const kb = ((await dirSize(outputPath)) / 1024).toFixed(0);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log(
    `[search] Indexed ${indexed} doc pages into ${path.relative(process.cwd(), outputPath)}/ (${kb} KB, ${seconds} s${headNote}).`,
  );
}

/**
 * Whether the word index is cut into small chunks (./rechunk.mjs): on unless
 * ORRERY_SEARCH_CHUNKS is "0" or "false" (Pagefind's own chunks, for
 * comparison). Read as src/config/env.ts readFlag reads switches.
 */
export function smallChunks(env) {
  return flag(env, 'ORRERY_SEARCH_CHUNKS');
}

/**
 * Whether pages get short names (./rechunk.mjs rewritePageList): on unless
 * ORRERY_SEARCH_PAGE_NAMES is "0" or "false" (Pagefind's names, for comparison).
 */
export function shortNames(env) {
  return flag(env, 'ORRERY_SEARCH_PAGE_NAMES');
}

/**
 * Whether the page list's word counts are rounded to COUNT_BITS significant
 * bits (./rechunk.mjs rewritePageList): on unless ORRERY_SEARCH_ROUND_COUNTS is
 * "0" or "false" (Pagefind's exact counts, for comparison).
 */
export function roundedCounts(env) {
  return flag(env, 'ORRERY_SEARCH_ROUND_COUNTS');
}

/** An on/off switch, on when unset; read as src/config/env.ts readFlag reads switches. */
function flag(env, name) {
  const raw = env[name];
  if (raw === undefined || raw === '') return true;
  const value = raw.trim().toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Error(`${name} must be "true" or "false", got "${raw}".`);
}

/**
 * Whether the commonest one-word queries get precomputed answers
 * (./head.mjs): on unless ORRERY_SEARCH_HEAD is "0" or "false".
 */
export function headAnswers(env) {
  return flag(env, 'ORRERY_SEARCH_HEAD');
}

/** Stops Pagefind's indexing service (a child process), if it was started. */
export async function closePagefind() {
  const {close} = await import('pagefind');
  await close();
}

// Run by the plugin's postBuild as a child process (the config loader turns
// imports into require(), which cannot load Pagefind, an ES module):
//   node indexer.mjs --dir <build> --site <siteDir> [--pages -]
const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const option = (name) => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  buildSearchIndex({
    buildDir: path.resolve(option('dir') ?? 'build'),
    siteDir: path.resolve(option('site') ?? '.'),
    pagesFromStdin: option('pages') === '-',
  })
    .catch((error) => {
      console.error(`[search] ${error instanceof Error ? error.message : error}`);
      process.exitCode = 1;
    })
    .finally(closePagefind);
}
