/**
 * One way for plugins to rewrite the built HTML pages in `postBuild`.
 *
 * Docusaurus runs every plugin's `postBuild` at the same time
 * (Promise.all in @docusaurus/core's buildLocale): two plugins that each read,
 * change and write the same pages would lose each other's changes. Passes
 * made with `rewriteHtmlFiles` run one after another, in the order they
 * start, whichever plugin makes them; each page is written only if it changed,
 * and replaced whole (a plugin that only reads the pages never sees half of one).
 *
 * Rewrites asked for before the pending pass has begun (the plugins' postBuild
 * hooks all start in the same tick) join it: each page is read once, given to
 * each rewrite in the order they were asked for, and written once. A rewrite
 * must therefore depend only on the page it is given, not on other pages.
 *
 * A rewrite that must first finish some work of its own (the Mermaid plugin's drawing files)
 * passes that work as `ready`: it still joins the pending pass, which begins once every such
 * promise has settled, and fails with the first that fails. (Joining later would make a second
 * pass over every page, and a reader of the first pass's pages, such as the search indexer, would
 * meet pages the second pass has not rewritten yet.)
 */
import {promises as fsp} from 'node:fs';
import path from 'node:path';
import {htmlFiles} from '../../scripts/lib/build-files.mjs';

export type HtmlRewrite = (html: string, file: string) => string;

interface Pass {
  outDir: string;
  rewrites: HtmlRewrite[];
  started: boolean;
  ready: Array<Promise<unknown>>;
  listeners: Array<(page: string) => void>;
  done: Promise<void>;
}

// On globalThis: each plugin may get its own copy of this module.
const QUEUE = Symbol.for('orrery.postBuildHtml.queue');
const PENDING = Symbol.for('orrery.postBuildHtml.pending');
const shared = globalThis as {[QUEUE]?: Promise<unknown>; [PENDING]?: Pass};

export interface RewriteOptions {
  /** Work to finish before the pass reads a page (the pass still takes this rewrite). */
  ready?: Promise<unknown>;
  /**
   * Told each page (its path relative to `outDir`, `/`-separated) once the pass is done with it,
   * in the pass's order (scripts/lib/build-files.mjs `htmlFiles`, path order), written or unchanged.
   */
  onPage?: (page: string) => void;
}

/** Rewrites every HTML page under `outDir` with `rewrite`, after any pass already started. */
export function rewriteHtmlFiles(
  outDir: string,
  rewrite: HtmlRewrite,
  {ready, onPage}: RewriteOptions = {},
): Promise<void> {
  const pending = shared[PENDING];
  if (pending && !pending.started && pending.outDir === outDir) {
    pending.rewrites.push(rewrite);
    if (ready) pending.ready.push(ready);
    if (onPage) pending.listeners.push(onPage);
    return pending.done;
  }
  const pass: Pass = {
    outDir,
    rewrites: [rewrite],
    started: false,
    ready: ready ? [ready] : [],
    listeners: onPage ? [onPage] : [],
    done: Promise.resolve(),
  };
  const run = async (): Promise<void> => {
    pass.started = true;
    if (shared[PENDING] === pass) shared[PENDING] = undefined;
    await Promise.all(pass.ready);
    for (const page of htmlFiles(outDir)) {
      const file = path.join(outDir, page);
      const original = await fsp.readFile(file, 'utf8');
      const html = pass.rewrites.reduce((text, each) => each(text, file), original);
      if (html !== original) {
        // Written beside and renamed: a reader at the same time (another postBuild) never sees half a page.
        const temporary = `${file}.orrery-tmp`;
        await fsp.writeFile(temporary, html);
        await fsp.rename(temporary, file);
      }
      for (const listener of pass.listeners) listener(page);
    }
  };
  pass.done = (shared[QUEUE] ?? Promise.resolve()).then(run, run);
  shared[PENDING] = pass;
  shared[QUEUE] = pass.done.catch(() => undefined);
  return pass.done;
}
