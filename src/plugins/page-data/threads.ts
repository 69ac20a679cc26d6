/**
 * page-data's second thread (README.md beside this file, "Two threads"). The main thread and one
 * worker thread take pages from a shared counter and compile them with the same MDX loader. The
 * worker cannot hold the docs plugin's functions (they close over the loaded site), so what they
 * would answer is settled on the main thread, with the real functions:
 *
 * - front matter, assets, metadata path and partial status: computed here before the worker
 *   starts, per page;
 * - Markdown links to other docs: the worker puts a token where the link's URL goes and lists the
 *   link; the main thread resolves it with the docs plugin's resolver and puts the URL in place;
 * - Mermaid diagrams: the worker names the drawing as the main thread's renderer would, lists the
 *   diagram, and the main thread checks that it was drawn and records it for postBuild.
 *
 * Anything the worker cannot reproduce sends the page back: the main thread compiles it as it
 * compiles its own. A rule the worker cannot rebuild at all (an unknown remark plugin, a function
 * in the options) keeps the whole compilation on the main thread, and the build says why.
 */
import {randomBytes} from 'node:crypto';
import {readFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';
import {remarkMermaidSvg} from '../mermaid-svg/remark';
import type {DiagramOnPage, MermaidRenderer} from '../mermaid-svg/renderer';
import remarkTableLabels from '../table-labels';
import type {PageData} from './compile';
import type {MdxRule} from './mdx';

/** A remark or rehype plugin the worker rebuilds from data. */
export type PluginRecipe =
  {kind: 'table-labels'} | {kind: 'mermaid'; siteDir: string; renderer: MermaidRenderer['options']};

const PLUGIN_LISTS = [
  'beforeDefaultRemarkPlugins',
  'remarkPlugins',
  'beforeDefaultRehypePlugins',
  'rehypePlugins',
  'recmaPlugins',
] as const;

/** Options the main thread answers per page (or per link, per diagram), never sent as they are. */
const ANSWERED = new Set(['metadataPath', 'createAssets', 'isMDXPartial', 'resolveMarkdownLink']);
/** Options the worker has no use for. */
const DROPPED = new Set(['processors', 'crossCompilerCache', 'dependencies', 'useCrossCompilerCache']);

/** A docs MDX rule as data the worker can rebuild its options from. */
export interface WorkerRule {
  loader: string;
  /** The options that are data, markdownConfig without parseFrontMatter. */
  options: Record<string, unknown>;
  plugins: Partial<Record<(typeof PLUGIN_LISTS)[number], PluginRecipe[]>>;
}

/** What the worker needs per page, computed with the rule's own functions. */
export interface WorkerJob {
  file: string;
  rule: number;
  frontMatter: Record<string, unknown>;
  assets: unknown;
  metadataPath: string | undefined;
  partial: boolean;
}

export interface LinkCall {
  linkPathname: string;
  sourceFilePath: string;
}

/** The worker's answer for one page. */
export type WorkerMessage =
  | {
      index: number;
      kind: 'data';
      /** The page's data as JSON, with a token for each resolved Markdown link. */
      json: string;
      links: LinkCall[];
      /** Mermaid sources, in the order the page holds them. */
      diagrams: string[];
      outsideJs: [string, DiagramOnPage][];
    }
  | {index: number; kind: 'kept'; reason: string}
  | {index: number; kind: 'error'; message: string}
  | {kind: 'done'};

export interface WorkerData {
  rules: WorkerRule[];
  jobs: WorkerJob[];
  /** Int32 counter both threads take page indexes from. */
  counter: SharedArrayBuffer;
  /** Makes link tokens unique to this build. */
  nonce: string;
}

/** A link's stand-in URL in the worker's output: letters and digits only, so no plugin rewrites it. */
export function linkToken(nonce: string, n: number): string {
  return `/pd${nonce}n${n}z`;
}

/** `json` with each link's token replaced by its URL (as a JSON string's content). */
export function withLinks(json: string, nonce: string, urls: string[]): string {
  let out = json;
  urls.forEach((url, n) => {
    out = out.split(linkToken(nonce, n)).join(JSON.stringify(url).slice(1, -1));
  });
  return out;
}

/**
 * Whether Docusaurus's link transform would treat `url` as a file to bundle (a path with an
 * extension other than .md, .mdx or .html): such a page is compiled on the main thread, where the
 * transform sees the real URL rather than its token.
 */
export function assetLike(url: string): boolean {
  const pathname = url.split(/[?#]/)[0] ?? '';
  return Boolean(path.extname(pathname)) && !/\.(?:mdx?|html)$/.test(pathname);
}

function recipeOf(entry: unknown): PluginRecipe | string {
  const [fn, options] = Array.isArray(entry) ? (entry as [unknown, unknown]) : [entry, undefined];
  if (fn === remarkTableLabels && options === undefined) return {kind: 'table-labels'};
  if (fn === remarkMermaidSvg) {
    const {renderer, siteDir} = options as {renderer: () => MermaidRenderer; siteDir: string};
    const drawer = renderer();
    // Drawings in the page (not drawn outside the JavaScript) would need the SVGs in the worker.
    if (!drawer.drawingsOutsideJs) return 'the diagrams go into the pages themselves';
    return {kind: 'mermaid', siteDir, renderer: drawer.options};
  }
  return `a plugin the worker cannot rebuild (${typeof fn === 'function' ? fn.name || 'anonymous' : typeof fn})`;
}

/** The rule as data for the worker, or why it cannot be. */
export function workerRule(rule: MdxRule): WorkerRule | string {
  const options: Record<string, unknown> = {};
  const plugins: WorkerRule['plugins'] = {};
  for (const [key, value] of Object.entries(rule.options)) {
    if (ANSWERED.has(key) || DROPPED.has(key) || value === undefined) continue;
    if ((PLUGIN_LISTS as readonly string[]).includes(key)) {
      const recipes: PluginRecipe[] = [];
      for (const entry of value as unknown[]) {
        const recipe = recipeOf(entry);
        if (typeof recipe === 'string') return `${key}: ${recipe}`;
        recipes.push(recipe);
      }
      plugins[key as (typeof PLUGIN_LISTS)[number]] = recipes;
      continue;
    }
    if (key === 'markdownConfig') {
      // The main thread parses each page's front matter with the configured function.
      const rest = {...(value as Record<string, unknown>)};
      delete rest.parseFrontMatter;
      options[key] = rest;
    } else options[key] = value;
    try {
      structuredClone(options[key]);
    } catch {
      return `the MDX option ${key} holds a function`;
    }
  }
  return {loader: rule.loader, options, plugins};
}

/** The Mermaid renderer of a rule's plugins (the main thread's), if it has one. */
export function ruleRenderer(rule: MdxRule): MermaidRenderer | undefined {
  const entry = (rule.options.beforeDefaultRemarkPlugins as unknown[] | undefined)?.find(
    (e) => Array.isArray(e) && e[0] === remarkMermaidSvg,
  ) as [unknown, {renderer: () => MermaidRenderer}] | undefined;
  return entry?.[1].renderer();
}

/**
 * This thread and one worker. The worker's young generation is larger than V8's default: with two
 * threads allocating syntax trees, the default's frequent scavenges kept V8's helper threads busy
 * enough to take most of the second core (README.md, "Two threads", has the figures).
 */
export const TWO_THREADS: ThreadPlan = {here: true, youngMb: 96};

/** Below this many pages a second thread costs more to start (about 0.5 s) than it saves. */
export const MIN_PAGES_FOR_TWO_THREADS = 100;

/**
 * How many threads compile the pages: `threads` when set (the plugin option,
 * ORRERY_PAGE_DATA_THREADS), else two when there are two cores and enough pages.
 */
export function compileThreads(threads: number | undefined, pages: number, cores = os.availableParallelism()): number {
  if (threads !== undefined) return Math.min(threads, 2);
  return cores >= 2 && pages >= MIN_PAGES_FOR_TWO_THREADS ? 2 : 1;
}

export interface Work {
  module: string;
  file: string;
  rule: MdxRule;
}

export interface MainThread {
  compileHere(item: Work): Promise<void>;
  /** The page stays a module, for `reason`. */
  keep(module: string, reason: string): void;
  finish(module: string, data: PageData): void;
  failed(file: string, error: unknown): Error;
}

type Answer<T> = ((input: T) => unknown) | undefined;

/** The page as the worker needs it, from the rule's own functions (the loader calls them so). */
async function jobOf({file, rule}: Work, ruleIndex: number): Promise<WorkerJob | undefined> {
  const options = rule.options as {
    markdownConfig: {parseFrontMatter: (input: unknown) => Promise<{frontMatter: Record<string, unknown>}>};
    isMDXPartial?: Answer<string>;
    metadataPath?: Answer<string>;
    createAssets?: Answer<{filePath: string; frontMatter: Record<string, unknown>}>;
  };
  const fileContent = readFileSync(file, 'utf8');
  let frontMatter: Record<string, unknown>;
  try {
    ({frontMatter} = await options.markdownConfig.parseFrontMatter({
      filePath: file,
      fileContent,
      defaultParseFrontMatter: DEFAULT_PARSE_FRONT_MATTER,
    }));
  } catch {
    return undefined; // the main thread's compilation reports it, as the bundler would
  }
  const partial = Boolean(options.isMDXPartial?.(file));
  const metadataPath = partial ? undefined : (options.metadataPath?.(file) as string | undefined);
  const assets = options.createAssets && !partial ? options.createAssets({filePath: file, frontMatter}) : undefined;
  const job = {file, rule: ruleIndex, frontMatter, assets, metadataPath, partial};
  try {
    structuredClone(job);
  } catch {
    return undefined; // front matter or assets that are not data: this thread compiles the page
  }
  return job;
}

export interface ThreadPlan {
  /** Whether this thread compiles pages too (else it only settles the worker's; the tests use that). */
  here: boolean;
  /** Young generation of the worker, MB (fewer, larger scavenges: README.md, "Two threads"). */
  youngMb?: number;
}

/**
 * Compiles `work` on a worker thread (and this thread, with `plan.here`), each taking the next page
 * from a shared counter. Resolves once every page the worker took is settled; `back` are the pages
 * it sent back (or could not be given), which the caller compiles here.
 */
export async function compileInThreads(
  work: Work[],
  rules: MdxRule[],
  workerRules: WorkerRule[],
  main: MainThread,
  plan: ThreadPlan,
): Promise<{byWorker: number; sentBack: number; back: Work[]}> {
  const back: Work[] = [];
  const jobs: WorkerJob[] = [];
  const mine: Work[] = [];
  for (const item of work) {
    const job = await jobOf(item, rules.indexOf(item.rule));
    if (job) {
      jobs.push(job);
      mine.push(item);
    } else back.push(item);
  }
  const counter = new SharedArrayBuffer(4);
  const count = new Int32Array(counter);
  const nonce = randomBytes(6).toString('hex');
  const workerData: WorkerData = {rules: workerRules, jobs, counter, nonce};
  let byWorker = 0;
  let sentBack = 0;
  let failure: Error | undefined;
  let ended = false;
  const stop = (error: Error) => {
    failure ??= error;
    Atomics.store(count, 0, jobs.length); // no thread takes another page
  };

  const settle = async (message: Exclude<WorkerMessage, {kind: 'done'}>) => {
    const item = mine[message.index];
    if (!item)
      return stop(new Error(`page-data: a worker thread answered for page ${message.index}, which it was not given`));
    if (message.kind === 'error') return stop(main.failed(item.file, new Error(message.message)));
    if (message.kind === 'kept') return main.keep(item.module, message.reason);
    const rule = item.rule;
    const resolve = rule.options.resolveMarkdownLink as (call: LinkCall) => string | null | undefined;
    const urls = message.links.map((call) => resolve(call));
    const renderer = message.diagrams.length > 0 ? ruleRenderer(rule) : undefined;
    const drawn = await Promise.all(message.diagrams.map((source) => renderer?.drawing(source).catch(() => undefined)));
    // A link that does not resolve (reported by Docusaurus's own message), a link the transform
    // would bundle, a diagram not drawn: compiled here, with the real functions.
    if (urls.some((url) => !url || assetLike(url)) || drawn.some((svgs) => !svgs)) {
      sentBack += 1;
      back.push(item);
      return;
    }
    for (const source of message.diagrams) void renderer?.render(source); // counted as a block of a page
    for (const [name, diagram] of message.outsideJs) renderer?.outsideJs.set(name, diagram);
    main.finish(item.module, JSON.parse(withLinks(message.json, nonce, urls as string[])) as PageData);
    byWorker += 1;
  };

  let chain = Promise.resolve();
  const worker = new Worker(path.join(__dirname, 'worker.cjs'), {
    workerData: {pageData: workerData},
    ...(plan.youngMb ? {resourceLimits: {maxYoungGenerationSizeMb: plan.youngMb}} : {}),
  });
  const workerDone = new Promise<void>((resolve) => {
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'done') {
        chain = chain.then(resolve);
        return;
      }
      if (message.index < 0) {
        stop(new Error(`page-data: the worker thread failed: ${message.kind === 'error' ? message.message : ''}`));
        resolve();
        return;
      }
      chain = chain.then(() => settle(message)).catch((error: unknown) => stop(error as Error));
    });
    worker.once('error', (error) => {
      stop(new Error(`page-data: the worker thread failed: ${error.message}`, {cause: error}));
      resolve();
    });
    worker.once('exit', (code) => {
      if (code !== 0 && !ended) stop(new Error(`page-data: the worker thread stopped (exit ${code})`));
      resolve();
    });
  });

  try {
    if (plan.here) {
      for (let item = mine[Atomics.add(count, 0, 1)]; item; item = mine[Atomics.add(count, 0, 1)]) {
        await main.compileHere(item);
        // Lets the worker's pages settle as they come.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    await workerDone;
    await chain;
  } catch (error) {
    stop(error as Error);
  } finally {
    ended = true;
    await worker.terminate();
  }
  if (failure) throw failure;
  return {byWorker, sentBack, back};
}
