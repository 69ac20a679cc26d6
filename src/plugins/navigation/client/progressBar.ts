/**
 * Client module: the thin bar at the top of the window while the next page's
 * code loads after a link click, in place of the theme's nprogress module
 * (which is replaced in both bundles, see ../index.ts and ../noNprogress.ts). Same contract: the bar
 * shows only when a navigation to another path takes longer than 200 ms, and
 * it completes and fades when the new page renders. The motion is CSS
 * (./progressBar.css), which readers who prefer reduced motion do not get.
 */
import type {ClientModule} from '@docusaurus/types';
import './progressBar.css';

const DELAY_MS = 200;
const FADE_MS = 400;

let bar: HTMLElement | null = null;

function start(): void {
  if (bar) return;
  bar = document.createElement('div');
  bar.className = 'orrery-progress';
  // Decorative: the page itself says when it has changed.
  bar.setAttribute('aria-hidden', 'true');
  document.body.appendChild(bar);
}

function done(): void {
  const finished = bar;
  if (!finished) return;
  bar = null;
  finished.classList.add('orrery-progress--done');
  window.setTimeout(() => finished.remove(), FADE_MS);
}

const clientModule: ClientModule = {
  onRouteUpdate({location, previousLocation}) {
    if (!previousLocation || location.pathname === previousLocation.pathname) return undefined;
    const timer = window.setTimeout(start, DELAY_MS);
    return () => window.clearTimeout(timer);
  },
  onRouteDidUpdate() {
    done();
  },
};

export default clientModule;
