import defaultTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';
import {LOADER_ATTRIBUTE} from './pageScripts';

/**
 * The page template (siteConfig.ssrTemplate): Docusaurus's own, except that
 * the page's scripts load once the browser has painted the server-rendered
 * page, instead of through `<script defer>` tags in <head>.
 *
 * Why: with deferred scripts, a browser that has the JavaScript at hand when
 * the HTML is parsed (a warm cache, a fast network) runs it, React hydration
 * included, before it paints anything, so the first and largest paint wait
 * for the JavaScript. Lighthouse's throttled simulation counts that against
 * LCP too. The pages are complete HTML; they can be read before the
 * JavaScript arrives, which only adds interactivity (client-side navigation,
 * the search dialog, the color-mode toggle). The loader keeps the scripts'
 * order (`async = false`) and is the same on every page, so the
 * Content-Security-Policy (scripts/csp.mjs) gains one hash.
 */
const deferredScripts = `
    <% it.scripts.forEach((script) => { %>
      <script src="<%= it.baseUrl %><%= script %>" defer></script>
    <% }); %>`;

const bodyEnd = '\n    <%~ it.postBodyTags %>';

// After the next frame (rAF), a task later (setTimeout): the paint has happened.
// The entry scripts come from the template; the page's own chunks, from the
// loader's attribute, which the performance plugin fills in after the build
// (./pageScripts.ts). The script's text is the same on every page.
const loader =
  `\n    <script ${LOADER_ATTRIBUTE}>(function(s,p){requestAnimationFrame(function(){setTimeout(function(){` +
  '(p?s.concat(p.split(" ")):s).forEach(function(u){' +
  'var e=document.createElement("script");e.src=u;e.async=false;document.head.appendChild(e)})})})})(' +
  '<%~ JSON.stringify(it.scripts.map((s) => it.baseUrl + s)).replace(/</g, "\\\\u003c") %>' +
  `,document.currentScript.getAttribute("${LOADER_ATTRIBUTE}"))</script>`;

export function afterPaintSsrTemplate(template: string = defaultTemplate): string {
  if (!template.includes(deferredScripts) || !template.includes(bodyEnd)) {
    throw new Error(
      "The performance plugin's page template no longer matches Docusaurus's default template " +
        '(@docusaurus/core/lib/ssg/ssgTemplate.html.js); update src/plugins/performance/ssrTemplate.ts.',
    );
  }
  return template.replace(deferredScripts, '').replace(bodyEnd, loader + bodyEnd);
}
