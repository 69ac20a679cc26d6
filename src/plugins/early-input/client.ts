/**
 * Replays what a reader asked for before the page hydrated (./earlyScript.ts
 * queued it): opens the search dialog, opens the mobile menu. Runs once, after
 * the first route update, when Docusaurus marks <html data-has-hydrated>.
 */
import type {ClientModule} from '@docusaurus/types';
import {EARLY_INPUT_QUEUE, type EarlyAction} from './earlyScript';

declare global {
  interface Window {
    [EARLY_INPUT_QUEUE]?: EarlyAction[];
    /** performance.now() when the page had hydrated (read by `npm run bench -- interactive`). */
    __orreryHydratedAt?: number;
  }
}

const SELECTORS: Record<EarlyAction, string> = {
  search: '.DocSearch-Button',
  menu: '.navbar__toggle',
};

function replay(): void {
  window.__orreryHydratedAt = performance.now();
  const queue = window[EARLY_INPUT_QUEUE] ?? [];
  const actions = queue.splice(0);
  for (const action of actions) {
    document.querySelector<HTMLElement>(SELECTORS[action])?.click();
  }
}

function whenHydrated(run: () => void): void {
  const html = document.documentElement;
  const done = () => html.getAttribute('data-has-hydrated') === 'true';
  if (done()) {
    setTimeout(run);
    return;
  }
  const observer = new MutationObserver(() => {
    if (!done()) return;
    observer.disconnect();
    // A task later: the effects of the hydrating render have run.
    setTimeout(run);
  });
  observer.observe(html, {attributes: true, attributeFilter: ['data-has-hydrated']});
}

let started = false;

const earlyInput: ClientModule = {
  onRouteDidUpdate() {
    if (started) return;
    started = true;
    whenHydrated(replay);
  },
};

export default earlyInput;
