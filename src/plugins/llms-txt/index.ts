// cspell:words llms llmstxt
/**
 * Writes two files at the base root of the build, for readers who feed the
 * docs to an assistant (https://llmstxt.org):
 *
 * - llms.txt: every page of the latest docs versions in sidebar order, each
 *   with its description, grouped under headings that follow the sidebars
 *   (## top-level category, ### sub-category …); older versions under
 *   "## Optional".
 * - llms-full.txt: the Markdown source of every page of the latest versions,
 *   in the same order, front matter removed.
 *
 * `npm run pdf` (scripts/pdf.mjs) reads llms.txt to know each guide's
 * chapters and their order, so the headings are a contract: see
 * scripts/pdf-guides.mjs.
 */
import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {DocMetadata, LoadedContent, LoadedVersion} from '@docusaurus/plugin-content-docs';
import {renderLlmsFull, renderLlmsTxt, type LlmsEntry, type LlmsSection} from './render';

export interface InstanceOption {
  /** The docs plugin id. */
  id: string;
  /** The heading of the instance; omitted for the main docs, whose top-level categories are headings. */
  label?: string;
}

export interface Options {
  instances: InstanceOption[];
}

type SidebarItem = LoadedVersion['sidebars'][string][number];

function oneLine(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** Turns sidebar items into entries: page links, and categories with their own entries. */
function walk(
  items: readonly SidebarItem[],
  docs: Map<string, DocMetadata>,
  url: (permalink: string) => string,
  used: Set<string>,
): LlmsEntry[] {
  const entries: LlmsEntry[] = [];
  const linkOf = (id: string): LlmsEntry | undefined => {
    const doc = docs.get(id);
    if (!doc || doc.unlisted) return undefined;
    used.add(id);
    return {title: doc.title, url: url(doc.permalink), description: oneLine(doc.description), children: []};
  };
  for (const item of items) {
    if (item.type === 'doc') {
      const link = linkOf(item.id);
      if (link) entries.push(link);
    } else if (item.type === 'category') {
      const children = walk(item.items, docs, url, used);
      let own: LlmsEntry = {title: item.label, children};
      if (item.link?.type === 'doc') {
        const link = linkOf(item.link.id);
        if (link) own = {...link, children};
      } else if (item.link?.type === 'generated-index') {
        own = {
          title: item.label,
          url: url(item.link.permalink),
          description: oneLine(item.link.description ?? item.description),
          index: true,
          children,
        };
      }
      entries.push(own);
    }
  }
  return entries;
}

/** The sections of one docs version, in sidebar order. */
export function versionSections(
  version: LoadedVersion,
  instance: InstanceOption,
  url: (permalink: string) => string,
): LlmsSection[] {
  const docs = new Map(version.docs.map((d) => [d.id, d]));
  const used = new Set<string>();
  const sections: LlmsSection[] = [];
  for (const sidebar of Object.values(version.sidebars)) {
    if (instance.label) {
      sections.push({title: instance.label, entries: walk(sidebar, docs, url, used)});
      continue;
    }
    // The main docs: each top-level category is a section (its index page,
    // if any, first); loose pages before the first category are "Start
    // here", later ones "Reference".
    let loose: LlmsSection | undefined;
    let seenCategory = false;
    for (const entry of walk(sidebar, docs, url, used)) {
      if (entry.children.length > 0 || !entry.url) {
        seenCategory = true;
        loose = undefined;
        const {children, ...own} = entry;
        sections.push({title: entry.title, entries: [...(own.url ? [{...own, children: []}] : []), ...children]});
      } else {
        if (!loose) {
          loose = {title: seenCategory ? 'Reference' : 'Start here', entries: []};
          sections.push(loose);
        }
        loose.entries.push(entry);
      }
    }
  }
  const rest = version.docs.filter((d) => !used.has(d.id) && !d.unlisted);
  if (rest.length > 0) {
    sections.push({
      title: instance.label ? `${instance.label}: other pages` : 'Other pages',
      entries: rest.map((d) => ({
        title: d.title,
        url: url(d.permalink),
        description: oneLine(d.description),
        children: [],
      })),
    });
  }
  return sections;
}

/** Every page link of some entries, depth first (sidebar order). */
export function flatLinks(entries: readonly LlmsEntry[]): LlmsEntry[] {
  return entries.flatMap((e) => [...(e.url ? [e] : []), ...flatLinks(e.children)]);
}

async function readMarkdown(siteDir: string, source: string): Promise<string> {
  const file = path.join(siteDir, source.replace(/^@site\//, ''));
  const text = await fs.readFile(file, 'utf8');
  return text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '').trim();
}

/** Checks the options given in docusaurus.config.ts. */
export function readOptions(options: unknown): Options {
  const instances = (options as Partial<Options> | undefined)?.instances;
  const valid =
    Array.isArray(instances) &&
    instances.length > 0 &&
    instances.every(
      (i: unknown) =>
        typeof (i as InstanceOption)?.id === 'string' &&
        ['string', 'undefined'].includes(typeof (i as InstanceOption).label),
    );
  if (!valid) throw new Error('llms-txt: options must be {instances: [{id: string, label?: string}, …]}.');
  return {instances: instances as InstanceOption[]};
}

export default function llmsTxtPlugin(context: LoadContext, rawOptions: unknown): Plugin | null {
  if ((rawOptions as {enabled?: unknown} | undefined)?.enabled === false) return null;
  const options = readOptions(rawOptions);
  let sections: LlmsSection[] = [];
  let older: LlmsSection[] = [];
  let latestDocs: {title: string; url: string; source: string}[] = [];
  let docsVersion = '';
  // Doc permalinks come without the trailing slash the site's routes have (files keep their name).
  const slash = (p: string) =>
    context.siteConfig.trailingSlash && !p.endsWith('/') && !/\.[a-z0-9]+$/i.test(p) ? `${p}/` : p;
  const url = (permalink: string) => `${context.siteConfig.url}${slash(permalink)}`;

  return {
    name: 'orrery-llms-txt',
    async allContentLoaded({allContent}) {
      const docsPlugins = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<string, LoadedContent>;
      sections = [];
      older = [];
      latestDocs = [];
      for (const instance of options.instances) {
        const content = docsPlugins[instance.id];
        if (!content) throw new Error(`llms-txt: no docs plugin with id "${instance.id}".`);
        for (const version of content.loadedVersions) {
          const own = versionSections(version, instance, url);
          if (version.isLast) {
            if (!instance.label) docsVersion = version.label;
            sections.push(...own);
            const byUrl = new Map(version.docs.map((d) => [url(d.permalink), d]));
            for (const link of flatLinks(own.flatMap((s) => s.entries))) {
              const doc = link.url && !link.index ? byUrl.get(link.url) : undefined;
              if (doc && link.url) latestDocs.push({title: doc.title, url: link.url, source: doc.source});
            }
          } else {
            const links = flatLinks(own.flatMap((s) => s.entries));
            older.push({
              title: `${instance.label ?? 'Docs'} ${version.label}`,
              entries: links.map((l) => ({...l, children: []})),
            });
          }
        }
      }
    },
    async postBuild({outDir, siteDir}) {
      const {title, tagline, baseUrl} = context.siteConfig;
      const fullUrl = url(`${baseUrl}llms-full.txt`);
      const txt = renderLlmsTxt({title, tagline, docsVersion, home: url(baseUrl), fullUrl, sections, older});
      const bodies = await Promise.all(
        latestDocs.map(async (d) => ({...d, markdown: await readMarkdown(siteDir, d.source)})),
      );
      const full = renderLlmsFull({title, tagline, docsVersion, pages: bodies});
      await fs.writeFile(path.join(outDir, 'llms.txt'), txt);
      await fs.writeFile(path.join(outDir, 'llms-full.txt'), full);
    },
  };
}
