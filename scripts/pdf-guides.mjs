// The PDF guides of `npm run pdf` and how their chapters are chosen (pure,
// shared by scripts/pdf.mjs and its test).
//
// Chapters come from the build's llms.txt (src/plugins/llms-txt), which
// follows the sidebars: "## Planning" for a top-level category or "## API" for
// a docs instance, with nested list items for sub-categories. A guide names
// what it holds as paths ("Tutorials/Mission modeling" is the "Mission
// modeling" category under "## Tutorials"); a path may end in "#Page title"
// to take single pages. Chapters keep llms.txt (sidebar) order.
// Generated category index pages (/category/…) hold only links: skipped.

/** @typedef {{title: string, url: string, description: string, path: string[]}} Link */
/** @typedef {{title: string, depth: number, path: string[], links: Link[]}} Section */
/** @typedef {{title: string, url: string, path: string[]}} Chapter */

export const GUIDES = [
  {
    slug: 'user-guide',
    title: 'User Guide',
    subtitle: 'Planning, sequencing and command expansion in Orrery',
    sections: [
      'Tutorials/External events',
      'Planning',
      'Command expansion',
      'Sequencing',
      'Reference#Keyboard shortcuts',
      'Reference#Glossary',
    ],
  },
  {
    slug: 'mission-modeling-guide',
    title: 'Mission Modeling Guide',
    subtitle: 'Writing, testing and configuring mission models, with the tutorial',
    sections: ['Tutorials/Mission modeling', 'Mission modeling'],
  },
  {
    slug: 'scheduling-and-constraints-guide',
    title: 'Scheduling and Constraints Guide',
    subtitle: 'Declarative and procedural goals and constraints',
    sections: ['Scheduling and constraints'],
  },
  {
    slug: 'api-guide',
    title: 'API Guide',
    subtitle: 'The Orrery GraphQL API, with worked examples',
    sections: ['API'],
  },
  {
    slug: 'deployment-guide',
    title: 'Deployment Guide',
    subtitle: 'Installing, configuring, securing and upgrading Orrery',
    sections: ['Deployment'],
  },
  {
    slug: 'upgrade-guides',
    title: 'Upgrade Guides',
    subtitle: 'Every release step, newest first',
    sections: ['Upgrade Guides'],
  },
  {
    slug: 'software-design-document',
    title: 'Software Design Document',
    subtitle: 'Concept of operations, architecture and design decisions',
    sections: ['Overview'],
  },
];

const ITEM = /^( *)- (.*)$/;
const LINK = /^\[((?:\\.|[^\]])+)\]\((\S+?)\)(?::\s*(.*))?$/;

/**
 * Parses llms.txt into its "## " sections, in order, each with its page
 * links. A link's path is the section title, then the labels of the sidebar
 * categories (nested list items) it sits in; a category's own page has the
 * category in its path too. "## Optional" (older versions) is dropped.
 * @param {string} text
 * @returns {{docsVersion: string, sections: Section[]}}
 */
export function parseLlmsTxt(text) {
  /** @type {Section[]} */
  const sections = [];
  /** @type {Section | undefined} */
  let current;
  /** @type {{indent: number, title: string}[]} */
  let stack = [];
  const lines = text.split('\n');
  lines.forEach((line, n) => {
    const heading = /^(#{2,6}) (.+)$/.exec(line);
    if (heading) {
      if (heading[1].length === 2) {
        const title = heading[2].trim();
        current = title === 'Optional' ? undefined : {title, depth: 2, path: [title], links: []};
        if (current) sections.push(current);
        stack = [];
      }
      return;
    }
    const item = ITEM.exec(line);
    if (!item || !current) return;
    const indent = (item[1] ?? '').length / 2;
    stack = stack.filter((s) => s.indent < indent);
    const body = item[2] ?? '';
    const link = LINK.exec(body);
    const title = link ? (link[1] ?? '').replace(/\\(.)/g, '$1') : body.trim();
    const next = ITEM.exec(lines[n + 1] ?? '');
    const hasChildren = !!next && (next[1] ?? '').length / 2 > indent;
    if (hasChildren) stack.push({indent, title});
    if (link) {
      current.links.push({
        title,
        url: link[2] ?? '',
        description: link[3] ?? '',
        path: [current.title, ...stack.map((s) => s.title)],
      });
    }
  });
  const version = /documentation of Orrery (\S+?) \(/.exec(text)?.[1] ?? '';
  return {docsVersion: version, sections};
}

/**
 * The chapters of a guide, in llms.txt order.
 * @param {{sections: string[]}} guide
 * @param {Section[]} sections
 * @returns {Chapter[]}
 */
export function chaptersOf(guide, sections) {
  const selectors = guide.sections.map((s) => {
    const [p, page] = s.split('#');
    return {path: (p ?? '').split('/'), page};
  });
  /** @type {Chapter[]} */
  const chapters = [];
  const seen = new Set();
  for (const section of sections) {
    for (const link of section.links) {
      const chosen = selectors.some(
        (sel) =>
          sel.path.every((part, i) => link.path[i] === part) &&
          (!sel.page || (link.title === sel.page && link.path.length === sel.path.length)),
      );
      if (!chosen || /\/category\/[^/]+\/?$/.test(link.url) || seen.has(link.url)) continue;
      seen.add(link.url);
      chapters.push({title: link.title, url: link.url, path: link.path});
    }
  }
  return chapters;
}

/**
 * How many Mermaid diagrams each page of llms-full.txt holds, by page URL.
 * A build without Chromium leaves diagrams to the browser, so this tells how many to wait for.
 * @param {string} text llms-full.txt
 * @returns {Map<string, number>}
 */
export function mermaidCounts(text) {
  const counts = new Map();
  for (const page of text.split(/\n---\n\n(?=# )/)) {
    const url = /^Source: (\S+)$/m.exec(page)?.[1];
    if (!url) continue;
    counts.set(url, (page.match(/^\s*```mermaid\b/gm) ?? []).length);
  }
  return counts;
}
