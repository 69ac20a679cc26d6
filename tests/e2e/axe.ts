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
 * ended, with the WCAG_TAGS rules or only `rules`, over `include` (selectors,
 * default the whole page); returns one line per violated rule, as
 * axeViolations does. `narrow` gives rules a selector of their own for this
 * run (`axe.configure`, undone by `axe.reset` after it).
 */
export async function injectedAxeViolations(
  page: Page,
  {include, rules, narrow = {}}: {include?: string[]; rules?: string[]; narrow?: Record<string, string>} = {},
): Promise<string[]> {
  await transitionsEnded(page);
  const runOnly = rules ? {type: 'rule', values: rules} : {type: 'tag', values: WCAG_TAGS};
  const violations = await page.evaluate(
    async ([context, options, selectors]) => {
      interface Axe {
        configure(spec: unknown): void;
        reset(): void;
        run(context: unknown, options: unknown): Promise<{violations: AxeViolation[]}>;
      }
      const axe = (window as unknown as {axe?: Axe}).axe;
      if (!axe) throw new Error('axe is not in the page (injectAxe)');
      const narrowed = Object.entries(selectors);
      if (narrowed.length > 0) axe.configure({rules: narrowed.map(([id, selector]) => ({id, selector}))});
      try {
        return (await axe.run(context, options)).violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          nodes: v.nodes.map((n) => ({target: n.target})),
        }));
      } finally {
        if (narrowed.length > 0) axe.reset();
      }
    },
    [
      include ? {include: include.map((s) => [s])} : {exclude: []},
      {runOnly, resultTypes: ['violations']},
      narrow,
    ] as const,
  );
  return violations.map(describeViolation);
}

/** The attribute that marks the elements the style-bound rules look at in a sampled run. */
const SAMPLE_ATTRIBUTE = 'data-axe-sample';

/**
 * The rules whose result for an element is a function of its style: text
 * contrast, and links told from the text around them. A sampled run
 * (sampledAxeViolations) checks them on one element per style.
 */
export const STYLE_RULES = ['color-contrast', 'link-in-text-block'] as const;

/**
 * Styles whose contrast and links this worker has checked already (see
 * sampledAxeViolations), by signature.
 */
const checkedStyles = new Set<string>();

/**
 * Runs the injected axe once over the whole page, as injectedAxeViolations
 * does (every WCAG_TAGS rule, or only `rules`), but the two STYLE_RULES look
 * only at elements of a style that `checked` has not seen yet (one element per
 * style; inside `within` only, when given), over `include` (selectors, default
 * the whole page); adds those styles to `checked`.
 *
 * Text contrast was most of the sitemap walk's time: its cost is per text
 * element (it stacks up the page at each one to find the background), while
 * a docs site repeats a few dozen styles on every page. Its result for an
 * element is a function of what the signature holds: the text colour, size,
 * weight, shadow and stroke; the opacity of the element and of every element
 * around it; the backgrounds behind it (each element's background colour and
 * image up to the first opaque colour, blend modes, and the element's own
 * position, for text laid over something it is not inside). A link's
 * signature adds what tells it from the text of its block: its decoration,
 * bottom border, weight and style, the block's colour and weight, and
 * whether the link is all of its block's text. Two elements with one
 * signature pass or fail together, so a walk checks each style once per
 * colour mode and worker instead of on every page.
 */
export async function sampledAxeViolations(
  page: Page,
  {
    rules,
    within,
    include,
    checked = checkedStyles,
  }: {rules?: string[]; within?: string; include?: string[]; checked?: Set<string>} = {},
): Promise<string[]> {
  await transitionsEnded(page);
  const fresh = await page.evaluate(
    ([seen, attribute, scope]) => {
      interface Around {
        opacity: number;
        backgrounds: string[];
        opaque: boolean;
      }
      const around = new Map<Element, Around>();
      // Opacity and backgrounds from the element out, each element's computed once per run.
      const aroundOf = (el: Element): Around => {
        const known = around.get(el);
        if (known) return known;
        const style = getComputedStyle(el);
        const outer = el.parentElement ? aroundOf(el.parentElement) : {opacity: 1, backgrounds: [], opaque: false};
        const own: string[] = [];
        let opaque = false;
        if (style.mixBlendMode !== 'normal') own.push(`blend ${style.mixBlendMode}`);
        if (style.backgroundImage !== 'none') own.push(`image ${style.backgroundImage}`);
        const bg = style.backgroundColor;
        if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') {
          own.push(`bg ${bg}`);
          opaque = !bg.startsWith('rgba') || /,\s*1\)$/.test(bg);
        }
        const result = {
          opacity: Number(style.opacity) * outer.opacity,
          backgrounds: opaque ? own : [...own, ...outer.backgrounds],
          opaque: opaque || outer.opaque,
        };
        around.set(el, result);
        return result;
      };
      const textStyle = (el: Element): string => {
        const own = getComputedStyle(el);
        const {opacity, backgrounds} = aroundOf(el);
        return [
          own.color,
          own.fontSize,
          own.fontWeight,
          own.textShadow,
          own.webkitTextStrokeWidth,
          own.webkitTextStrokeColor,
          own.position,
          el.closest('svg') ? `svg fill ${own.fill} ${own.stroke}` : '',
          `opacity ${opacity.toFixed(3)}`,
          ...backgrounds,
        ].join('|');
      };
      const linkStyle = (el: Element): string => {
        const own = getComputedStyle(el);
        let block = el.parentElement;
        while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
        const blockStyle = block ? getComputedStyle(block) : own;
        const alone = (block?.textContent ?? '').trim() === (el.textContent ?? '').trim();
        return [
          'link',
          own.textDecorationLine,
          own.textDecorationStyle,
          `${own.borderBottomWidth} ${own.borderBottomStyle} ${own.borderBottomColor}`,
          own.fontStyle,
          blockStyle.color,
          blockStyle.fontWeight,
          alone ? 'alone' : 'in text',
          textStyle(el),
        ].join('|');
      };
      const known = new Set(seen);
      const found: string[] = [];
      const mark = (el: Element, kind: string, signature: string) => {
        if (known.has(signature)) return;
        known.add(signature);
        found.push(signature);
        const marks = el.getAttribute(attribute);
        el.setAttribute(attribute, marks ? `${marks} ${kind}` : kind);
      };
      const root = scope ? document.querySelector(scope) : document.body;
      for (const el of root ? Array.from(root.querySelectorAll('*')) : []) {
        const isLink = el.matches('a[href], [role=link]');
        const hasText = Array.from(el.childNodes).some(
          (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
        );
        if ((!isLink && !hasText) || !el.checkVisibility()) continue;
        if (hasText) mark(el, 'contrast', textStyle(el));
        if (isLink) mark(el, 'link', linkStyle(el));
      }
      return found;
    },
    [[...checked], SAMPLE_ATTRIBUTE, within ?? null] as const,
  );
  // Only the style-bound rules, and every style here checked already: the narrowed
  // rules would match no element, so axe has nothing to run (a run still costs
  // about a tenth of a second, mostly building its tree of the page).
  if (fresh.length === 0 && rules?.every((r) => (STYLE_RULES as readonly string[]).includes(r))) return [];
  try {
    // The style-bound rules see only the marked elements (their own matching still applies).
    return await injectedAxeViolations(page, {
      rules,
      include,
      narrow: {
        'color-contrast': `[${SAMPLE_ATTRIBUTE}~="contrast"]`,
        'link-in-text-block': `[${SAMPLE_ATTRIBUTE}~="link"]`,
      },
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
