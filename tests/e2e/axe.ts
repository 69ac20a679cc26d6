import {readFileSync, readdirSync, existsSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {expect, type BrowserContext, type Page} from '@playwright/test';

/**
 * Shared accessibility checks for the browser tests: the axe-core rules the
 * site must pass (WCAG 2.0 and 2.1, levels A and AA), colour mode switching,
 * and waiting for the Mermaid diagrams a page draws in the browser, so that
 * their colours are checked too.
 */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export type ColorMode = 'light' | 'dark';

/** The element around each Mermaid diagram (both drawings, one shown per mode). */
export const DIAGRAM_SELECTOR = '.docusaurus-mermaid-container';

/**
 * For a walk over many pages: axe-core (the copy @axe-core/playwright uses) is
 * put into every document of the context before the page's own scripts, so
 * that each check is one call of `axe.run` in the page (AxeBuilder injects
 * and configures axe again on every call).
 */
export async function injectAxe(context: BrowserContext): Promise<void> {
  const require = createRequire(path.resolve('package.json'));
  const source = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await context.addInitScript(source);
}

/**
 * Runs the injected axe (injectAxe) on the page once its CSS transitions have
 * ended, with the WCAG_TAGS rules (less `disable`) or only `rules`, over
 * `include` (selectors, default the whole page) less `exclude`; returns one
 * line per violated rule, as axeViolations does.
 */
export async function injectedAxeViolations(
  page: Page,
  {
    include,
    exclude = [],
    rules,
    disable = [],
  }: {include?: string[]; exclude?: string[]; rules?: string[]; disable?: string[]} = {},
): Promise<string[]> {
  await transitionsEnded(page);
  const runOnly = rules ? {type: 'rule', values: rules} : {type: 'tag', values: WCAG_TAGS};
  const disabled = Object.fromEntries(disable.map((id) => [id, {enabled: false}]));
  const context = {
    ...(include ? {include: include.map((s) => [s])} : {}),
    exclude: exclude.map((s) => [s]),
  };
  const violations = await page.evaluate(
    async ([context, options]) => {
      const axe = (window as unknown as {axe?: {run(c: unknown, o: unknown): Promise<{violations: AxeViolation[]}>}})
        .axe;
      if (!axe) throw new Error('axe is not in the page (injectAxe)');
      return (await axe.run(context, options)).violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.map((n) => ({target: n.target})),
      }));
    },
    [context, {runOnly, rules: disabled, resultTypes: ['violations']}] as const,
  );
  return violations.map(describeViolation);
}

/** The attribute that marks the elements a sampled contrast check looks at. */
const SAMPLE_ATTRIBUTE = 'data-axe-contrast-sample';

/**
 * Text styles whose contrast this worker has checked already (see
 * sampledContrastViolations), by signature.
 */
const checkedTextStyles = new Set<string>();

/**
 * axe's `color-contrast` rule over one element of each text style in the
 * page (or in `within`) that `checked` has not seen yet; returns violations
 * as injectedAxeViolations does, and adds the styles to `checked`.
 *
 * The rule's cost is per text element (it stacks up the page at each one to
 * find the background), about 0.7 s of the 0.9 s of a whole-page run here,
 * while a docs site repeats a few dozen styles on every page. Its result for
 * an element is a function of what the signature holds: the text colour,
 * size, weight, shadow and stroke; the opacity of the element and of every
 * element around it; and the backgrounds behind it, each element's
 * background colour and image up to the first opaque colour (with blend
 * modes and the element's own position, for text laid over something it is
 * not inside). Two elements with one signature pass or fail together, so the
 * walk checks each style once per colour mode and worker instead of on
 * every page: the same coverage at a fraction of the time.
 */
export async function sampledContrastViolations(
  page: Page,
  {within, checked = checkedTextStyles}: {within?: string; checked?: Set<string>} = {},
): Promise<string[]> {
  await transitionsEnded(page);
  const fresh = await page.evaluate(
    ([scope, seen, attribute]) => {
      const styleOf = (el: Element): string => {
        const own = getComputedStyle(el);
        const parts = [
          own.color,
          own.fontSize,
          own.fontWeight,
          own.textShadow,
          own.webkitTextStrokeWidth,
          own.webkitTextStrokeColor,
          own.position,
          el.closest('svg') ? `svg fill ${own.fill} ${own.stroke}` : '',
        ];
        let opacity = 1;
        let opaque = false;
        for (let node: Element | null = el; node; node = node.parentElement) {
          const style = node === el ? own : getComputedStyle(node);
          opacity *= Number(style.opacity);
          if (opaque) continue;
          if (style.mixBlendMode !== 'normal') parts.push(`blend ${style.mixBlendMode}`);
          if (style.backgroundImage !== 'none') parts.push(`image ${style.backgroundImage}`);
          const bg = style.backgroundColor;
          if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') {
            parts.push(`bg ${bg}`);
            opaque = !/^rgba/.test(bg) || /,\s*1\)$/.test(bg);
          }
        }
        parts.push(`opacity ${opacity.toFixed(3)}`);
        return parts.join('|');
      };
      const known = new Set(seen);
      const found: string[] = [];
      const root = scope ? document.querySelector(scope) : document.body;
      if (!root) return found;
      for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
        const hasText = Array.from(el.childNodes).some(
          (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
        );
        if (!hasText || !el.checkVisibility()) continue;
        const signature = styleOf(el);
        if (known.has(signature)) continue;
        known.add(signature);
        found.push(signature);
        el.setAttribute(attribute, '');
      }
      return found;
    },
    [within ?? null, [...checked], SAMPLE_ATTRIBUTE] as const,
  );
  if (fresh.length === 0) return [];
  try {
    // The marked elements, less what is inside them and not marked itself.
    return await injectedAxeViolations(page, {
      include: [`[${SAMPLE_ATTRIBUTE}]`],
      exclude: [`[${SAMPLE_ATTRIBUTE}] :not([${SAMPLE_ATTRIBUTE}])`],
      rules: ['color-contrast'],
    });
  } finally {
    for (const signature of fresh) checked.add(signature);
    await page.evaluate((attribute) => {
      for (const el of Array.from(document.querySelectorAll(`[${attribute}]`))) el.removeAttribute(attribute);
    }, SAMPLE_ATTRIBUTE);
  }
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: {target: unknown[]}[];
}

function describeViolation(v: AxeViolation): string {
  const targets = v.nodes.map((n) => n.target.join(' '));
  const shown = targets.slice(0, MAX_TARGETS).join(', ');
  const more = targets.length > MAX_TARGETS ? `, +${targets.length - MAX_TARGETS} more` : '';
  return `${v.id} (${v.impact ?? 'no impact'}, ${targets.length} nodes): ${shown}${more}`;
}

/** How many targets of one rule a report line names before it says "+N more". */
const MAX_TARGETS = 8;

/**
 * Runs axe on the page (or the part `include` selects) once its CSS
 * transitions have ended, and returns one line per violated rule:
 * "<rule id> (<impact>, N nodes): <target>, <target>, …". An empty array
 * means no violation.
 *
 * Made for speed, since the sitemap walk runs it twice on every page: legacy
 * mode runs axe in the page itself (the default mode finishes every run in a
 * new blank page, which doubled the time of a check; the site has no frames
 * that legacy mode would miss), and only violations carry all their nodes.
 */
export async function axeViolations(
  page: Page,
  {
    include,
    exclude,
    disableRules = [],
    rules,
  }: {include?: string; exclude?: string; disableRules?: string[]; rules?: string[]} = {},
): Promise<string[]> {
  await transitionsEnded(page);
  let builder = new AxeBuilder({page}).setLegacyMode(true).options({resultTypes: ['violations']}); // before withTags: options() replaces them
  // `rules`: only those rules (they are among the WCAG_TAGS rules); else every WCAG_TAGS rule.
  builder = rules ? builder.withRules(rules) : builder.withTags(WCAG_TAGS).disableRules(disableRules);
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  const {violations} = await builder.analyze();
  return violations.map(describeViolation);
}

/**
 * Waits until no CSS transition runs: right after a colour mode switch the
 * theme's colours are still moving between the two modes, and a colour taken
 * halfway fails contrast checks no reader would see for more than a moment.
 */
export async function transitionsEnded(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getAnimations().some((a) => a instanceof CSSTransition));
}

/** The colour mode the page shows now (`data-theme` on `<html>`). */
export async function colorModeOf(page: Page): Promise<ColorMode> {
  const mode = await page.locator('html').getAttribute('data-theme');
  if (mode !== 'light' && mode !== 'dark') throw new Error(`unexpected data-theme "${mode}"`);
  return mode;
}

/**
 * Number of Mermaid diagrams each built doc page shows, by its path (with
 * the trailing slash, as in the sitemap), counted in the page's Markdown
 * source: the docs plugins' metadata in .docusaurus/ (written by the build)
 * names each page's source file. The sweep checks that the page shows as
 * many drawings, so a diagram the build failed to draw is caught too.
 */
export function diagramCounts(root = '.'): Map<string, number> {
  const counts = new Map<string, number>();
  const metadataDir = path.join(root, '.docusaurus', 'docusaurus-plugin-content-docs');
  if (!existsSync(metadataDir)) return counts;
  for (const instance of readdirSync(metadataDir)) {
    const dir = path.join(metadataDir, instance);
    for (const file of readdirSync(dir).filter((f) => f.startsWith('site-') && f.endsWith('.json'))) {
      const meta = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as {source?: unknown; permalink?: unknown};
      if (typeof meta.source !== 'string' || typeof meta.permalink !== 'string') continue;
      const source = path.join(root, meta.source.replace(/^@site\//, ''));
      if (!existsSync(source)) continue;
      const diagrams = (readFileSync(source, 'utf8').match(/^\s*```mermaid\b/gm) ?? []).length;
      counts.set(meta.permalink.replace(/\/?$/, '/'), diagrams);
    }
  }
  return counts;
}

/**
 * Waits until the page shows `count` Mermaid diagrams, each as one visible
 * SVG: the build draws every diagram in both colour modes (src/plugins/mermaid-svg)
 * and CSS shows the drawing of the current mode. Throws after `timeout` ms
 * with the number found.
 */
export async function waitForDiagrams(page: Page, count: number, timeout = 10_000): Promise<void> {
  if (count === 0) return;
  // Runs in the page: containers showing exactly one of their SVGs.
  const shown = (): number =>
    Array.from(document.querySelectorAll('.docusaurus-mermaid-container')).filter(
      (container) => Array.from(container.querySelectorAll('svg')).filter((svg) => svg.checkVisibility()).length === 1,
    ).length;
  await expect
    .poll(() => page.evaluate(shown), {
      message: `expected ${count} Mermaid diagram(s), each shown as one SVG`,
      timeout,
    })
    .toBeGreaterThanOrEqual(count);
}

/**
 * Switches the colour mode with the navbar toggle, as a reader does, and
 * waits for the page to show it, with each diagram in the new mode's
 * drawing. Returns the new mode.
 */
export async function toggleColorMode(page: Page, diagrams: number): Promise<ColorMode> {
  const next: ColorMode = (await colorModeOf(page)) === 'light' ? 'dark' : 'light';
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await page.waitForFunction((m) => document.documentElement.dataset.theme === m, next);
  await waitForDiagrams(page, diagrams);
  return next;
}
