/**
 * Draws Mermaid diagrams to SVG at build time: one headless Chromium (Debian's, driven by
 * playwright-core), a few blank pages that load Mermaid's browser bundle from node_modules, and
 * a cache on disk. No page ever makes a network request: every request is aborted.
 */
import {existsSync, mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Browser, Page} from 'playwright-core';
import {CONFIG_COPY_SCRIPT, withFastConfig} from './fast-config';
import {
  PLACEHOLDER_ID,
  VARIANTS,
  cacheKey,
  compactSvg,
  stableIds,
  withoutTodayLine,
  type MermaidSiteConfig,
  type Svgs,
} from './svg';

const require = createRequire(__filename);

export interface RendererOptions {
  config: MermaidSiteConfig;
  /** Where drawings are kept between builds. */
  cacheDir: string;
  /** The Chromium binary. */
  executablePath: string;
  /** Pages drawing at once. */
  concurrency: number;
  /** ./browser.js, the script the pages run. */
  browserScript: string;
  /** Mermaid's browser bundle (default: node_modules' mermaid.min.js), loaded as it is. */
  mermaidScript?: string;
  /**
   * With the default bundle: Mermaid's getConfig() copies its configuration the faster way
   * (fast-config.ts; same drawings). Default true; off, the bundle is loaded unchanged.
   */
  fastConfig?: boolean;
  /** How long one drawing may take before its page is replaced and it is tried again (default 60 s). */
  drawTimeoutMs?: number;
}

/** What Mermaid said about a diagram it could not draw. */
export class MermaidRejection extends Error {
  constructor(
    message: string,
    readonly diagramLine: number | undefined,
  ) {
    super(message);
    this.name = 'MermaidRejection';
  }

  /** By name: a module loaded twice (config loader and tests) gives two classes. */
  static is(error: unknown): error is MermaidRejection {
    return error instanceof Error && error.name === 'MermaidRejection';
  }
}

/** A diagram of a page whose drawing reaches the built page after the static rendering. */
export interface DiagramOnPage {
  /** Its id on the page: the drawing's ids are rewritten to it. */
  diagramId: string;
  source: string;
}

type PageResult = {svgs: Svgs} | {error: {message: string; line: number | null}};

interface Job {
  source: string;
  /** Drawings of it that timed out. */
  timeouts: number;
  resolve: (svgs: Svgs) => void;
  reject: (error: Error) => void;
}

/** A drawing that did not finish in time: its page may still be busy with it. */
class DrawTimeout extends Error {
  constructor(ms: number, final: boolean) {
    super(
      `Mermaid took more than ${ms / 1000} s to draw the diagram${final ? ', twice (the second time in a fresh page)' : ''}`,
    );
    this.name = 'DrawTimeout';
  }
}

/**
 * The width diagrams are drawn at, about that of a doc page's text column on a desktop screen
 * (703 px in a 1280 px window, 958 px in a 1920 px one). Most diagram types size themselves to
 * their content; Gantt charts take the width of the element they are drawn in.
 */
const PAGE_WIDTH = 800;

/**
 * A diagram Mermaid has not drawn in this long is drawn again in a fresh page (the page it
 * was drawing in may be stuck, and would hold up every later diagram given to it); a second
 * such wait stops the build. Drawing takes well under a second; a build that starves Chromium
 * of the CPU, or a Mermaid layout that never ends, can take this long.
 */
const DRAW_TIMEOUT_MS = 60_000;
const DRAW_ATTEMPTS = 2;

/** Closes the browser after this long without work (`npm start`; a build closes it in postBuild). */
const IDLE_CLOSE_MS = 10_000;

// The page diagrams are drawn in. Mermaid measures text with the styles around it: the site's
// font, size and line height (Infima's `html` rule), so labels fit as the site shows them.
const pageHtml = (fontFamily: string): string =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><style>' +
  `html{font:100%/1.65 ${fontFamily};-webkit-font-smoothing:antialiased;text-rendering:optimizeLegibility}` +
  '*,::before,::after{box-sizing:border-box}body{margin:0}' +
  '</style></head><body></body></html>';

export function mermaidVersion(): string {
  const pkg = JSON.parse(readFileSync(require.resolve('mermaid/package.json'), 'utf8')) as {version: string};
  return pkg.version;
}

export class MermaidRenderer {
  readonly mermaidVersion = mermaidVersion();
  /** Counts for the build's summary line. */
  readonly stats = {diagrams: 0, drawn: 0, cached: 0, left: 0, milliseconds: 0};
  private readonly memo = new Map<string, Promise<Svgs | undefined>>();
  private readonly queue: Job[] = [];
  private browser: Promise<Browser | undefined> | undefined;
  private pages: Page[] = [];
  private idlePages: Page[] = [];
  private busy = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  private warned = false;
  private cacheWarned = false;
  /** The scripts each page loads before browser.js, read once. */
  private scripts: Array<{path: string} | {content: string}> | undefined;

  /**
   * Set by the plugin's loadContent in a production build once every diagram is drawn: the
   * pages carry each drawing's name in an empty slot (`outsideJs`), and postBuild fills the slots.
   */
  drawingsOutsideJs = false;
  /** The diagrams of the pages while `drawingsOutsideJs`, by drawing name. */
  readonly outsideJs = new Map<string, DiagramOnPage>();

  constructor(readonly options: RendererOptions) {}

  /** The diagram's cache key (what its drawing depends on). */
  key(source: string): string {
    return cacheKey(source, this.mermaidVersion, this.options.config);
  }

  /**
   * The diagram in both color modes, with the placeholder id. Undefined when no browser can
   * draw it (the caller falls back to drawing in the reader's browser). Rejects with a
   * MermaidRejection when Mermaid rejects the diagram.
   */
  render(source: string): Promise<Svgs | undefined> {
    this.stats.diagrams += 1;
    return this.lookup(source);
  }

  /** The diagram's drawing, as `render` gives it, without counting it as a block of a page again. */
  drawing(source: string): Promise<Svgs | undefined> {
    return this.lookup(source);
  }

  /**
   * Draws diagrams before any page asks for them (the build's loadContent, before the bundler
   * starts); resolves once all are drawn or failed. Errors wait for the page that holds the diagram.
   */
  prefetch(sources: Iterable<string>): Promise<void> {
    const all = [...sources].map((source) => this.lookup(source).catch(() => undefined));
    return Promise.all(all).then(() => undefined);
  }

  private lookup(source: string): Promise<Svgs | undefined> {
    const key = this.key(source);
    let result = this.memo.get(key);
    if (!result) {
      result = this.load(key, source);
      this.memo.set(key, result);
    }
    return result;
  }

  private async load(key: string, source: string): Promise<Svgs | undefined> {
    const file = path.join(this.options.cacheDir, key.slice(0, 2), `${key}.json`);
    const cached = await readFile(file, 'utf8').then(
      (text) => parseCached(text),
      () => undefined,
    );
    if (cached) {
      this.stats.cached += 1;
      return cached;
    }
    if (!(await this.launch())) {
      this.stats.left += 1;
      return undefined;
    }
    const svgs = await new Promise<Svgs>((resolve, reject) => {
      this.queue.push({source, timeouts: 0, resolve, reject});
      this.pump();
    });
    this.stats.drawn += 1;
    try {
      // Written whole, then renamed: a build reading the cache at the same time sees all or nothing.
      mkdirSync(path.dirname(file), {recursive: true});
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(svgs));
      renameSync(temporary, file);
    } catch (error) {
      if (!this.cacheWarned) console.warn(`[WARNING] Mermaid drawings are not cached: ${String(error)}`);
      this.cacheWarned = true;
    }
    return svgs;
  }

  /** Starts Chromium and its pages once; undefined (with one warning) when that is impossible. */
  private launch(): Promise<Browser | undefined> {
    this.browser ??= this.start().catch((error: unknown) => {
      this.warn(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
      return undefined;
    });
    return this.browser;
  }

  private async start(): Promise<Browser> {
    const {executablePath, concurrency} = this.options;
    if (!existsSync(executablePath)) throw new Error(`there is no Chromium at ${executablePath}`);
    // playwright-core comes with @playwright/test; required only when a diagram needs drawing.
    const {chromium} = require('playwright-core') as typeof import('playwright-core');
    const browser = await chromium.launch({
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-extensions',
      ],
    });
    try {
      this.pages = await Promise.all(Array.from({length: Math.max(1, concurrency)}, () => this.openPage(browser)));
    } catch (error) {
      await browser.close();
      throw error;
    }
    this.idlePages = [...this.pages];
    return browser;
  }

  private warn(reason: string): void {
    if (this.warned) return;
    this.warned = true;
    console.warn(
      `[WARNING] Cannot draw Mermaid diagrams at build time: ${reason}. Diagrams no earlier build drew ` +
        "are left to the reader's browser (their pages load the Mermaid library) and their errors are not " +
        'caught. Install Chromium (Debian: apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.',
    );
  }

  /**
   * Mermaid for the pages: the given bundle as it is, or node_modules' with the faster
   * getConfig(). A bundle the patch does not fit (a Mermaid upgrade) is loaded unchanged, with
   * one warning: the drawings are the same, only slower (tests/unit/mermaid-fast-config.test.ts
   * fails on such an upgrade).
   */
  private mermaidScripts(): Array<{path: string} | {content: string}> {
    if (this.scripts) return this.scripts;
    const {mermaidScript, fastConfig = true} = this.options;
    const bundlePath = mermaidScript ?? require.resolve('mermaid/dist/mermaid.min.js');
    this.scripts = [{path: bundlePath}];
    if (!mermaidScript && fastConfig) {
      try {
        this.scripts = [{content: CONFIG_COPY_SCRIPT}, {content: withFastConfig(readFileSync(bundlePath, 'utf8'))}];
      } catch (error) {
        console.warn(
          `[WARNING] Mermaid diagrams are drawn at Mermaid's own speed: ${String(error instanceof Error ? error.message : error)} (${bundlePath}). ` +
            'See src/plugins/mermaid-svg/fast-config.ts; ORRERY_MERMAID_FAST_CONFIG=0 silences this.',
        );
      }
    }
    return this.scripts;
  }

  /** A blank page with Mermaid and ./browser.js loaded. */
  private async openPage(browser: Browser): Promise<Page> {
    const page = await browser.newPage({viewport: {width: PAGE_WIDTH, height: 600}});
    // Nothing leaves the machine: Mermaid needs no request, and any it tried would fail.
    await page.route('**/*', (route) => route.abort());
    await page.setContent(pageHtml(String(this.options.config.options?.fontFamily ?? 'sans-serif')));
    for (const script of this.mermaidScripts()) await page.addScriptTag(script);
    await page.addScriptTag({path: this.options.browserScript});
    return page;
  }

  /**
   * A page whose drawing timed out is closed and replaced (the browser, if it is still open,
   * gets a fresh one), and the diagram goes back to the front of the queue until it has
   * timed out DRAW_ATTEMPTS times.
   */
  private async afterTimeout(page: Page, job: Job, ms: number): Promise<void> {
    this.pages = this.pages.filter((p) => p !== page);
    await page.close().catch(() => undefined);
    const browser = await this.browser;
    if (browser?.isConnected()) {
      try {
        const fresh = await this.openPage(browser);
        this.pages.push(fresh);
        this.idlePages.push(fresh);
      } catch {
        // No fresh page: the others go on; with none left the queue cannot move, so it fails.
      }
    }
    job.timeouts += 1;
    if (job.timeouts < DRAW_ATTEMPTS && this.pages.length > 0) this.queue.unshift(job);
    else job.reject(new DrawTimeout(ms, job.timeouts >= DRAW_ATTEMPTS));
    if (this.pages.length === 0) {
      for (const waiting of this.queue.splice(0)) waiting.reject(new DrawTimeout(ms, false));
    }
  }

  private pump(): void {
    clearTimeout(this.idleTimer);
    while (this.queue.length > 0 && this.idlePages.length > 0) {
      const page = this.idlePages.pop() as Page;
      const job = this.queue.shift() as Job;
      this.busy += 1;
      const started = Date.now();
      const ms = this.options.drawTimeoutMs ?? DRAW_TIMEOUT_MS;
      this.draw(page, job.source, ms)
        .then(
          (svgs) => {
            this.idlePages.push(page);
            job.resolve(svgs);
          },
          async (error: unknown) => {
            if (error instanceof DrawTimeout) await this.afterTimeout(page, job, ms);
            else {
              this.idlePages.push(page);
              job.reject(error instanceof Error ? error : new Error(String(error)));
            }
          },
        )
        .finally(() => {
          this.stats.milliseconds += Date.now() - started;
          this.busy -= 1;
          this.pump();
        });
    }
    if (this.queue.length === 0 && this.busy === 0) {
      this.idleTimer = setTimeout(() => void this.close(), IDLE_CLOSE_MS);
      this.idleTimer.unref();
    }
  }

  private async draw(page: Page, source: string, ms: number): Promise<Svgs> {
    const job = {
      source,
      id: PLACEHOLDER_ID,
      themes: this.options.config.theme,
      options: this.options.config.options ?? {},
    };
    // A string, not a function: the page runs exactly this, whatever compiled this file.
    let timer: NodeJS.Timeout | undefined;
    const result = (await Promise.race([
      page.evaluate(`window.orreryMermaid.render(${JSON.stringify(job)})`),
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new DrawTimeout(ms, false)), ms);
      }),
    ]).finally(() => clearTimeout(timer))) as PageResult;
    if ('error' in result) throw new MermaidRejection(result.error.message, result.error.line ?? undefined);
    return {
      light: compactSvg(stableIds(withoutTodayLine(result.svgs.light))),
      dark: compactSvg(stableIds(withoutTodayLine(result.svgs.dark))),
    };
  }

  /** Closes the browser; a later diagram starts a new one. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    // Without a browser to close, the warning stands and no other launch is tried.
    if (this.warned) return;
    const browser = this.browser;
    this.browser = undefined;
    this.pages = [];
    this.idlePages = [];
    await (await browser)?.close();
  }
}

function parseCached(text: string): Svgs | undefined {
  try {
    const value = JSON.parse(text) as Partial<Svgs>;
    return VARIANTS.every((v) => typeof value[v] === 'string') ? (value as Svgs) : undefined;
  } catch {
    return undefined;
  }
}
