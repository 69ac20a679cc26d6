import {LOADER_ATTRIBUTE} from './pageScripts';

/**
 * The page loader: each page's scripts load once the browser has painted the
 * server-rendered page, instead of through the `<script defer>` tags that
 * Docusaurus's page template puts in <head>. Applied after the build
 * (`postBuild`), so Docusaurus's own template stays in use.
 *
 * Why: with deferred scripts, a browser that has the JavaScript at hand when
 * the HTML is parsed (a warm cache, a fast network) runs it, React hydration
 * included, before it paints anything, so the first and largest paint wait
 * for the JavaScript. Lighthouse's throttled simulation counts that against
 * LCP too. The pages are complete HTML; they can be read before the
 * JavaScript arrives, which only adds interactivity (client-side navigation,
 * the search dialog, the color-mode toggle). The loader keeps the scripts'
 * order (`async = false`). Its text is the same on every page (the entry
 * scripts are; the page's own chunks are in the `data-page-scripts`
 * attribute), so the Content-Security-Policy (scripts/csp.mjs) gains one hash.
 */

/**
 * After the next frame (rAF), a task later (setTimeout): the paint has
 * happened. `s`: the entry scripts; `p`: the page's own chunks, from the
 * loader's attribute (./pageScripts.ts). Written as the HTML minifier wrote
 * it when the loader was part of the page template, so its hash did not change.
 */
export function loaderScript(entryScripts: readonly string[]): string {
  return (
    '!function(t,e){requestAnimationFrame(function(){setTimeout(function(){' +
    '(e?t.concat(e.split(" ")):t).forEach(function(t){' +
    'var e=document.createElement("script");e.src=t,e.async=!1,document.head.appendChild(e)})})})}(' +
    JSON.stringify(entryScripts).replace(/</g, '\\u003c') +
    `,document.currentScript.getAttribute("${LOADER_ATTRIBUTE}"))`
  );
}

/** A `<script src=… defer></script>` as Docusaurus's template writes it (after the HTML minifier). */
// Minified (`defer`, as @docusaurus/faster writes it) or not (`defer="defer"`, webpack's build).
const DEFERRED_SCRIPT = /<script src=(?:"([^"]*)"|([^\s"'=<>`]+)) defer(?:="(?:defer)?")?><\/script>/g;

/** The entry scripts of a page: the deferred scripts of Docusaurus's template, in order. */
export function deferredScripts(html: string): string[] {
  return [...html.matchAll(DEFERRED_SCRIPT)].map((m) => (m[1] ?? m[2] ?? '').replace(/&amp;/g, '&'));
}

/**
 * `html` with its deferred entry scripts removed and the loader, which loads
 * them after the first paint, at the end of <body>. A page without deferred
 * scripts (not a page of Docusaurus's template) is returned as it is; a page
 * without `</body>` is an error naming `file`.
 */
export function withPageLoader(html: string, file: string): string {
  const scripts = deferredScripts(html);
  if (scripts.length === 0) return html;
  const end = html.lastIndexOf('</body>');
  if (end < 0) throw new Error(`${file}: no </body> to put the page loader before.`);
  const loader = `<script ${LOADER_ATTRIBUTE}>${loaderScript(scripts)}</script>`;
  const body = html.slice(0, end).replace(DEFERRED_SCRIPT, '');
  return body + loader + html.slice(end);
}
