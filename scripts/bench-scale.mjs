// Scale benchmark: copies the site (configuration, theme, plugins, API and
// upgrade guides, the real guides and their versioned snapshot) into a
// temporary directory outside the repository, adds synthetic pages of
// realistic Markdown to the current guides until they number 300, 2,000 and
// 5,000 pages, and times a cold production build of each (wall time, peak
// RSS). Of each build it also measures the JavaScript a typical doc page runs
// (gzip, as its page loader lists it) and what the embedded search costs
// (bytes until the first results of a query, and warm query latency in the
// modal, as scripts/bench-search.mjs measures them). The synthetic pages are
// deterministic (a seeded generator). Environment switches pass through to
// the builds: ORRERY_ROUTE_SPLIT=0 npm run bench -- scale gives the "before".
import {cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {readFileSync} from 'node:fs';
import {runBuild} from './bench-build.mjs';
import {gzipSize, siteBase, kb, median, mib, ms, printTable, secs, seededRandom} from './bench-lib.mjs';
import {outputDirs} from './lib/build-files.mjs';

const SKIP = new Set(['node_modules', '.git', 'playwright-report', ...outputDirs]);

const NOUNS = [
  'activity',
  'plan',
  'simulation',
  'resource',
  'constraint',
  'goal',
  'sequence',
  'command',
  'dictionary',
  'timeline',
  'profile',
  'directive',
  'mission model',
  'parameter',
  'snapshot',
  'dataset',
  'scheduler',
  'expansion rule',
  'spacecraft',
  'ground station',
  'downlink window',
  'power budget',
  'instrument',
  'telemetry point',
];
const VERBS = [
  'schedules',
  'checks',
  'simulates',
  'expands',
  'validates',
  'records',
  'merges',
  'uploads',
  'derives',
  'reports',
  'computes',
  'stores',
];
const ADJECTIVES = [
  'nominal',
  'anchored',
  'derived',
  'external',
  'discrete',
  'continuous',
  'shared',
  'versioned',
  'decomposed',
  'pending',
];

const CODE = {
  java: (r, n) =>
    `public final class ${n}Activity {\n  @Parameter public Duration duration = Duration.of(${Math.floor(r() * 90) + 1}, MINUTES);\n\n  @EffectModel\n  public void run(final Mission mission) {\n    mission.power.use(${(r() * 50).toFixed(1)});\n    delay(duration);\n  }\n}`,
  bash: (r, n) =>
    `orrery plan export --plan-id ${Math.floor(r() * 900) + 100} --format json > ${n.toLowerCase()}.json\norrery simulate --plan ${n.toLowerCase()}.json --until 2031-04-0${Math.floor(r() * 9) + 1}T00:00:00Z`,
  json: (r, n) =>
    JSON.stringify(
      {name: n, type: 'activity', start: '2031-001T00:00:00', arguments: {duration: Math.floor(r() * 3600)}},
      null,
      2,
    ),
  graphql: (r, n) =>
    `query ${n}Plan {\n  plan_by_pk(id: ${Math.floor(r() * 900) + 1}) {\n    id\n    name\n    activity_directives(where: {type: {_eq: "${n}"}}) {\n      id\n      start_offset\n      arguments\n    }\n  }\n}`,
  yaml: (r, n) =>
    `service: ${n.toLowerCase()}\nreplicas: ${Math.floor(r() * 4) + 1}\nenv:\n  ORRERY_LOG_LEVEL: info\n  ORRERY_TIMEOUT: ${Math.floor(r() * 60) + 10}s`,
  typescript: (r, n) =>
    `export default (): Goal =>\n  Goal.CoexistenceGoal({\n    forEach: Windows.During(ActivityType.${n}),\n    activityTemplate: ActivityTemplates.Downlink({rate: ${Math.floor(r() * 100)}}),\n    startsAt: TimingConstraint.singleton(WindowProperty.END),\n  });`,
};

/** One synthetic guide page: front matter, headings, prose, lists, a table, code and links. */
export function syntheticPage(index, total, seed = 1) {
  const r = seededRandom(seed * 100003 + index);
  const pick = (list) => list[Math.floor(r() * list.length)];
  const name = `${pick(ADJECTIVES)} ${pick(NOUNS)}`;
  const Name = name.replace(/(^|\s)(\w)/g, (_, s, c) => c.toUpperCase()).replace(/\s/g, '');
  const sentence = () =>
    `The ${pick(ADJECTIVES)} ${pick(NOUNS)} ${pick(VERBS)} each ${pick(NOUNS)} of the ${pick(NOUNS)}` +
    `${r() < 0.4 ? ` before the ${pick(ADJECTIVES)} ${pick(NOUNS)} ${pick(VERBS)} it` : ''}.`;
  const paragraph = (n = 3 + Math.floor(r() * 3)) => Array.from({length: n}, sentence).join(' ');
  const link = () => {
    const target = Math.floor(r() * total);
    return `[${pick(ADJECTIVES)} ${pick(NOUNS)}](${relativeLink(index, target)})`;
  };
  const out = [
    '---',
    `title: ${name.replace(/^\w/, (c) => c.toUpperCase())} ${index}`,
    `description: How the ${name} ${pick(VERBS)} the ${pick(NOUNS)}, with examples.`,
    `sidebar_position: ${index % 50}`,
    '---',
    '',
    paragraph(),
    '',
  ];
  const sections = 3 + Math.floor(r() * 4);
  for (let s = 0; s < sections; s++) {
    out.push(`## ${pick(ADJECTIVES).replace(/^\w/, (c) => c.toUpperCase())} ${pick(NOUNS)} ${s + 1}`, '');
    out.push(`${paragraph()} See ${link()} and ${link()}.`, '');
    if (r() < 0.6) {
      const language = pick(Object.keys(CODE));
      out.push(
        `\`\`\`${language}${r() < 0.3 ? ` title="${Name}.${language}"` : ''}`,
        CODE[language](r, Name),
        '```',
        '',
      );
    }
    if (r() < 0.5) {
      out.push(...Array.from({length: 3 + Math.floor(r() * 3)}, () => `- ${sentence()}`), '');
    }
    if (r() < 0.3) {
      out.push('| Field | Type | Meaning |', '| --- | --- | --- |');
      for (let i = 0; i < 4; i++)
        out.push(
          `| \`${pick(NOUNS).replace(/\s/g, '_')}\` | ${pick(['string', 'int', 'duration', 'boolean'])} | ${sentence()} |`,
        );
      out.push('');
    }
    if (r() < 0.25) out.push(`:::${pick(['note', 'tip', 'warning'])}`, '', paragraph(2), '', ':::', '');
    if (r() < 0.6) {
      out.push(`### ${pick(ADJECTIVES).replace(/^\w/, (c) => c.toUpperCase())} ${pick(NOUNS)}`, '', paragraph(), '');
    }
    if (s === 1 && index % 10 === 0) {
      out.push('```mermaid', 'flowchart LR', `  a["${Name}"] --> b["Simulation"] --> c["Constraint check"]`, '```', '');
    }
  }
  return out.join('\n');
}

const PER_SECTION = 50;
const pagePath = (i) => `section-${String(Math.floor(i / PER_SECTION)).padStart(3, '0')}/page-${i}.md`;
function relativeLink(from, to) {
  const a = path.posix.dirname(pagePath(from));
  return path.posix.relative(a, pagePath(to)).replace(/^(?!\.)/, './');
}

function countMarkdown(dir) {
  let n = 0;
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    if (entry.isDirectory()) n += countMarkdown(path.join(dir, entry.name));
    else if (/\.mdx?$/.test(entry.name) && !entry.name.startsWith('_')) n += 1;
  }
  return n;
}

/** Writes a copy of the site with `guides` guide pages in total; returns its directory. */
export function makeSyntheticSite(repoDir, guides, root = mkdtempSync(path.join(os.tmpdir(), 'orrery-scale-'))) {
  const siteDir = path.join(root, `site-${guides}`);
  rmSync(siteDir, {recursive: true, force: true});
  mkdirSync(siteDir, {recursive: true});
  for (const entry of readdirSync(repoDir)) {
    if (SKIP.has(entry)) continue;
    cpSync(path.join(repoDir, entry), path.join(siteDir, entry), {recursive: true});
  }
  symlinkSync(path.join(repoDir, 'node_modules'), path.join(siteDir, 'node_modules'), 'dir');
  const real = countMarkdown(path.join(siteDir, 'docs'));
  const synthetic = Math.max(0, guides - real);
  for (let i = 0; i < synthetic; i++) {
    const file = path.join(siteDir, 'docs', 'synthetic', pagePath(i));
    mkdirSync(path.dirname(file), {recursive: true});
    writeFileSync(file, syntheticPage(i, synthetic));
  }
  // The guide sidebar gains one collapsed category holding the synthetic pages.
  cpSync(path.join(siteDir, 'sidebars.ts'), path.join(siteDir, 'sidebars.base.ts'));
  writeFileSync(
    path.join(siteDir, 'sidebars.ts'),
    [
      "import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';",
      "import base from './sidebars.base';",
      'const sidebars: SidebarsConfig = {',
      '  ...base,',
      "  docs: [...(base.docs as unknown[]), {type: 'category', label: 'Synthetic', items: [{type: 'autogenerated', dirName: 'synthetic'}]}],",
      '} as SidebarsConfig;',
      'export default sidebars;',
      '',
    ].join('\n'),
  );
  return {siteDir, root, real, synthetic};
}

/** Builds of each size below this many guide pages are repeated (`buildsFor`). */
const SMALL_SITE = 1000;

/**
 * How many cold builds of a size are timed: `builds` when given, else three below SMALL_SITE
 * guide pages and one above. A small site's build is mostly fixed costs (starting Chromium, the
 * configuration, the search index), which the machine's load moves by 10-20 % from one build to
 * the next; its median of three is its figure. A large site's single build takes minutes, over
 * which that noise averages out.
 */
export function buildsFor(guides, builds) {
  if (builds !== undefined) return builds;
  return guides < SMALL_SITE ? 3 : 1;
}

/**
 * Cold builds of synthetic sites of each size (`buildsFor`), then their search measured in
 * `rounds` rounds that take the sizes in turn, so that every size's warm latency is measured
 * under the same load of the machine (the cold bytes once, in the first round: they do not vary).
 * Resolves with one row per size.
 */
export async function benchScale({repoDir, sizes = [500, 2000, 5000], builds, rounds = 3}) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'orrery-scale-'));
  const rows = [];
  try {
    for (const guides of sizes) {
      const {siteDir, synthetic} = makeSyntheticSite(repoDir, guides, root);
      const cacheDir = path.join(root, `cache-${guides}`);
      const outDir = path.join(root, `build-${guides}`);
      const runs = [];
      for (let n = 1; n <= buildsFor(guides, builds); n += 1) {
        console.log(`(bench) scale: ${guides} guide pages (${synthetic} synthetic), cold build ${n} …`);
        rmSync(cacheDir, {recursive: true, force: true});
        const build = await runBuild({siteDir, outDir, cacheDir});
        console.log(`(bench) scale: ${guides}: built in ${secs(build.seconds)}`);
        runs.push(build);
      }
      const seconds = median(runs.map((r) => r.seconds));
      rows.push({
        guides,
        synthetic,
        ...runs[0],
        seconds,
        buildSeconds: runs.map((r) => r.seconds),
        rssBytes: Math.max(...runs.map((r) => r.rssBytes)),
        pageJsGzipBytes: pageJavaScript(outDir),
        pageDataGzipBytes: pageData(outDir),
        outDir,
      });
      rmSync(siteDir, {recursive: true, force: true});
      rmSync(cacheDir, {recursive: true, force: true});
    }
    const {measure} = await import('./bench-search.mjs');
    for (let round = 1; round <= rounds; round += 1) {
      for (const row of rows) {
        console.log(`(bench) scale: ${row.guides}: search in Chromium, round ${round} of ${rounds} …`);
        const search = await measure(row.outDir, `scale-${row.guides}`, 'planning/anchors/', {cold: round === 1});
        if (round === 1) row.search = {...search, warmRounds: []};
        row.search.warmRounds.push(search.warmModal);
      }
    }
    for (const row of rows) {
      const warm = row.search.warmRounds;
      row.search.warmModal = {p50: median(warm.map((w) => w.p50)), p95: median(warm.map((w) => w.p95))};
      delete row.outDir;
    }
  } finally {
    if (existsSync(root)) rmSync(root, {recursive: true, force: true});
  }
  return rows;
}

/** The typical doc page of the benchmarks (no diagrams), as in tests/build-output/canaries.test.ts. */
export const TYPICAL_DOC_PAGE = 'mission-modeling/value-schemas/index.html';

/**
 * Gzip bytes of the JavaScript the typical doc page runs: the entry scripts in
 * its page loader's text and its own scripts in the loader's attribute
 * (src/plugins/page-startup), each once.
 */
export function pageJavaScript(buildDir, page = TYPICAL_DOC_PAGE) {
  const html = readFileSync(path.join(buildDir, page), 'utf8');
  const loader = /<script data-page-scripts(?:="([^"]*)")?>([^<]*)<\/script>/.exec(html);
  if (!loader) throw new Error(`${page} has no page loader`);
  const entry = JSON.parse(/\}\((\[[^\]]*\]),document\.currentScript/.exec(loader[2] ?? '')?.[1] ?? '[]');
  const own = (loader[1] ?? '').split(' ').filter(Boolean);
  const urls = [...new Set([...entry, ...own])];
  const base = siteBase(buildDir);
  return urls.reduce((sum, url) => sum + gzipSize(readFileSync(path.join(buildDir, url.slice(base.length)))), 0);
}

/**
 * Gzip bytes of the typical doc page's data file (src/plugins/page-data), which it preloads and
 * fetches instead of running its content as a script; 0 when the page has none.
 */
export function pageData(buildDir, page = TYPICAL_DOC_PAGE) {
  const html = readFileSync(path.join(buildDir, page), 'utf8');
  const url = /<link rel="?preload"? href="?([^"\s>]+)"? as="?fetch"?/.exec(html)?.[1];
  if (!url) return 0;
  return gzipSize(readFileSync(path.join(buildDir, url.slice(siteBase(buildDir).length))));
}

export function printScale(rows, title = 'Scale: cold build of synthetic sites (2 cores)') {
  printTable(
    title,
    [
      'Guide pages',
      'HTML pages',
      'Cold build',
      'Per page',
      'Peak RSS',
      'Time growth',
      'Memory growth',
      'main + runtime gzip',
      'Doc page JS gzip',
      'Doc page data gzip',
      'Search: bytes to results',
      'Search: "umbra"',
      'Search: warm p50',
    ],
    rows.map((r, i) => {
      const prev = rows[i - 1];
      // Growth exponent k in cost ∝ pages^k between this size and the previous one.
      const k = (a, b) => (prev ? (Math.log(a / b) / Math.log(r.pages / prev.pages)).toFixed(2) : '–');
      return [
        r.guides,
        r.pages,
        r.buildSeconds?.length > 1
          ? `${secs(r.seconds)} (median of ${r.buildSeconds.map((v) => v.toFixed(1)).join(', ')})`
          : secs(r.seconds),
        secs(r.seconds / r.pages, 3),
        mib(r.rssBytes),
        prev ? `×${(r.seconds / prev.seconds).toFixed(2)} (k=${k(r.seconds, prev.seconds)})` : '–',
        prev ? `×${(r.rssBytes / prev.rssBytes).toFixed(2)} (k=${k(r.rssBytes, prev.rssBytes)})` : '–',
        kb(r.entryGzipBytes),
        kb(r.pageJsGzipBytes),
        kb(r.pageDataGzipBytes),
        kb(r.search?.coldQuery?.search),
        kb(r.search?.coldTail?.search),
        r.search?.warmRounds?.length > 1
          ? `${ms(r.search.warmModal.p50)} (median of ${r.search.warmRounds.map((w) => Math.round(w.p50)).join(', ')})`
          : ms(r.search?.warmModal?.p50),
      ];
    }),
  );
  console.log('  k is the exponent in cost ∝ pages^k between consecutive sizes: 1 is linear growth.');
  console.log(
    '  Cold build: the median of the builds of that size (peak RSS: the largest). Warm p50: the median of the rounds,',
  );
  console.log('  which measure every size in turn, each the median of 50 queries typed into the modal.');
  const kinds = ['head', 'runtime', 'meta', 'index', 'filter', 'fragment', 'other'];
  for (const [name, query] of [
    ['coldQuery', 'anchor'],
    ['coldTail', 'umbra'],
  ]) {
    printTable(
      `Search: bytes to first results by search file (cold query "${query}", gzip on the wire)`,
      ['Guide pages', ...kinds],
      rows.map((r) => [
        r.guides,
        ...kinds.map((kind) => {
          const entry = r.search?.[name]?.byKind?.[kind];
          return entry ? `${kb(entry.bytes)} (${entry.requests})` : '–';
        }),
      ]),
    );
  }
  console.log(
    "  head: the precomputed answers' list and the answer; meta: every page's hash and word count; index: the word-index chunks the query reads; filter: the page lists of the filters the query names (docs version, page kind).",
  );
}

// Write one synthetic site and leave it in place: node scripts/bench-scale.mjs --make 2000
if (import.meta.url === `file://${process.argv[1]}` && process.argv[2] === '--make') {
  const guides = Number(process.argv[3] ?? 500);
  const {siteDir, real, synthetic} = makeSyntheticSite(process.cwd(), guides);
  console.log(`Wrote ${siteDir}: ${real} real and ${synthetic} synthetic guide pages.`);
}
