// cspell:words rspack
/**
 * bundle-trim: less code and data in every page's first load, and less work
 * for the server bundle (README.md beside this file).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {contentFiles} from '../../config/build';

type ConfigureWebpack = NonNullable<Plugin['configureWebpack']>;
type WebpackConfig = Parameters<ConfigureWebpack>[0];
type Bundler = Parameters<ConfigureWebpack>[2]['currentBundler'];

export interface BundleTrimOptions {
  /** Off: Docusaurus's client data, module names, chunk names, tslib, minifier and server bundle as they come. */
  enabled?: boolean;
}

/**
 * Docusaurus minifies for ES5 (compress and format `ecma: 5`, Safari 10
 * workarounds, ASCII-only strings), although package.json's browserslist
 * targets only current browsers. With Rspack, the SWC minimizer is replaced by
 * one that may emit modern syntax; the CSS minimizer (Lightning CSS, which
 * already gets the browserslist targets) stays. Webpack is left as it is.
 * Throws if Rspack's minimizer list no longer holds an SwcJsMinimizerRspackPlugin.
 */
export function modernMinimizers(config: WebpackConfig, currentBundler: Bundler): unknown[] {
  const minimizers: unknown[] = config.optimization?.minimizer ?? [];
  if (currentBundler.name !== 'rspack') return minimizers;
  const rspack = currentBundler.instance as unknown as {
    SwcJsMinimizerRspackPlugin: new (options: object) => object;
  };
  let replaced = 0;
  const result = minimizers.map((m) => {
    if (!(m instanceof rspack.SwcJsMinimizerRspackPlugin)) return m;
    replaced++;
    return new rspack.SwcJsMinimizerRspackPlugin({
      minimizerOptions: {
        minify: true,
        ecma: 2020,
        module: true,
        mangle: true,
        compress: {ecma: 2020},
        format: {ecma: 2020, comments: false, ascii_only: false},
      },
    });
  });
  if (replaced === 0) {
    throw new Error(
      "bundle-trim: Docusaurus's Rspack configuration no longer minifies JavaScript with SwcJsMinimizerRspackPlugin; " +
        'update modernMinimizers in src/plugins/bundle-trim/index.ts.',
    );
  }
  return result;
}

/** Whether a page (or the Mermaid options) asks for the ELK layout of @mermaid-js/layout-elk. */
function usesElkLayout(siteDir: string, mermaidOptions: unknown): boolean {
  if (/\belk\b/.test(JSON.stringify(mermaidOptions ?? {}))) return true;
  return contentFiles(siteDir).some((file) => {
    const text = readFileSync(file, 'utf8');
    return text.includes('mermaid') && /\belk\b/.test(text);
  });
}

export default function bundleTrimPlugin(context: LoadContext, options: unknown): Plugin | null {
  if ((options as BundleTrimOptions | undefined)?.enabled === false) return null;
  const dir = path.join(context.siteDir, 'src', 'plugins', 'bundle-trim');
  const trimLoader = path.join(dir, 'loaders', 'trimClientData.cjs');

  // No page draws an ELK layout: leave @mermaid-js/layout-elk (a 1.4 MB chunk to compile and
  // minify on every build) out; Mermaid falls back to its default layout, with a warning.
  const elk = usesElkLayout(
    context.siteDir,
    (context.siteConfig.themeConfig as {mermaid?: {options?: unknown}}).mermaid?.options,
  );

  return {
    name: 'orrery-bundle-trim',

    configureWebpack(config, isServer, {currentBundler}) {
      const bundler = currentBundler.instance;
      const browserProduction = !isServer && config.mode === 'production';
      return {
        mergeStrategy: {'optimization.minimizer': 'replace'},
        plugins: [
          ...(elk
            ? []
            : [new bundler.NormalModuleReplacementPlugin(/^@mermaid-js\/layout-elk$/, path.join(dir, 'noElk.ts'))]),
          // Browser-only libraries stay out of the server bundle (./clientOnly.ts).
          ...(isServer
            ? [new bundler.NormalModuleReplacementPlugin(/^mermaid$/, path.join(dir, 'clientOnly.ts'))]
            : []),
          // @docusaurus/utils-common requires all of tslib for one helper.
          new bundler.NormalModuleReplacementPlugin(/^tslib$/, (resource: {context?: string; request: string}) => {
            if (/[\\/]@docusaurus[\\/]utils-common[\\/]/.test(resource.context ?? '')) {
              resource.request = path.join(dir, 'tslib.ts');
            }
          }),
        ],
        // Generated data trimmed (./loaders/trimClientData.cjs): doc descriptions that no card shows,
        // in both bundles so that hydration sees what the server rendered; in the production browser
        // bundle, module names and long chunk names in the route tables.
        module: {
          rules: [
            {
              test: /[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]p[\\/][^\\/]+\.json$/,
              use: [{loader: trimLoader, options: {kind: 'docsVersion'}}],
            },
            ...(browserProduction
              ? (['registry.js', 'routesChunkNames.json'] as const).map((file) => ({
                  test: (resource: string) => resource === path.join(context.generatedFilesDir, file),
                  use: [
                    {loader: trimLoader, options: {kind: file === 'registry.js' ? 'registry' : 'routesChunkNames'}},
                  ],
                }))
              : []),
          ],
        },
        optimization: {
          minimizer: browserProduction ? modernMinimizers(config, currentBundler) : config.optimization?.minimizer,
        },
        // Chunk files named by id only: the runtime then needs no table of
        // chunk names to build file names (prefetching keeps its own).
        ...(browserProduction ? {output: {chunkFilename: 'assets/js/[id].[contenthash:8].js'}} : {}),
      } as ReturnType<ConfigureWebpack>;
    },
  };
}
