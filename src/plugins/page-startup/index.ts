// cspell:words rspack
/**
 * page-startup: each page paints before its scripts run, lists its own
 * chunks in its loader, and evaluates the main bundle in stages
 * (README.md beside this file).
 */
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {rewriteHtmlFiles} from '../../config/postBuildHtml';
import {ROUTE_PARTS_DIR, ROUTE_PARTS_INDEX} from '../bundle-trim';
import {withPageLoader} from './loader';
import {pageDataByChunk} from '../page-data';
import {
  addPageDataPreloads,
  addPageScripts,
  CHUNK_GROUPS_FILE,
  LOADER_ATTRIBUTE,
  pageDataFiles,
  pagePath,
  pageScripts,
  readPageScriptsData,
  type ChunkGroups,
} from './pageScripts';

type ConfigureWebpack = NonNullable<Plugin['configureWebpack']>;

export interface PageStartupOptions {
  /** Off: Docusaurus's `<script defer>` tags, its client entry, and chunks requested by the entry. */
  enabled?: boolean;
}

/** What the bundler's `done` hook hands over, in webpack and in Rspack. */
interface DoneStats {
  compilation: {
    namedChunkGroups: ReadonlyMap<string, {getFiles(): string[]}>;
  };
}

/**
 * A bundler plugin for the browser build: writes each named chunk group's
 * files to `file`, for ./pageScripts.ts (react-loadable's manifest cannot
 * serve: it keys chunks by a name that may equal another chunk's id).
 */
function chunkGroupsWriter(file: string, publicPath: string): object {
  return {
    apply(compiler: {hooks: {done: {tap(name: string, fn: (stats: DoneStats) => void): void}}}) {
      compiler.hooks.done.tap('orrery-chunk-groups', ({compilation}) => {
        const groups: ChunkGroups = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          groups[name] = group.getFiles().map((f) => publicPath + f);
        }
        writeFileSync(file, JSON.stringify(groups));
      });
    },
  };
}

/**
 * ./client/stagedEntry.ts imports Docusaurus's client entry by path; stop the
 * build if Docusaurus no longer starts the browser bundle there.
 */
export function checkClientEntry(entry: unknown): void {
  if (typeof entry === 'string' && /[\\/]lib[\\/]client[\\/]clientEntry\.js$/.test(entry)) return;
  throw new Error(
    `The page-startup plugin expected Docusaurus's browser entry to be @docusaurus/core/lib/client/clientEntry.js, ` +
      `got ${JSON.stringify(entry)}; update src/plugins/page-startup/client/stagedEntry.ts.`,
  );
}

export default function pageStartupPlugin(context: LoadContext, options: unknown): Plugin | null {
  if ((options as PageStartupOptions | undefined)?.enabled === false) return null;
  const dir = path.join(context.siteDir, 'src', 'plugins', 'page-startup');
  const generated = path.join(context.generatedFilesDir, 'orrery-page-startup');
  mkdirSync(generated, {recursive: true});
  // Written by the browser build (chunkGroupsWriter); a stale one must not outlive a failed build.
  const chunkGroupsFile = path.join(generated, CHUNK_GROUPS_FILE);
  rmSync(chunkGroupsFile, {force: true});
  const trimLoader = path.join(context.siteDir, 'src', 'plugins', 'bundle-trim', 'loaders', 'trimClientData.cjs');

  return {
    name: 'orrery-page-startup',

    // Each page: its entry scripts load after the first paint (./loader.ts), and its
    // loader lists the scripts of its own chunks (./pageScripts.ts).
    async postBuild({outDir, baseUrl, routes}) {
      const {shortChunkNames} = createRequire(path.join(context.siteDir, 'package.json'))(trimLoader) as {
        shortChunkNames: (registrySource: string) => Map<string, string>;
      };
      const partsIndex = path.join(context.generatedFilesDir, ROUTE_PARTS_DIR, ROUTE_PARTS_INDEX);
      const data = readPageScriptsData(
        routes,
        context.generatedFilesDir,
        chunkGroupsFile,
        shortChunkNames,
        partsIndex,
        (registry) => pageDataByChunk(registry, baseUrl),
      );
      if (!data) return;
      const entry = data.groups.main ?? [];
      await rewriteHtmlFiles(outDir, (original, file) => {
        const html = withPageLoader(original, file);
        if (!html.includes(`<script ${LOADER_ATTRIBUTE}`)) return html;
        // 404.html answers any unknown path; the chunks it needs depend on that path, so the bundler picks them.
        const notFound = path.relative(outDir, file) === '404.html';
        if (notFound) return addPageScripts(html, [], file);
        const page = pagePath(outDir, file, baseUrl);
        // A page that is data (src/plugins/page-data) preloads its data file with its scripts.
        return addPageDataPreloads(
          addPageScripts(html, pageScripts(page, data, entry), file),
          pageDataFiles(page, data),
          file,
        );
      });
    },

    configureWebpack(config, isServer) {
      if (isServer || config.mode !== 'production') return {};
      checkClientEntry(config.entry);
      return {
        mergeStrategy: {entry: 'replace'},
        plugins: [chunkGroupsWriter(chunkGroupsFile, String(config.output?.publicPath ?? context.baseUrl))],
        // The entry evaluates the main bundle in stages (./client/stagedEntry.ts).
        entry: path.join(dir, 'client', 'stagedEntry.ts'),
      } as ReturnType<ConfigureWebpack>;
    },
  };
}
