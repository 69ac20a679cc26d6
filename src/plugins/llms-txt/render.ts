// cspell:words llms llmstxt
/** Pure text rendering of llms.txt and llms-full.txt (unit-tested). */

/**
 * One line of a section: a page link, or a sidebar category with its own
 * entries (indented below it), which may itself link to a page.
 */
export interface LlmsEntry {
  title: string;
  url?: string;
  description?: string;
  /** A generated category index page (a list of links, no content of its own). */
  index?: boolean;
  children: LlmsEntry[];
}

/** A "## " section: a top-level sidebar category, a docs instance, or a group of loose pages. */
export interface LlmsSection {
  title: string;
  entries: LlmsEntry[];
}

function entryLines(e: LlmsEntry, indent: number): string[] {
  const title = e.title.replace(/[[\]]/g, '\\$&');
  const head = e.url ? `[${title}](${e.url})${e.description ? `: ${e.description}` : ''}` : title;
  return [`${'  '.repeat(indent)}- ${head}`, ...e.children.flatMap((c) => entryLines(c, indent + 1))];
}

function sectionText(s: LlmsSection, level = 2): string {
  return `${'#'.repeat(level)} ${s.title}\n\n${s.entries.flatMap((e) => entryLines(e, 0)).join('\n')}`;
}

export function renderLlmsTxt(o: {
  title: string;
  tagline: string;
  docsVersion: string;
  home: string;
  fullUrl: string;
  sections: LlmsSection[];
  older: LlmsSection[];
}): string {
  const intro =
    `The documentation of Orrery ${o.docsVersion} (${o.home}): every page of the latest version in reading ` +
    `(sidebar) order, with its description; nested items are sidebar categories. The Markdown of all of them, ` +
    `in the same order, is in ${o.fullUrl}.`;
  const parts = [`# ${o.title}`, `> ${o.tagline}`, intro, ...o.sections.map((s) => sectionText(s))];
  if (o.older.length > 0) {
    parts.push(['## Optional', 'Pages of older docs versions.', ...o.older.map((s) => sectionText(s, 3))].join('\n\n'));
  }
  return `${parts.join('\n\n')}\n`;
}

export function renderLlmsFull(o: {
  title: string;
  tagline: string;
  docsVersion: string;
  pages: {title: string; url: string; markdown: string}[];
}): string {
  const head = `# ${o.title} — full text, version ${o.docsVersion}\n\n> ${o.tagline}\n`;
  const pages = o.pages.map((p) => `# ${p.title}\n\nSource: ${p.url}\n\n${p.markdown}\n`);
  return [head, ...pages].join('\n---\n\n');
}
