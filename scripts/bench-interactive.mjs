// Load → interactive: how long after the `load` event a reader's first click
// still does nothing. Scripts start after the first paint and in stages
// (src/plugins/page-startup), so React hydrates some time after `load`; the
// early-input plugin (src/plugins/early-input) makes the color toggle, the
// announcement bar, the version menu, search and the mobile menu answer before
// that. Measured in Chromium with 4× CPU slowdown (CDP), served gzipped as the
// deployed nginx does, median of BENCH_INTERACTIVE_RUNS runs (default 5):
//   hydrated   load → React has hydrated (<html data-has-hydrated>)
//   toggle     a click on the color toggle right at load → the mode changes
// Run through `npm run bench` (scripts/bench.mjs): part "interactive".
import {chromium} from '@playwright/test';
import {chromiumFlags, chromiumPath, median, ms, printTable, serveCompressed} from './bench-lib.mjs';
import {benchPages} from './bench-weight.mjs';

const RUNS = Number(process.env.BENCH_INTERACTIVE_RUNS ?? 5);
const CPU_SLOWDOWN = 4;

/** Records, in the page, when it hydrated and when the color mode changed (performance.now()). */
function recorder() {
  const marks = {};
  window.__benchMarks = marks;
  new MutationObserver(() => {
    const html = document.documentElement;
    if (marks.hydrated === undefined && html.getAttribute('data-has-hydrated') === 'true')
      marks.hydrated = performance.now();
    if (marks.themeChanged === undefined && marks.clicked !== undefined && html.getAttribute('data-theme') === 'dark') {
      marks.themeChanged = performance.now();
    }
    // The document, not <html>: init scripts run before the parser has made the page's <html>.
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-has-hydrated', 'data-theme']});
}

async function measureOnce(browser, url) {
  const context = await browser.newContext({viewport: {width: 1280, height: 900}});
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: CPU_SLOWDOWN});
  await page.addInitScript(recorder);
  await page.goto(url, {waitUntil: 'load'});
  // Click the toggle the moment `load` has fired, as a reader would.
  const box = await page.locator('.navbar [class*="colorModeToggle"] button').first().boundingBox();
  await page.evaluate(() => (window.__benchMarks.clicked = performance.now()));
  if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true', null, {
    timeout: 30_000,
  });
  // A click on a still-disabled toggle is lost: the mode never changes. Wait a moment to be sure.
  await page.waitForTimeout(300);
  const result = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const m = window.__benchMarks;
    return {
      load: nav.loadEventEnd,
      hydrated: m.hydrated - nav.loadEventEnd,
      toggle: m.themeChanged === undefined ? null : m.themeChanged - m.clicked,
    };
  });
  await context.close();
  return result;
}

export async function measureInteractive(buildDir, pages = benchPages(buildDir)) {
  const server = await serveCompressed(buildDir);
  const browser = await chromium.launch({executablePath: chromiumPath, args: chromiumFlags});
  const rows = [];
  try {
    for (const p of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(browser, `${server.origin}${server.base}${p.path}`));
      const lost = runs.filter((r) => r.toggle === null).length;
      rows.push({
        page: p.label,
        load: median(runs.map((r) => r.load)),
        hydrated: median(runs.map((r) => r.hydrated)),
        toggle: median(runs.map((r) => r.toggle ?? NaN)),
        lost,
        runs: runs.length,
      });
    }
  } finally {
    await browser.close();
    server.close();
  }
  return rows;
}

export function printInteractive(rows) {
  printTable(
    `Load → interactive (Chromium, ${CPU_SLOWDOWN}× CPU slowdown, median of ${RUNS})`,
    ['Page', 'load event', 'load → hydrated', 'toggle clicked at load → mode changed', 'clicks lost'],
    rows.map((r) => [r.page, ms(r.load), ms(r.hydrated), ms(r.toggle), `${r.lost} of ${r.runs}`]),
  );
}
