/**
 * The inline script that makes the page's controls work before React has
 * hydrated it (README.md beside this file). It is the same text on every page,
 * so the Content-Security-Policy allows it with one hash (scripts/csp.mjs finds
 * it in the build like the theme's own inline scripts).
 *
 * Before `window.docusaurusRoot` exists (Docusaurus sets it when it starts
 * hydrating; from then on React itself hydrates a clicked control first and
 * runs its handler), the script:
 * - color toggle (a disabled button until hydration, which swallows clicks,
 *   so it listens to `pointerup`): switches `data-theme` and the stored
 *   choice at once; the theme reads both back after hydration;
 * - announcement bar's close button: stores the dismissal with the bar's id
 *   and hides it with the theme's own attribute;
 * - version menu links: render with the page's `?query#hash` from the first
 *   paint, and are brought up to date again when clicked;
 * - search button, Ctrl+K / ⌘K / `/` and the mobile menu button: queued in
 *   `window.__orreryEarlyInput`, replayed by ./client.ts once the page has
 *   hydrated.
 */

export const EARLY_INPUT_QUEUE = '__orreryEarlyInput';
export const COLOR_TOGGLE_CLASS = 'orrery-color-mode-toggle';
export const VERSION_MENU_CLASS = 'orrery-version-menu';

/** Storage keys and attribute of @docusaurus/theme-common 3.10 (checked by tests/unit/early-input.test.ts). */
export const THEME_STORAGE_KEY = 'theme';
export const ANNOUNCEMENT_DISMISS_KEY = 'docusaurus.announcement.dismiss';
export const ANNOUNCEMENT_ID_KEY = 'docusaurus.announcement.id';
export const ANNOUNCEMENT_DISMISSED_ATTRIBUTE = 'data-announcement-bar-initially-dismissed';

export type EarlyAction = 'search' | 'menu';

/** The script's source for a site whose announcement bar has `announcementId` (or none). */
export function earlyInputScript(announcementId: string | undefined): string {
  const j = JSON.stringify;
  return [
    '(function(d,w){',
    'var h=d.documentElement,q=w[' + j(EARLY_INPUT_QUEUE) + ']=[];',
    'function early(){return !w.docusaurusRoot}',
    'function put(k,v){try{localStorage.setItem(k,v)}catch(e){}}',
    'function tail(){return location.search+location.hash}',
    'function fix(a){a.setAttribute("href",a.getAttribute("href").replace(/[?#].*$/,"")+tail())}',
    'function links(){var l=d.querySelectorAll(' +
      j(`.${VERSION_MENU_CLASS} ~ .dropdown__menu a[href]`) +
      ');' +
      'for(var i=0;i<l.length;i++)fix(l[i])}',
    'd.addEventListener("DOMContentLoaded",links);',
    'w.addEventListener("hashchange",function(){if(early())links()});',
    'd.addEventListener("pointerup",function(e){',
    'if(e.button)return;var b=e.target.closest&&e.target.closest(' + j(`.${COLOR_TOGGLE_CLASS} button`) + ');',
    'if(!b||!b.disabled)return;',
    'var m=h.getAttribute("data-theme")==="dark"?"light":"dark";',
    'h.setAttribute("data-theme",m);h.setAttribute("data-theme-choice",m);put(' + j(THEME_STORAGE_KEY) + ',m)',
    '},true);',
    'd.addEventListener("click",function(e){',
    'if(!early()||!e.target.closest)return;var t=e.target;',
    'var a=t.closest(' + j(`.${VERSION_MENU_CLASS} ~ .dropdown__menu a[href]`) + ');if(a){fix(a);return}',
    announcementId === undefined
      ? ''
      : 'if(t.closest(".theme-announcement-bar .close")){put(' +
        j(ANNOUNCEMENT_DISMISS_KEY) +
        ',"true");' +
        'put(' +
        j(ANNOUNCEMENT_ID_KEY) +
        ',' +
        j(announcementId) +
        ');' +
        'h.setAttribute(' +
        j(ANNOUNCEMENT_DISMISSED_ATTRIBUTE) +
        ',"true");return}',
    'if(t.closest(".DocSearch-Button"))q.push("search");',
    'else if(t.closest(".navbar__toggle"))q.push("menu")',
    '},true);',
    'd.addEventListener("keydown",function(e){',
    'if(!early())return;var k=e.key&&e.key.toLowerCase(),f=e.target,',
    'typing=f&&(f.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(f.tagName));',
    'if((k==="k"&&(e.ctrlKey||e.metaKey))||(k==="/"&&!typing&&!e.ctrlKey&&!e.metaKey&&!e.altKey))',
    '{e.preventDefault();if(q.indexOf("search")<0)q.push("search")}',
    '},true)',
    '})(document,window)',
  ].join('');
}
