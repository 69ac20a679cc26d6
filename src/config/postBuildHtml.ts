/**
 * One way for plugins to rewrite the built HTML pages in `postBuild`.
 *
 * Docusaurus runs every plugin's `postBuild` at the same time
 * (Promise.all in @docusaurus/core's buildLocale): two plugins that each read,
 * change and write the same pages would lose each other's changes. Passes
 * made with `rewriteHtmlFiles` run one after another, in the order they
 * start, whichever plugin makes them; each page is written only if it changed,
 * and replaced whole (a plugin that only reads the pages never sees half of one).
 */
import {promises as fsp} from 'node:fs';
import path from 'node:path';
import {htmlFiles} from '../../scripts/lib/build-files.mjs';

// On globalThis: each plugin may get its own copy of this module.
const QUEUE = Symbol.for('orrery.postBuildHtml.queue');
const shared = globalThis as {[QUEUE]?: Promise<unknown>};

/** Rewrites every HTML page under `outDir` with `rewrite`, after any pass already started. */
export function rewriteHtmlFiles(outDir: string, rewrite: (html: string, file: string) => string): Promise<void> {
  const pass = async (): Promise<void> => {
    for (const file of htmlFiles(outDir).map((f) => path.join(outDir, f))) {
      const original = await fsp.readFile(file, 'utf8');
      const html = rewrite(original, file);
      if (html === original) continue;
      // Written beside and renamed: a reader at the same time (another postBuild) never sees half a page.
      const temporary = `${file}.orrery-tmp`;
      await fsp.writeFile(temporary, html);
      await fsp.rename(temporary, file);
    }
  };
  const run = (shared[QUEUE] ?? Promise.resolve()).then(pass, pass);
  shared[QUEUE] = run.catch(() => undefined);
  return run;
}
