// cspell:words rspack postcssrc
/**
 * Build configuration helpers for docusaurus.config.ts: `future.faster`, the
 * content file list several plugins share, and the benchmark's cache switch
 * (ORRERY_BUILD_CACHE_DIR). No content or page changes.
 */
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

type ConfigureWebpack = NonNullable<Plugin['configureWebpack']>;
type WebpackConfig = Parameters<ConfigureWebpack>[0];

/** The folders (relative to the site) that hold Markdown and MDX content. */
export const CONTENT_DIRS = ['docs', 'versioned_docs', 'api', 'upgrade-guides', 'src/pages'];

/** Every Markdown and MDX file under the site's content folders. */
export function contentFiles(siteDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (/\.mdx?$/.test(entry.name)) files.push(path.join(dir, entry.name));
    }
  };
  for (const dir of CONTENT_DIRS) walk(path.join(siteDir, dir));
  return files;
}

/** Pages from which the SSG worker threads pay for their memory (see fasterOptions). */
export const SSG_WORKER_THREADS_FROM_PAGES = 1500;

/**
 * `future.faster` for the site: everything @docusaurus/faster offers (Rspack,
 * SWC loader and minifiers, Lightning CSS, the MDX cross-compiler cache, eager
 * Git dates) except its persistent Rspack cache, whose write after a cold
 * build took some 200 MB more, and, below SSG_WORKER_THREADS_FROM_PAGES
 * content files, its SSG worker threads (some 130 MB each, for a few seconds
 * saved on this site). Rendering in the main thread leaks some 0.6 MB per page
 * (native memory, freed only when a worker thread is recycled), which a 5,000
 * page site cannot afford: there the threads come back. ORRERY_FASTER=0
 * (`enabled: false`) turns @docusaurus/faster off altogether.
 */
export function fasterOptions(enabled: boolean, siteDir: string, pages = contentFiles(siteDir).length) {
  return enabled
    ? {
        swcJsLoader: true,
        swcJsMinimizer: true,
        swcHtmlMinimizer: true,
        lightningCssMinimizer: true,
        mdxCrossCompilerCache: true,
        rspackBundler: true,
        rspackPersistentCache: false,
        ssgWorkerThreads: pages >= SSG_WORKER_THREADS_FROM_PAGES,
        gitEagerVcs: true,
      }
    : false;
}

/**
 * Puts the bundler's persistent cache under `directory` (the benchmark's cold
 * builds start from an empty one without touching node_modules/.cache); no
 * directory, no change.
 */
export function useCacheDirectory(config: WebpackConfig, directory: string | undefined): void {
  if (!directory) return;
  const experiments = config.experiments as {cache?: {type?: string; storage?: object}} | undefined;
  if (experiments?.cache?.type === 'persistent') {
    experiments.cache.storage = {type: 'filesystem', directory: path.join(directory, 'rspack')};
  }
  if (config.cache && typeof config.cache === 'object' && config.cache.type === 'filesystem') {
    config.cache.cacheDirectory = path.join(directory, 'webpack');
  }
}

/**
 * A plugin (a closure, so no option lands in the site config that the
 * browser bundle carries) that applies `useCacheDirectory`; docusaurus.config.ts
 * passes ORRERY_BUILD_CACHE_DIR.
 */
export function buildCacheDirectory(directory: string | undefined): () => Plugin {
  return () => ({
    name: 'orrery-build-cache-directory',
    configureWebpack(config) {
      useCacheDirectory(config, directory);
      return {};
    },
  });
}

/**
 * Where postcss-loader looks for a PostCSS configuration (its cosmiconfig search places), in the
 * folder of each stylesheet and every folder above it. `package.json` counts only with a
 * `postcss` key.
 */
export const POSTCSS_CONFIG_FILES = [
  'package.json',
  ...['js', 'mjs', 'cjs', 'ts', 'mts', 'cts'].map((ext) => `postcss.config.${ext}`),
  ...['', '.json', '.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.yaml', '.yml'].map((ext) => `.postcssrc${ext}`),
  ...['', '.json', '.yaml', '.yml', '.js', '.mjs', '.cjs', '.ts', '.mts', '.cts'].map(
    (ext) => `.config/postcssrc${ext}`,
  ),
];

/** The first PostCSS configuration file in `dir` (a name of POSTCSS_CONFIG_FILES), if any. */
export function postcssConfigFile(dir: string): string | undefined {
  return POSTCSS_CONFIG_FILES.find((name) => {
    const file = path.join(dir, name);
    if (!existsSync(file)) return false;
    if (name !== 'package.json') return true;
    try {
      return 'postcss' in (JSON.parse(readFileSync(file, 'utf8')) as object);
    } catch {
      return false; // not ours to judge: Docusaurus reads the site's package.json itself
    }
  });
}

/**
 * A plugin whose `configurePostCss` turns postcss-loader's search for configuration files off
 * (`config: false`): Docusaurus gives the loader its PostCSS plugins itself, and the search tried
 * 27 file names in every folder from each stylesheet up to the file system's root, about 0.5 s
 * of the main thread in every build. A configuration file in the site would now be ignored, so
 * the build stops on one instead, naming it; `configurePostCss` in a site plugin is
 * Docusaurus's way to change PostCSS.
 */
export function postcssOptions(siteDir: string): () => Plugin {
  return () => {
    const found = postcssConfigFile(siteDir);
    if (found) {
      throw new Error(
        `${path.join(siteDir, found)}: this site does not read PostCSS configuration files ` +
          '(src/config/build.ts, postcssOptions); give the PostCSS plugins in a configurePostCss() of a site plugin instead.',
      );
    }
    return {
      name: 'orrery-postcss-options',
      configurePostCss: withoutConfigSearch,
    };
  };
}

/** PostCSS options with postcss-loader's configuration file search off. */
export function withoutConfigSearch<T extends object>(options: T): T & {config: false} {
  return {...options, config: false};
}
