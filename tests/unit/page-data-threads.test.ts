// page-data's second thread (src/plugins/page-data/threads.ts): what the worker may be given, and
// that pages compiled on it come out as the same data as pages compiled on the main thread.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import os from 'node:os';
import path from 'node:path';
import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';
import {NotPageData, toPageData, type PageData} from '../../src/plugins/page-data/compile.ts';
import {runMdxLoader, type MdxRule} from '../../src/plugins/page-data/mdx.ts';
import {
  assetLike,
  compileInThreads,
  compileThreads,
  linkToken,
  MIN_PAGES_FOR_TWO_THREADS,
  withLinks,
  workerRule,
  type MainThread,
  type Work,
  type WorkerRule,
} from '../../src/plugins/page-data/threads.ts';
import remarkTableLabels from '../../src/plugins/table-labels/index.ts';
import {readThreads} from '../../src/config/env.ts';

const require = createRequire(import.meta.url);

test('link tokens do not contain one another, and the URLs that replace them are JSON-escaped', () => {
  const json = JSON.stringify({a: `${linkToken('ab12', 1)}#x`, b: linkToken('ab12', 10)});
  const out = JSON.parse(
    withLinks(
      json,
      'ab12',
      [...Array(11)].map((_, n) => `/docs/p${n}/"q"`),
    ),
  ) as Record<string, string>;
  assert.deepEqual(out, {a: '/docs/p1/"q"#x', b: '/docs/p10/"q"'});
  // Letters and digits only: Docusaurus's link transform leaves a path without an extension alone.
  assert.match(linkToken('0f9e', 3), /^\/[a-z0-9]+$/);
  assert.equal(assetLike(linkToken('0f9e', 3)), false);
});

test('a URL the link transform would bundle is told apart from a page URL', () => {
  assert.equal(assetLike('/docs/planning/anchors/'), false);
  assert.equal(assetLike('/docs/guide.html#top'), false);
  assert.equal(assetLike('/docs/notes.md'), false);
  assert.equal(assetLike('/files/plan.pdf'), true);
  assert.equal(assetLike('/v1.2?x=1'), true);
});

test('two threads from 100 pages on two cores, unless the option says otherwise', () => {
  assert.equal(compileThreads(undefined, MIN_PAGES_FOR_TWO_THREADS, 2), 2);
  assert.equal(compileThreads(undefined, MIN_PAGES_FOR_TWO_THREADS - 1, 2), 1);
  assert.equal(compileThreads(undefined, 5000, 1), 1);
  assert.equal(compileThreads(1, 5000, 2), 1);
  assert.equal(compileThreads(2, 5, 1), 2);
  assert.equal(readThreads({}, 'ORRERY_PAGE_DATA_THREADS', 2), undefined);
  assert.equal(readThreads({ORRERY_PAGE_DATA_THREADS: ' 1 '}, 'ORRERY_PAGE_DATA_THREADS', 2), 1);
  for (const bad of ['0', '3', 'two', '1.5'])
    assert.throws(
      () => readThreads({ORRERY_PAGE_DATA_THREADS: bad}, 'ORRERY_PAGE_DATA_THREADS', 2),
      /ORRERY_PAGE_DATA_THREADS must be a whole number from 1 to 2, got "/,
    );
});

// A docs rule as the docs plugin gives it (its functions answer from `links` and the page files).
function docsRule(siteDir: string, links: Record<string, string>): MdxRule {
  return {
    include: [path.join(siteDir, 'docs') + path.sep],
    loader: require.resolve('@docusaurus/mdx-loader'),
    options: {
      admonitions: true,
      beforeDefaultRemarkPlugins: [remarkTableLabels],
      remarkPlugins: [],
      rehypePlugins: [],
      beforeDefaultRehypePlugins: [],
      recmaPlugins: [],
      staticDirs: [path.join(siteDir, 'static')],
      siteDir,
      isMDXPartial: (file: string) => path.basename(file).startsWith('_'),
      metadataPath: (file: string) => path.join(siteDir, 'meta', `${path.basename(file)}.json`),
      createAssets: ({frontMatter}: {frontMatter: Record<string, unknown>}) => ({image: frontMatter.image}),
      markdownConfig: {
        format: 'detect',
        mermaid: false,
        emoji: true,
        preprocessor: undefined,
        parseFrontMatter: DEFAULT_PARSE_FRONT_MATTER,
        mdx1Compat: {comments: true, admonitions: true, headingIds: true},
        remarkRehypeOptions: undefined,
        anchors: {maintainCase: false},
        hooks: {onBrokenMarkdownLinks: 'warn', onBrokenMarkdownImages: 'throw'},
      },
      resolveMarkdownLink: ({linkPathname}: {linkPathname: string}) => links[linkPathname] ?? null,
    },
  };
}

test('a rule with a plugin or option the worker cannot rebuild says which', () => {
  const rule = docsRule('/site', {});
  const data = workerRule(rule) as WorkerRule;
  assert.deepEqual(data.plugins.beforeDefaultRemarkPlugins, [{kind: 'table-labels'}]);
  assert.equal('resolveMarkdownLink' in data.options, false);
  assert.equal('parseFrontMatter' in (data.options.markdownConfig as object), false);
  const custom = () => () => undefined;
  assert.equal(
    workerRule({...rule, options: {...rule.options, rehypePlugins: [custom]}}),
    'rehypePlugins: a plugin the worker cannot rebuild (custom)',
  );
  const md = rule.options.markdownConfig as Record<string, unknown>;
  assert.equal(
    workerRule({...rule, options: {...rule.options, markdownConfig: {...md, preprocessor: () => ''}}}),
    'the MDX option markdownConfig holds a function',
  );
});

const PAGES: Record<string, string> = {
  'a.md': `---\ntitle: Alpha\ntags: [x, y]\n---\n\n# Alpha\n\nSee [Beta](./b.md#setup) and [the guide](guide.md).\n\n| Resource | Unit |\n| :-- | --: |\n| battery | % |\n\n:::note Held\n\nIn a **note**.\n\n:::\n`,
  'b.md': `# Beta\n\n## Setup\n\nText with \`code\`, <kbd>Ctrl</kbd> and a [link](https://example.org).\n`,
  // A link the resolver cannot resolve: the worker sends the page back.
  'c.md': `# Gamma\n\n[Nowhere](./missing.md) and [Alpha](a.md).\n`,
  // A resolved link that looks like a file to bundle: sent back as well.
  'd.md': `# Delta\n\n[The sheet](./sheet.md).\n`,
  'e.md': `---\nimage: https://example.org/card.png\n---\n\n# Epsilon\n\n- one\n- two\n`,
};

function site(): {siteDir: string; work: Work[]; rule: MdxRule} {
  const siteDir = mkdtempSync(path.join(os.tmpdir(), 'page-data-threads-'));
  mkdirSync(path.join(siteDir, 'docs'));
  mkdirSync(path.join(siteDir, 'meta'));
  mkdirSync(path.join(siteDir, 'static'));
  for (const [name, text] of Object.entries(PAGES)) {
    writeFileSync(path.join(siteDir, 'docs', name), text);
    writeFileSync(path.join(siteDir, 'meta', `${name}.json`), JSON.stringify({id: name}));
  }
  const rule = docsRule(siteDir, {
    './b.md': '/docs/b/',
    'guide.md': '/docs/guide/',
    'a.md': '/docs/a/',
    './sheet.md': '/files/sheet.xlsx',
  });
  const work = Object.keys(PAGES).map((name) => ({
    module: `@site/docs/${name}`,
    file: path.join(siteDir, 'docs', name),
    rule,
  }));
  return {siteDir, work, rule};
}

/** The main thread's side, recording each page's data by module. */
function mainThread(out: Map<string, PageData>, kept: Map<string, string>): MainThread {
  return {
    async compileHere({module, file, rule}) {
      try {
        out.set(module, toPageData(await runMdxLoader(rule, file)));
      } catch (error) {
        if (!(error instanceof NotPageData)) throw error;
        kept.set(module, error.message);
      }
    },
    finish: (module, data) => out.set(module, data),
    failed: (file, error) => new Error(`${path.basename(file)}: ${(error as Error).message}`),
    keep: (module, reason) => kept.set(module, reason),
  };
}

test('pages compiled by the worker are the data the main thread makes of them, links resolved there', async () => {
  const {siteDir, work, rule} = site();
  try {
    const alone = new Map<string, PageData>();
    const main = mainThread(alone, new Map());
    for (const item of work) await main.compileHere(item);

    const byWorker = new Map<string, PageData>();
    const sent = await compileInThreads(
      work,
      [rule],
      [workerRule(rule) as WorkerRule],
      mainThread(byWorker, new Map()),
      {
        here: false,
        youngMb: 96,
      },
    );
    // c.md (a link that does not resolve) and d.md (a link to a file) come back to this thread.
    assert.deepEqual(sent.back.map((item) => path.basename(item.file)).sort(), ['c.md', 'd.md']);
    assert.equal(sent.sentBack, 2);
    assert.equal(sent.byWorker, 3);
    const main2 = mainThread(byWorker, new Map());
    for (const item of sent.back) await main2.compileHere(item);

    assert.deepEqual([...byWorker.keys()].sort(), [...alone.keys()].sort());
    for (const [module, data] of alone) assert.deepEqual(byWorker.get(module), data, module);
    const a = JSON.stringify(alone.get('@site/docs/a.md'));
    assert.match(a, /"href":"\/docs\/b\/#setup"/);
    assert.match(a, /"href":"\/docs\/guide\/"/);
    assert.deepEqual(alone.get('@site/docs/e.md')?.assets, {});
  } finally {
    rmSync(siteDir, {recursive: true, force: true});
  }
});

test('a page the worker fails on stops the compilation with its name; broken front matter stays on this thread', async () => {
  const {siteDir, work, rule} = site();
  try {
    // Front matter that does not parse: not given to the worker; the main thread's compilation
    // reports it as the bundler would.
    writeFileSync(path.join(siteDir, 'docs', 'b.md'), '---\ntitle: [unclosed\n---\n\n# Beta\n');
    const sent = await compileInThreads(
      work.filter((item) => !item.file.endsWith('c.md') && !item.file.endsWith('d.md')),
      [rule],
      [workerRule(rule) as WorkerRule],
      mainThread(new Map(), new Map()),
      {here: false},
    );
    assert.deepEqual(
      sent.back.map((item) => path.basename(item.file)),
      ['b.md'],
    );
    // An image that is not there (onBrokenMarkdownImages: throw) fails in the worker.
    writeFileSync(path.join(siteDir, 'docs', 'b.md'), '# Beta\n\n![Orbit](./orbit.png)\n');
    await assert.rejects(
      compileInThreads(work, [rule], [workerRule(rule) as WorkerRule], mainThread(new Map(), new Map()), {
        here: false,
      }),
      (error: Error) => error.message.startsWith('b.md: ') && /orbit\.png/.test(error.message),
    );
  } finally {
    rmSync(siteDir, {recursive: true, force: true});
  }
});
