/**
 * Pure helpers of the Mermaid pre-rendering (no browser, no file system), unit-tested in
 * tests/unit/mermaid-svg.test.ts: cache keys, diagram ids, id rewriting and error messages.
 */
import {createHash} from 'node:crypto';
import {SLOT_ATTRIBUTE} from './drawings';

/** The color modes a diagram is drawn for, as `html[data-theme]` names them. */
export const VARIANTS = ['light', 'dark'] as const;
export type Variant = (typeof VARIANTS)[number];

/** One diagram drawn in both color modes, as Mermaid returned it (ids still the placeholder). */
export type Svgs = Record<Variant, string>;

/** Bump when the rendering changes in a way the other parts of the cache key do not show. */
export const RENDERER_VERSION = 5;

/**
 * The id diagrams are drawn with in the browser. Mermaid derives the svg's id, the ids inside it
 * and the selectors of its <style> from it; the build swaps it for the diagram's own id
 * (`rewriteIds`), so cached drawings can be used on any page.
 */
export const PLACEHOLDER_ID = 'orrery-mermaid-placeholder-7d1c';

export interface MermaidSiteConfig {
  /** themeConfig.mermaid.theme: the Mermaid theme of each color mode. */
  theme: Record<Variant, string>;
  /** themeConfig.mermaid.options: passed to mermaid.initialize() as the theme does. */
  options?: Record<string, unknown>;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** JSON with object keys sorted, so equal configurations give equal keys. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The cache key of a drawing: everything the SVGs depend on that the build knows without a
 * browser. The diagram source, the Mermaid version, the themes and options, and this renderer's
 * version (which covers the page the diagrams are drawn in).
 */
export function cacheKey(source: string, mermaidVersion: string, config: MermaidSiteConfig): string {
  return sha256(
    stableJson({renderer: RENDERER_VERSION, mermaid: mermaidVersion, theme: config.theme, options: config.options}) +
      '\n' +
      source,
  );
}

/**
 * The id of the `index`-th diagram (from 0) of a content file, `file` relative to the site
 * folder. Unique across the site, so the diagrams of several pages can share one document (the
 * PDF guides do), and the same on every build.
 */
export function diagramId(file: string, index: number): string {
  return `mermaid-${sha256(`${file.split('\\').join('/')}#${index}`).slice(0, 10)}`;
}

/** A diagram's two drawings with their ids made the `diagramId`'s own (`<id>-light`, `<id>-dark`). */
export function drawingsFor(svgs: Svgs, diagramId: string): Svgs {
  return {light: rewriteIds(svgs.light, `${diagramId}-light`), dark: rewriteIds(svgs.dark, `${diagramId}-dark`)};
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Gives a drawing its own ids: the placeholder becomes `id` wherever it occurs (the svg's id,
 * the ids Mermaid derives from it, the selectors of its <style>, url(#…) and aria references),
 * and ids Mermaid does not derive from it (a sequence diagram's "actor0", "root-0") get `id` as
 * a prefix, references included. Two drawings on one page then never share an id, so neither a
 * style rule nor a marker of one applies to the other.
 */
export function rewriteIds(svg: string, id: string, placeholder: string = PLACEHOLDER_ID): string {
  const out = svg.split(placeholder).join(id);
  const own = new Set<string>();
  for (const match of out.matchAll(/\sid="([^"]+)"/g)) {
    const value = match[1] as string;
    if (!value.includes(id)) own.add(value);
  }
  if (own.size === 0) return out;
  const renamed = (value: string): string => (own.has(value) ? `${id}-${value}` : value);
  const alternatives = [...own]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  return (
    out
      .replace(/(\sid=")([^"]+)(")/g, (_all, before: string, value: string, after: string) => {
        return `${before}${renamed(value)}${after}`;
      })
      // References: url(#x) in attributes and styles, href="#x" and xlink:href="#x".
      .replace(new RegExp(`(url\\(\\s*['"]?#)(${alternatives})(?=['"]?\\s*\\))`, 'g'), `$1${id}-$2`)
      .replace(new RegExp(`(href="#)(${alternatives})(?=")`, 'g'), `$1${id}-$2`)
      // Id lists of aria-labelledby / aria-describedby.
      .replace(
        /(\saria-(?:labelledby|describedby)=")([^"]*)(")/g,
        (_all, before: string, list: string, after: string) => {
          return `${before}${list.split(/\s+/).map(renamed).join(' ')}${after}`;
        },
      )
  );
}

/**
 * The sources of the ```mermaid blocks of a Markdown file whose fences start a line, as the
 * remark plugin will see them (the build starts drawing these before it compiles any page).
 * Blocks indented in lists or quotes are left to the remark plugin.
 */
export function mermaidSources(markdown: string): string[] {
  const sources: string[] = [];
  const lines = markdown.split(/\r?\n/);
  for (let i = 0; i < lines.length; i += 1) {
    // Any fenced block is skipped whole, so a ```mermaid example inside a ````md block is not taken.
    const open = /^(`{3,}|~{3,})\s*([^`\s]*)/.exec(lines[i] as string);
    if (!open) continue;
    const fence = open[1] as string;
    const close = new RegExp(`^${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !close.test(lines[end] as string)) end += 1;
    if (open[2] === 'mermaid') sources.push(lines.slice(i + 1, end).join('\n'));
    i = end;
  }
  return sources;
}

/**
 * Splits `text` at `separator` where it is outside quotes, parentheses and brackets, or gives
 * undefined when those do not balance.
 */
function splitTopLevel(text: string, separator: string): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth -= 1;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
    if (depth < 0) return undefined;
  }
  if (depth !== 0 || quote) return undefined;
  parts.push(text.slice(start));
  return parts;
}

/** The top-level blocks of a style sheet ("selectors{declarations}", "@keyframes x{…}"), or undefined. */
function cssBlocks(css: string): string[] | undefined {
  const blocks: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < css.length; i += 1) {
    const c = css[i] as string;
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '/' && css[i + 1] === '*') return undefined;
    else if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth < 0) return undefined;
      if (depth === 0) {
        blocks.push(css.slice(start, i + 1));
        start = i + 1;
      }
    }
  }
  return depth === 0 && !quote && css.slice(start).trim() === '' ? blocks : undefined;
}

/**
 * Drops the rules of a drawing's <style> that cannot match anything in it: Mermaid writes the
 * rules for every shape and state of a diagram type, and a selector naming a class no element of
 * this drawing has matches nothing (the rules are scoped to the drawing's id). At-rules
 * (keyframes) and selectors without classes stay. A style sheet it cannot take apart stays whole.
 */
export function pruneStyles(svg: string): string {
  const style = /<style>([\s\S]*?)<\/style>/.exec(svg);
  if (!style) return svg;
  const rest = svg.slice(0, style.index) + svg.slice(style.index + style[0].length);
  const classes = new Set<string>();
  for (const match of rest.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (match[1] as string).split(/\s+/)) if (name) classes.add(name);
  }
  const blocks = cssBlocks(style[1] as string);
  if (!blocks) return svg;
  const kept: string[] = [];
  for (const block of blocks) {
    const brace = block.indexOf('{');
    const selectorText = block.slice(0, brace);
    if (selectorText.trim().startsWith('@')) {
      kept.push(block);
      continue;
    }
    const selectors = splitTopLevel(selectorText, ',');
    if (!selectors) return svg;
    const live = selectors.filter((selector) => {
      // Class names outside attribute selectors and strings.
      const bare = selector.replace(/\[[^\]]*\]|"[^"]*"|'[^']*'/g, '');
      return [...bare.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].every((m) => classes.has(m[1] as string));
    });
    if (live.length > 0) kept.push(`${live.join(',')}${block.slice(brace)}`);
  }
  return `${svg.slice(0, style.index)}<style>${kept.join('')}</style>${svg.slice(style.index + style[0].length)}`;
}

/** A number with more than two decimals, rounded to two (none when it is whole). */
function round2(number: string): string {
  const rounded = Math.round(Number(number) * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/**
 * Makes a drawing smaller without changing how it looks: style rules that match nothing go
 * (`pruneStyles`), coordinates in path data, points and
 * transforms keep two decimals (a hundredth of a pixel; some shapes come with fifteen), and the
 * `data-points` attributes (Mermaid's record of each edge's points, base64 JSON that nothing
 * reads once the diagram is drawn) go. Text is left alone. Path data may run numbers together
 * ("M12.26.001l.256.255" is 12.26, 0.001, 0.256, 0.255): a number is rounded only where it
 * starts and ends at a separator, so no digit ever moves from one number to the next.
 */
export function compactSvg(svg: string): string {
  return pruneStyles(svg)
    .replace(/(\s(?:d|points|transform)=")([^"]*)"/g, (_all, before: string, value: string) => {
      return `${before}${value.replace(/(?<![\d.])-?\d+\.\d{3,}(?:e[-+]?\d+)?(?![\d.])/g, round2)}"`;
    })
    .replace(/\sdata-points="[^"]*"/g, '');
}

/**
 * A Gantt chart without the line Mermaid draws for today's date (`<g class="today">`): drawn at
 * build time and cached, it would mark the day of the drawing, not the reader's.
 */
export function withoutTodayLine(svg: string): string {
  return svg.replace(/<g class="today"><line\b[^>]*><\/line><\/g>/g, '');
}

/** The id lists of ARIA attributes a drawing may carry. */
const ARIA_ID_LISTS = /(\saria-(?:labelledby|describedby)=")([^"]*)(")/g;

/**
 * A drawing whose ids do not depend on what the page drew before it. Some diagram kinds number
 * their elements with counters that live as long as the page (a sequence diagram's `actor35`, a
 * class diagram's `classId-Sequence-10`), so the same diagram drawn after different ones got
 * different ids, and two builds with nothing cached gave different HTML and asset hashes.
 *
 * Each id is read as a template (its digit runs replaced by `#`; `placeholder`, wherever it
 * occurs in the id, is left as it is) and the numbers at each place of a template are renumbered
 * from 0 in the order they first occur: `actor35, actor36` and `actor45, actor46` both become `actor0, actor1`.
 * Numbers the diagram gives its ids itself (an edge's index) are renumbered the same way in every
 * drawing, so the result depends only on the diagram. Distinct ids stay distinct (within a
 * template the renumbering is one to one; different templates never meet), and references follow:
 * url(#…), href="#…" and ARIA id lists.
 */
export function stableIds(svg: string, placeholder: string = PLACEHOLDER_ID): string {
  const renamed = new Map<string, string>();
  const numbering = new Map<string, Map<string, string>>();
  for (const match of svg.matchAll(/\sid="([^"]+)"/g)) {
    const value = match[1] as string;
    if (renamed.has(value)) continue;
    // The placeholder, wherever it occurs (`chart-title-<placeholder>`), is kept as it is.
    const parts = value.split(placeholder);
    const template = parts.map((part) => part.replace(/\d+/g, '#')).join('\u0001');
    let place = 0;
    const renumber = (digits: string): string => {
      const key = `${template}\u0000${place++}`;
      let numbers = numbering.get(key);
      if (!numbers) numbering.set(key, (numbers = new Map()));
      let number = numbers.get(digits);
      if (number === undefined) numbers.set(digits, (number = String(numbers.size)));
      return number;
    };
    renamed.set(value, parts.map((part) => part.replace(/\d+/g, renumber)).join(placeholder));
  }
  const changed = [...renamed].filter(([from, to]) => from !== to);
  if (changed.length === 0) return svg;
  const table = new Map(changed);
  const rename = (value: string): string => table.get(value) ?? value;
  const alternatives = changed
    .map(([from]) => from)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  return svg
    .replace(/(\sid=")([^"]+)(")/g, (_all, before: string, value: string, after: string) => {
      return `${before}${rename(value)}${after}`;
    })
    .replace(
      new RegExp(`(url\\(\\s*['"]?#)(${alternatives})(?=['"]?\\s*\\))`, 'g'),
      (_all, before: string, value: string) => {
        return `${before}${rename(value)}`;
      },
    )
    .replace(new RegExp(`(href="#)(${alternatives})(?=")`, 'g'), (_all, before: string, value: string) => {
      return `${before}${rename(value)}`;
    })
    .replace(ARIA_ID_LISTS, (_all, before: string, list: string, after: string) => {
      return `${before}${list.split(/\s+/).map(rename).join(' ')}${after}`;
    });
}

/** A diagram Mermaid could not draw: the file, the line and Mermaid's own message. */
export class MermaidDiagramError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly mermaidMessage: string,
  ) {
    super(`${file}${line === undefined ? '' : `:${line}`}: Mermaid cannot draw this diagram:\n${mermaidMessage}`);
    this.name = 'MermaidDiagramError';
  }
}

/**
 * The line of the content file that Mermaid's error points at: `fenceLine` is the line of the
 * opening ```mermaid fence, `diagramLine` the line within the diagram (from 1) when Mermaid's
 * parser reported one. Without it, the fence's line.
 */
export function errorLine(fenceLine: number | undefined, diagramLine: number | undefined): number | undefined {
  if (fenceLine === undefined) return undefined;
  return diagramLine !== undefined && diagramLine >= 1 ? fenceLine + diagramLine : fenceLine;
}

/**
 * The diagram line of an error Mermaid reports only in its message: the parsers of newer
 * diagram types (pie, packet, architecture…) say "line 2, column 9". (The older parsers' "on
 * line N:" counts differently; their line comes with the error object instead.)
 */
export function lineInMessage(message: string): number | undefined {
  const match = /\bline (\d+), column \d+/.exec(message);
  return match ? Number(match[1]) : undefined;
}

/** The packages the browser bundle leaves out when no page can need them (`clientAliases`). */
export const CLIENT_PACKAGES = ['mermaid', '@mermaid-js/layout-elk'] as const;

/**
 * The `resolve.alias` entries for the browser bundle: in a production build where every diagram of
 * the content was drawn at build time (none left to the reader's browser), Mermaid's packages
 * resolve to `stubPath`, since no page renders the theme's Mermaid component; otherwise (a
 * development server, where a diagram typed into a page may fall back to the browser, or a build
 * without Chromium) none.
 */
export function clientAliases(options: {
  isServer: boolean;
  mode: string | undefined;
  everyDiagramDrawn: boolean;
  stubPath: string;
}): Record<string, string> {
  const {isServer, mode, everyDiagramDrawn, stubPath} = options;
  if (isServer || mode !== 'production' || !everyDiagramDrawn) return {};
  return Object.fromEntries(CLIENT_PACKAGES.map((name) => [`${name}$`, stubPath]));
}

const SLOT = new RegExp(
  `(<div\\b[^>]*\\s${SLOT_ATTRIBUTE}=(["']?)([\\w.-]+):(light|dark)\\2(?=[\\s>/])[^>]*>)</div>`,
  'g',
);

/**
 * Fills every empty drawing slot of a built page with its SVG. `drawings` gives each name's
 * drawing; a slot whose name it lacks stops the build with an error naming the page, since the
 * page would show an empty diagram. Returns the page unchanged when it has no slot.
 */
export function fillDrawingSlots(html: string, drawings: ReadonlyMap<string, Svgs>, page: string): string {
  if (!html.includes(SLOT_ATTRIBUTE)) return html;
  return html.replace(SLOT, (_whole, open: string, _quote: string, name: string, variant: 'light' | 'dark') => {
    const drawing = drawings.get(name);
    if (!drawing) throw new Error(`${page}: the Mermaid diagram ${name} has no drawing (src/plugins/mermaid-svg).`);
    return `${open}${drawing[variant]}</div>`;
  });
}
