/**
 * Canaries for the performance work (src/plugins/code-highlight, page-startup,
 * bundle-trim and navigation, their READMEs and PERFORMANCE.md): each check reads the built site and fails when the
 * mechanism it names is switched off or silently stops matching after an
 * upgrade (the plugins lean on Docusaurus, theme and bundler internals).
 * Run after `npm run build`; BUILD_DIR picks another build, BASE_URL its base
 * path. No browser; a few seconds.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {CHUNK_TABLES_GLOBAL, findChunkTables} from '../../src/plugins/bundle-trim/chunkTables';

const buildDir = process.env.BUILD_DIR ?? 'build';
const baseUrl = process.env.BASE_URL || '/orrery/';

/**
 * The Docusaurus version the overrides and the performance plugins were
 * written against. Upgrading Docusaurus is a deliberate edit of this constant,
 * after re-checking every override and internal listed in src/theme/README.md
 * and the READMEs of src/plugins/{code-highlight,page-startup,bundle-trim,navigation}
 * against the new version.
 */
const DOCUSAURUS_VERSION = '3.10.2';

/** README.md "Performance": JavaScript on a doc page without diagrams ≤ 150 KB gzip. */
const DOC_PAGE_JS_BUDGET = 150 * 1024;
/** The typical doc page of the benchmark (no diagrams). */
const TYPICAL_DOC_PAGE = 'mission-modeling/value-schemas/index.html';
/** As the deployed nginx sends it (deploy/nginx, scripts/bench-lib.mjs). */
const GZIP_LEVEL = 5;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name));
}

const read = (file: string): string => readFileSync(file, 'utf8');

/** The build file of a script URL under the base path. */
function buildFile(url: string): string {
  assert.ok(url.startsWith(baseUrl), `${url} is not under the base path ${baseUrl}`);
  return path.join(buildDir, url.slice(baseUrl.length));
}

/**
 * The page loader of src/plugins/page-startup/loader.ts: its entry scripts (in
 * its text) and the page's own (its attribute).
 */
export function loaderScripts(html: string): {entry: string[]; page: string[]} | null {
  const m = /<script data-page-scripts(?:="([^"]*)")?>([^<]*)<\/script>/.exec(html);
  if (!m) return null;
  const entry = /\}\((\[[^\]]*\]),document\.currentScript/.exec(m[2] ?? '')?.[1];
  return {
    entry: entry ? (JSON.parse(entry) as string[]) : [],
    page: (m[1] ?? '').split(' ').filter(Boolean),
  };
}

/** The JSON modules the bundler emits as `JSON.parse('…')`, parsed. */
export function jsonModules(js: string): unknown[] {
  const values: unknown[] = [];
  for (const [, literal] of js.matchAll(/JSON\.parse\('((?:[^'\\]|\\.)*)'\)/g)) {
    try {
      // The argument is a single-quoted string literal of the build's own output.
      const text = new Function(`return '${literal ?? ''}';`)() as string;
      values.push(JSON.parse(text) as unknown);
    } catch {
      continue;
    }
  }
  return values;
}

const typicalPage = (): {entry: string[]; page: string[]; files: string[]} => {
  const file = path.join(buildDir, TYPICAL_DOC_PAGE);
  assert.ok(existsSync(file), `expected ${TYPICAL_DOC_PAGE} in a full build in ${buildDir}/`);
  const scripts = loaderScripts(read(file));
  assert.ok(
    scripts,
    `${TYPICAL_DOC_PAGE} has no page loader (<script data-page-scripts>, src/plugins/page-startup/loader.ts)`,
  );
  return {...scripts, files: [...scripts.entry, ...scripts.page].map(buildFile)};
};

const mainBundle = (): string => {
  const {entry} = typicalPage();
  const main = entry.find((u) => /\/main\.[^/]*\.js$/.test(u));
  assert.ok(main, `no main bundle among the entry scripts ${entry.join(', ')}`);
  return read(buildFile(main));
};

test(`a typical doc page's first-load JavaScript is within ${DOC_PAGE_JS_BUDGET / 1024} KB gzip`, () => {
  const {entry, page, files} = typicalPage();
  assert.equal(entry.length, 2, `expected runtime and main as entry scripts, got ${entry.join(', ')}`);
  // Without the page's own scripts (pageScripts.ts) the budget would only count what loads first.
  assert.ok(page.length >= 3, `expected the page's own chunk scripts in data-page-scripts, got ${page.length}`);
  const sizes = files.map((f) => ({f, gz: gzipSync(readFileSync(f), {level: GZIP_LEVEL}).length}));
  const total = sizes.reduce((sum, s) => sum + s.gz, 0);
  assert.ok(
    total <= DOC_PAGE_JS_BUDGET,
    `${TYPICAL_DOC_PAGE}: ${(total / 1024).toFixed(1)} KB gzip of JavaScript, over the budget of ` +
      `${DOC_PAGE_JS_BUDGET / 1024} KB:\n` +
      sizes.map((s) => `  ${(s.gz / 1024).toFixed(1)} KB  ${path.relative(buildDir, s.f)}`).join('\n'),
  );
});

test('the first load carries no nprogress and no Prism grammars; the main bundle no @site/ module names', () => {
  const {files} = typicalPage();
  for (const file of files) {
    const js = read(file);
    const name = path.relative(buildDir, file);
    // The theme's progress bar (replaced by client/progressBar.ts): its element id and classes.
    assert.ok(!/nprogress/.test(js), `${name}: nprogress is back (module replacement in src/plugins/navigation)`);
    // Prism and its languages (prism-include-languages replaced; highlighter/ loads Prism on demand).
    assert.ok(!/\blanguages\.extend\(|\bPrism\b/.test(js), `${name}: Prism grammars are in the first load`);
  }
  // react-loadable's module names (registry.js trimmed by loaders/trimClientData.cjs). Doc metadata
  // in a page's own chunk names its source file ("source":"@site/docs/…"), which is not a module name.
  const main = mainBundle();
  const names = main.match(/["']@site\/[^"']*/g) ?? [];
  assert.deepEqual(names.slice(0, 5), [], 'the main bundle names source modules (registry.js untrimmed)');
});

/** The route part chunks (bundle-trim's route parts): each names itself, "orrery-routes-N", first. */
const routePartFiles = (): string[] =>
  readdirSync(path.join(buildDir, 'assets', 'js'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(buildDir, 'assets', 'js', f))
    .filter((f) => /"orrery-routes-\d+",/.test(read(f)));

/** The page paths of the sitemap, under the base path. */
const sitemapPaths = (): string[] =>
  [...read(path.join(buildDir, 'sitemap.xml')).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] ?? '').pathname,
  );

test('the main bundle holds no table of the doc routes: they are in route parts, which every page lists', () => {
  const main = mainBundle();
  const paths = sitemapPaths();
  assert.ok(paths.length > 150, `expected the whole site in the sitemap, found ${paths.length} pages`);
  // A route of routes.js, minified: {path:"<path>",component:…; a routesChunkNames key: "<path>-<hash>":.
  const inMain = paths.filter((p) => main.includes(`path:"${p}",component`) || main.includes(`"${p}-`));
  assert.ok(
    inMain.length <= paths.length * 0.1,
    `the main bundle holds the routes of ${inMain.length} of ${paths.length} pages (route parts off? ` +
      `src/plugins/bundle-trim/loaders/routeSplit.cjs), e.g. ${inMain.slice(0, 3).join(', ')}`,
  );
  const parts = routePartFiles();
  assert.ok(parts.length >= 3, `expected route part chunks, found ${parts.length}`);
  const inParts = parts.map(read).join('\n');
  const missing = paths.filter((p) => !inMain.includes(p) && !inParts.includes(`path:"${p}",component`));
  // Pages that are not routes of their own: none; a page missing from both is a lost route.
  assert.deepEqual(missing.slice(0, 5), [], 'doc pages whose route is in neither the main bundle nor a part');
  // Every doc page lists the part that holds its route among its own scripts.
  const {page} = typicalPage();
  const partUrls = parts.map((f) => `${baseUrl}${path.relative(buildDir, f).split(path.sep).join('/')}`);
  assert.ok(
    page.some((u) => partUrls.includes(u)),
    `${TYPICAL_DOC_PAGE} does not list its route part among its scripts (src/plugins/page-startup/pageScripts.ts)`,
  );
});

test('the route tables in the main bundle and the route parts are trimmed: empty module names, short chunk names', () => {
  const main = [mainBundle(), ...routePartFiles().map(read)].join('\n');
  // Registry entries: [() => import(chunk).then(bind(module)), "module name", module], and a doc
  // page's (page-data): [pageDataLoader("…/assets/pages/….json"), "module name", void 0].
  const names = [
    ...[...main.matchAll(/\.bind\(\w+,(\d+)\)\),"((?:[^"\\]|\\.)*)",\1\]/g)].map((m) => m[2]),
    ...[...main.matchAll(DATA_ENTRY)].map((m) => m[2]),
  ];
  assert.ok(names.length > 100, `expected the chunk registry in the main bundle, found ${names.length} entries`);
  assert.deepEqual(
    names.filter((n) => n !== ''),
    [],
    'registry entries keep their module names (src/plugins/bundle-trim/loaders/trimClientData.cjs, kind "registry")',
  );
  // Docusaurus's chunk names (the registry's keys) are 8 hex digits; the loader renames them to
  // base-36 names of a few characters.
  const keys = [...main.matchAll(/[{,]"?([\w~-]+)"?:\[(?:\(\)=>|\(0,[\w$]+\.[\w$]+\)\("[^"]*\/assets\/pages\/)/g)].map(
    (m) => m[1] ?? '',
  );
  assert.ok(keys.length >= names.length, `expected a key per registry entry, found ${keys.length}`);
  const long = keys.filter((k) => k.length > 4);
  assert.deepEqual(
    long.slice(0, 5),
    [],
    'the chunk registry keeps long chunk names (src/plugins/bundle-trim/loaders/trimClientData.cjs)',
  );
});

/** A doc page's registry entry as the bundle minifies it (src/plugins/page-data): its data file's URL, its module name. */
const DATA_ENTRY = /\[\(0,[\w$]+\.[\w$]+\)\("([^"]+\/assets\/pages\/[^"]+\.json)"\),"((?:[^"\\]|\\.)*)",void 0\]/g;

/** The routesChunkNames table in the main bundle: route key → chunk names. */
function routeTable(main: string): Record<string, Record<string, unknown>> {
  const table = jsonModules(main).find(
    (v): v is Record<string, Record<string, unknown>> =>
      typeof v === 'object' && v !== null && Object.keys(v).some((k) => k.startsWith(baseUrl)),
  );
  assert.ok(table, 'no route chunk-name table (routesChunkNames.json) found in the main bundle');
  return table;
}

test('every route has short chunk names, and every page lists its own scripts', () => {
  const table = routeTable(mainBundle());
  const entries = Object.entries(table);
  assert.ok(entries.length > 10, `expected the routes the main bundle keeps, found ${entries.length}`);
  // The parts' tables: route key → chunk names, as object literals; none keeps an 8-digit name.
  for (const file of routePartFiles()) {
    // Up to the part's share of the runtime's chunk tables (chunk ids → 8-digit file hashes).
    const long =
      read(file)
        .split(`;(self.${CHUNK_TABLES_GLOBAL}=`)[0]
        ?.match(/:"[0-9a-f]{8}"/g) ?? [];
    assert.deepEqual(long.slice(0, 3), [], `${path.relative(buildDir, file)} keeps long chunk names`);
  }
  const leaves = (v: unknown): string[] =>
    typeof v === 'string' ? [v] : v && typeof v === 'object' ? Object.values(v).flatMap(leaves) : [];
  for (const [key, names] of entries) {
    // The key format pageScripts.ts relies on: `${path}-${hash}`.
    assert.match(key, /^\/.*-[0-9a-f]{3}$/, `route key ${key} is not "<path>-<hash>"`);
    const all = leaves(names);
    assert.ok(typeof names.__comp === 'string', `route ${key} has no component chunk`);
    const long = all.filter((n) => n.length > 4);
    assert.deepEqual(
      long,
      [],
      `route ${key} keeps long chunk names (src/plugins/bundle-trim/loaders/trimClientData.cjs)`,
    );
  }
  const missing = htmlFiles(buildDir)
    .filter((f) => path.relative(buildDir, f) !== '404.html')
    .filter((f) => {
      const scripts = loaderScripts(read(f));
      return scripts !== null && scripts.page.length === 0;
    })
    .map((f) => path.relative(buildDir, f));
  assert.deepEqual(missing, [], 'pages whose loader lists none of their chunk scripts (pageScripts.ts)');
});

test("the runtime's chunk tables hold no page's chunk: each part holds its pages', and every entry names a file", () => {
  const {entry} = typicalPage();
  const runtimeUrl = entry.find((u) => /\/runtime~main\.[^/]*\.js$/.test(u));
  assert.ok(runtimeUrl, `no runtime among the entry scripts ${entry.join(', ')}`);
  const runtime = read(buildFile(runtimeUrl));
  // Throws when the runtime's two tables are not in the form chunkTables.ts reads and writes.
  const {hashes, ids} = findChunkTables(runtime);
  assert.ok(
    runtime.includes(`??self.${CHUNK_TABLES_GLOBAL}?.u[`) && runtime.includes(`??self.${CHUNK_TABLES_GLOBAL}?.n[`),
    "the runtime's lookups do not fall back to the parts' tables (src/plugins/bundle-trim/chunkTables.ts)",
  );
  const jsDir = path.join(buildDir, 'assets', 'js');
  const files = new Set(readdirSync(jsDir));
  const fileOf = (id: string, hash: string) => `${id}.${hash}.js`;
  const inParts = new Map<string, string>();
  let dataInParts = 0;
  for (const file of routePartFiles()) {
    dataInParts += [...read(file).matchAll(DATA_ENTRY)].length;
    const table = new RegExp(`\\.${CHUNK_TABLES_GLOBAL}\\.u,\\{([^}]*)\\}`).exec(read(file))?.[1];
    assert.ok(table, `${path.relative(buildDir, file)} carries no chunk table (chunkTables.ts)`);
    for (const [, id, hash] of table.matchAll(/"?([\w~-]+)"?:"([0-9a-f]+)"/g)) inParts.set(id ?? '', hash ?? '');
  }
  // A doc page's content, a chunk or a data file (page-data), is named in its part, not in the
  // runtime; what stays in the runtime does not grow with the pages.
  const pages = sitemapPaths().length;
  assert.ok(
    inParts.size + dataInParts >= pages / 2,
    `expected the parts to name a chunk or data file per doc page, found ${inParts.size} chunks and ${dataInParts} data files`,
  );
  assert.ok(
    hashes.entries.size < pages / 2,
    `the runtime keeps ${hashes.entries.size} chunk file hashes for ${pages} pages (chunkTables.ts off?)`,
  );
  const both = [...inParts.keys()].filter((id) => hashes.entries.has(id) || [...ids.entries.values()].includes(id));
  assert.deepEqual(both.slice(0, 5), [], 'chunks both in the runtime and in a part');
  const missing = [...hashes.entries, ...inParts].map(([id, hash]) => fileOf(id, hash)).filter((f) => !files.has(f));
  assert.deepEqual(missing.slice(0, 5), [], 'chunk table entries that name no file in assets/js/');
});

test("sidebar parts: no loader in the main bundle, no entry in the runtime's tables; the modules that name them carry both", () => {
  const jsDir = path.join(buildDir, 'assets', 'js');
  const js = new Map(
    readdirSync(jsDir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => [f, read(path.join(jsDir, f))]),
  );
  // A sidebar part's chunk holds its module: {"part": …, "items": …} (bundle-trim's sidebarSplit.cjs).
  const sidebarChunks = [...js].filter(([, text]) => text.includes(`JSON.parse('{"part":"`));
  assert.ok(sidebarChunks.length >= 5, `expected the sidebar parts' chunks, found ${sidebarChunks.length}`);
  const idOf = (file: string) => file.slice(0, file.indexOf('.'));
  const [, runtime = ''] = [...js].find(([f]) => f.startsWith('runtime~main.')) ?? [];
  const [, main = ''] = [...js].find(([f]) => f.startsWith('main.')) ?? [];
  const {hashes, ids} = findChunkTables(runtime);
  const named = [...ids.entries.keys()].filter((name) => name.startsWith('orrery-sidebar-'));
  assert.deepEqual(named.slice(0, 3), [], "sidebar part names in the runtime's chunk name table");
  const kept = sidebarChunks.map(([f]) => idOf(f)).filter((id) => hashes.entries.has(id));
  assert.deepEqual(kept.slice(0, 3), [], "sidebar part chunks in the runtime's file hash table");
  const loaded = sidebarChunks.map(([f]) => idOf(f)).filter((id) => new RegExp(`\\.e\\("?${id}"?\\)`).test(main));
  assert.deepEqual(loaded.slice(0, 3), [], 'the main bundle loads sidebar part chunks');
  // Every sidebar part's chunk is loaded by the chunk that shows its category (a docs version's
  // metadata, for an outer category; the part around it, for a nested one), whose table names its file.
  const versions = [...js].filter(([, text]) => text.includes('docsSidebars') && text.includes(CHUNK_TABLES_GLOBAL));
  assert.ok(
    versions.length >= 2,
    `expected docs version metadata chunks carrying chunk tables, found ${versions.length}`,
  );
  let nested = 0;
  for (const [file] of sidebarChunks) {
    const id = idOf(file);
    const loads = ([, text]: [string, string]) => new RegExp(`\\.e\\("?${id}"?\\)`).test(text);
    const hosts = [...versions.filter(loads), ...sidebarChunks.filter(loads)];
    assert.ok(hosts.length > 0, `no docs version metadata or sidebar part chunk loads the sidebar part ${file}`);
    if (sidebarChunks.some(loads)) {
      nested++;
      assert.deepEqual(
        versions.filter(loads).map(([f]) => f),
        [],
        `a version's metadata loads the nested part ${file}`,
      );
    }
    for (const [host, text] of hosts) {
      const table = new RegExp(`\\.${CHUNK_TABLES_GLOBAL}\\.u,\\{([^}]*)\\}`).exec(text)?.[1] ?? '';
      const hash = new RegExp(`(?:^|,)"?${id}"?:"([0-9a-f]+)"`).exec(table)?.[1];
      assert.equal(`${id}.${hash ?? ''}.js`, file, `${host} does not carry the file of the sidebar part it loads`);
    }
  }
  // Nested large categories (Tutorials › Mission modeling): loaded by their outer part, not the version.
  assert.ok(nested > 0, 'no sidebar part is loaded by another: nested parts are registered by the version');
});

test("the docs plugin's global data in the main bundle lists no doc of a route part but the main docs; the parts list them", () => {
  const data = jsonModules(mainBundle()).find(
    (v): v is Record<string, Record<string, {versions: {mainDocId: string; docs: {id: string; path: string}[]}[]}>> =>
      typeof v === 'object' && v !== null && 'docusaurus-plugin-content-docs' in v,
  )?.['docusaurus-plugin-content-docs'];
  assert.ok(data, 'no docs plugin global data (globalData.json) found in the main bundle');
  const parts = routePartFiles().map(read).join('\n');
  const slash = (p: string) => (p.endsWith('/') ? p : `${p}/`);
  const inParts = (p: string) => parts.includes(`path:"${slash(p)}",component`);
  let moved = 0;
  for (const [pluginId, {versions}] of Object.entries(data)) {
    for (const version of versions) {
      const stayed = version.docs.filter((d) => d.id !== version.mainDocId && inParts(d.path)).map((d) => d.path);
      assert.deepEqual(
        stayed.slice(0, 3),
        [],
        `${pluginId} ${JSON.stringify(version.mainDocId)}: docs of route parts in the global data (routeSplit.cjs splitDocsData off?)`,
      );
    }
  }
  // Every doc page's doc is in the part that holds its route (the version menu and banner read it).
  for (const p of sitemapPaths().filter(inParts)) {
    const bare = p.replace(/\/$/, '');
    if (parts.includes(`path:"${bare}",`) || parts.includes(`path:"${bare}"}`)) moved++;
  }
  assert.ok(moved > sitemapPaths().length / 2, `expected the parts to carry the docs of their routes, found ${moved}`);
});

interface SidebarItem {
  type: string;
  __part?: string;
  docId?: string;
  href?: string;
  items?: SidebarItem[];
}
interface VersionData {
  version: {
    pluginId: string;
    version: string;
    docsSidebars: Record<string, SidebarItem[]>;
    docs: Record<string, {description?: string}>;
  };
}

test('docs versions carry only the docs a category page shows as cards', () => {
  const versions: VersionData[] = [];
  // Sidebar parts (bundle-trim's sidebarSplit.cjs): a large category's items, by the part's name.
  const sidebarParts = new Map<string, SidebarItem[]>();
  for (const file of readdirSync(path.join(buildDir, 'assets', 'js'))) {
    const js = read(path.join(buildDir, 'assets', 'js', file));
    const hasVersion = js.includes('docsSidebars');
    if (!hasVersion && !js.includes('"part":')) continue;
    for (const v of jsonModules(js)) {
      const version = (v as Partial<VersionData>)?.version;
      if (version?.docsSidebars && version.docs) versions.push(v as VersionData);
      const part = v as {part?: unknown; items?: SidebarItem[]};
      if (typeof part.part === 'string' && Array.isArray(part.items)) sidebarParts.set(part.part, part.items);
    }
  }
  assert.ok(versions.length >= 2, `expected the docs versions' metadata chunks, found ${versions.length}`);
  let dropped = 0;
  // Large collapsed categories whose items are in sidebar parts (bundle-trim's sidebarSplit.cjs).
  let stubs = 0;
  for (const {version} of versions) {
    const cards = new Set<string>();
    const all = new Set<string>();
    const walk = (items: SidebarItem[]): void => {
      for (const item of items) {
        if (item.docId) all.add(item.docId);
        if (item.type !== 'category') continue;
        if (item.__part !== undefined) stubs++;
        const children = item.__part === undefined ? (item.items ?? []) : sidebarParts.get(item.__part);
        assert.ok(children, `sidebar part ${item.__part ?? ''} not found among the built chunks`);
        if (item.href) for (const child of children) if (child.docId) cards.add(child.docId);
        walk(children);
      }
    };
    Object.values(version.docsSidebars).forEach(walk);
    const extra = Object.keys(version.docs).filter((id) => !cards.has(id));
    assert.deepEqual(
      extra,
      [],
      `${version.pluginId} ${version.version}: docs no card shows (src/plugins/bundle-trim/loaders/trimClientData.cjs, kind "docsVersion")`,
    );
    // DocCard calls useDocById, which throws for a doc the map lacks: every card's doc is there.
    assert.deepEqual(
      [...cards].filter((id) => !(id in version.docs)),
      [],
      `${version.pluginId} ${version.version}: docs shown as cards missing from the map`,
    );
    dropped += all.size - Object.keys(version.docs).length;
  }
  assert.ok(dropped > 0, 'every doc is shown as a card: nothing to trim, so this check proves nothing');
  assert.ok(stubs >= 5, `expected large categories to load their items in sidebar parts, found ${stubs}`);
});

test('server-rendered code blocks are highlighted (token spans)', () => {
  const stats = new Map<string, {blocks: number; highlighted: number}>();
  for (const file of htmlFiles(buildDir)) {
    for (const [, language, body] of read(file).matchAll(
      /<pre\b[^>]*class="?prism-code language-([\w+#-]+)[^>]*>([\s\S]*?)<\/pre>/g,
    )) {
      if (!language || language === 'text') continue;
      const s = stats.get(language) ?? {blocks: 0, highlighted: 0};
      s.blocks += 1;
      if (/<span class="?token (?!plain")/.test(body ?? '')) s.highlighted += 1;
      stats.set(language, s);
    }
  }
  const blocks = [...stats.values()].reduce((n, s) => n + s.blocks, 0);
  assert.ok(blocks > 100, `expected server-rendered code blocks in ${buildDir}/, found ${blocks}`);
  // A shell line of plain words has no tokens, so a few bash blocks carry none.
  const bare = [...stats].filter(([, s]) => s.highlighted < 0.9 * s.blocks);
  assert.deepEqual(
    bare.map(([lang, s]) => `${lang}: ${s.highlighted} of ${s.blocks} blocks highlighted`),
    [],
    'code blocks without token spans: the server-side highlighter (src/plugins/code-highlight/highlighter) did not run',
  );
});

test('the navbar renders the search button and the page carries no Algolia hint in embedded builds', () => {
  // The search plugin wraps the Algolia theme's SearchBar through an alias (src/plugins/search-pagefind):
  // if the alias points at the classic theme's empty placeholder, pages build fine with no search button.
  for (const page of ['index.html', 'introduction/index.html', 'search/index.html']) {
    const html = readFileSync(path.join(buildDir, page), 'utf8');
    assert.match(html, /class="?DocSearch DocSearch-Button/, `${page} has no search button`);
    if (existsSync(path.join(buildDir, 'pagefind'))) {
      assert.doesNotMatch(html, /algolia\.net/, `${page} names an Algolia host in an embedded-search build`);
    }
  }
});

test(`the installed @docusaurus/core is ${DOCUSAURUS_VERSION}, the version the overrides were written against`, () => {
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  const manifest = path.join(path.dirname(require.resolve('@docusaurus/core/lib/index.js')), '..', 'package.json');
  const {version} = JSON.parse(read(manifest)) as {version: string};
  assert.equal(
    version,
    DOCUSAURUS_VERSION,
    `@docusaurus/core ${version} is installed; the overrides and the performance plugins were written against ` +
      `${DOCUSAURUS_VERSION}. Upgrading is a deliberate step: re-check each override and internal listed in ` +
      'src/theme/README.md and the READMEs of src/plugins/{code-highlight,page-startup,bundle-trim,navigation} against the new version, then change ' +
      'DOCUSAURUS_VERSION in tests/build-output/canaries.test.ts.',
  );
});

/**
 * bundle-trim's client/preload.ts replaces Docusaurus's preload.js (route
 * parts): a new text of that file must be read and, where it changed, carried
 * over before this hash is updated.
 */
const PRELOAD_SHA256 = '8c1e3de18d307e2fb4aee43f765f1d06b05357889b9923467bef44a358683542';

test("Docusaurus's client preload.js is the one bundle-trim's client/preload.ts replaces", async () => {
  const {createHash} = await import('node:crypto');
  const require = createRequire(path.resolve('package.json'));
  const file = path.join(path.dirname(require.resolve('@docusaurus/core/package.json')), 'lib', 'client', 'preload.js');
  assert.ok(existsSync(file), `${file} is gone: Docusaurus moved its preload; update src/plugins/bundle-trim/index.ts`);
  assert.equal(
    createHash('sha256').update(readFileSync(file)).digest('hex'),
    PRELOAD_SHA256,
    `${file} changed: compare it with src/plugins/bundle-trim/client/preload.ts, then update PRELOAD_SHA256`,
  );
});

test('loaderScripts and jsonModules read the minified output', () => {
  assert.deepEqual(
    loaderScripts(
      '<script data-page-scripts="/b/a.js /b/c.js">!function(t,e){}(["/b/runtime~main.1.js","/b/main.2.js"],document.currentScript.getAttribute("data-page-scripts"))</script>',
    ),
    {entry: ['/b/runtime~main.1.js', '/b/main.2.js'], page: ['/b/a.js', '/b/c.js']},
  );
  assert.deepEqual(jsonModules(`e.exports=JSON.parse('{"a":"it\\'s","b":"x\\\\"y"}')`), [{a: "it's", b: 'x"y'}]);
});

test('no script of the build holds Mermaid: every diagram was drawn at build time (mermaid-svg client-stub.js)', () => {
  // Messages of Mermaid's own code and of its bundled graph library; the site's code names neither.
  const markers = ['No diagram type detected matching given configuration', 'cytoscape'];
  const jsDir = path.join(buildDir, 'assets', 'js');
  const holding = readdirSync(jsDir)
    .filter((f) => f.endsWith('.js'))
    .filter((f) => {
      const js = read(path.join(jsDir, f));
      return markers.some((m) => js.includes(m));
    });
  assert.deepEqual(
    holding,
    [],
    'the browser bundle holds Mermaid again (src/plugins/mermaid-svg: clientAliases, ORRERY_MERMAID_IN_BUNDLE)',
  );
});

test('no script of the build holds a drawing: they reach the pages in the HTML and as files (mermaid-svg drawings outside the JavaScript)', () => {
  // Every drawing's svg carries an aria-roledescription; the site's own code writes none.
  const jsDir = path.join(buildDir, 'assets', 'js');
  const holding = readdirSync(jsDir)
    .filter((f) => f.endsWith('.js'))
    .filter((f) => read(path.join(jsDir, f)).includes('aria-roledescription'));
  assert.deepEqual(
    holding,
    [],
    'drawings are in the JavaScript again (src/plugins/mermaid-svg: ORRERY_MERMAID_OUTSIDE_JS)',
  );

  // Each built page with a diagram holds both drawings in its slots, and each slot's file exists.
  const page = read(path.join(buildDir, 'planning', 'anchors', 'index.html'));
  const slots = [...page.matchAll(/data-mermaid-slot=["']?([\w.-]+):(light|dark)["']?[^>]*>(<svg\b)?/g)];
  assert.equal(slots.length, 2, 'the anchors page has one diagram: two slots');
  for (const [, name, variant, svg] of slots) {
    assert.equal(svg, '<svg', `the ${variant} slot of ${name} is empty`);
    const file = JSON.parse(read(path.join(buildDir, 'assets', 'diagrams', `${name}.json`))) as Record<string, string>;
    assert.match(file[variant as string] ?? '', new RegExp(`^<svg id="mermaid-[0-9a-f]+-${variant}"`));
  }
});

test('page data compiled on two threads is the data one thread writes (page-data, build/ against build-hosted/)', (t) => {
  // build-hosted/ is built with ORRERY_PAGE_DATA_THREADS=1 (scripts/search-hosted-build.mjs);
  // build/ compiles on two threads where there are two cores. The files are named by their
  // content's hash, so equal names are equal data.
  const hostedDir = process.env.HOSTED_BUILD_DIR ?? 'build-hosted';
  if (!existsSync(path.join(hostedDir, 'assets', 'pages'))) {
    t.skip(`${hostedDir}/ not built (npm test builds it)`);
    return;
  }
  const names = (dir: string) => readdirSync(path.join(dir, 'assets', 'pages')).sort();
  const two = names(buildDir);
  assert.ok(two.length > 100, `${buildDir} has its doc pages as data`);
  assert.deepEqual(two, names(hostedDir));
});

test('no script of the build holds a doc page: every doc page preloads its data file, which is that page (page-data)', () => {
  // Every doc's metadata carries its edit URL; no other data in the bundles does.
  const editUrl = /orrery-docs\/edit\/main\/(docs|api|upgrade-guides|versioned_docs)\//;
  const jsDir = path.join(buildDir, 'assets', 'js');
  const holding = readdirSync(jsDir)
    .filter((f) => f.endsWith('.js'))
    .filter((f) => editUrl.test(read(path.join(jsDir, f))));
  assert.deepEqual(
    holding,
    [],
    'doc pages are modules in the browser bundle again (src/plugins/page-data, ORRERY_PAGE_DATA)',
  );

  let docPages = 0;
  for (const file of htmlFiles(buildDir)) {
    const html = read(file);
    if (!html.includes('theme-doc-markdown')) continue;
    docPages += 1;
    const page = path.relative(buildDir, file);
    const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous">/g)].map(
      (m) => m[1] ?? '',
    );
    assert.equal(preloads.length, 1, `${page} preloads one data file`);
    const data = JSON.parse(read(buildFile(preloads[0] ?? ''))) as {metadata?: {permalink?: string}; tree?: unknown};
    assert.ok(data.tree, `${page}: its data file has a tree`);
    // Permalinks leave out the trailing slash the pages are served with.
    const permalink = (data.metadata?.permalink ?? '').replace(/\/?$/, '/');
    assert.equal(permalink, baseUrl + page.replace(/index\.html$/, ''), `${page}: its data file is its own`);
  }
  assert.ok(docPages > 200, `only ${docPages} doc pages found`);
});
