/**
 * jsx-locals: each MDX page imports React's JSX runtime once, as a namespace with local
 * constants, instead of naming the runtime's imports at every element (README.md beside this
 * file). The bundler then tracks three bindings per page, not hundreds: less build memory and
 * time, and slightly smaller page chunks. Pages render the same elements.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import jsxLoader from './loader.cjs';

export interface JsxLocalsOptions {
  /** Off: MDX pages keep the runtime's named imports, as Docusaurus compiles them. */
  enabled?: boolean;
}

/** The Markdown and MDX files Docusaurus compiles with its MDX loader. */
export const MDX_FILE = /\.mdx?$/i;

export default function jsxLocalsPlugin(context: LoadContext, options: unknown): Plugin | null {
  if ((options as JsxLocalsOptions | undefined)?.enabled === false) return null;
  const loader = path.join(context.siteDir, 'src', 'plugins', 'jsx-locals', 'loader.cjs');
  return {
    name: 'orrery-jsx-locals',
    configureWebpack() {
      // `post`: after the MDX loader and the JavaScript loader of every docs instance and of the
      // pages plugin, whichever order the plugins come in. A function, not a RegExp, as the test:
      // core's MDX fallback plugin takes the `include` of every rule whose RegExp matches MDX.
      return {
        module: {rules: [{test: (resource: string) => MDX_FILE.test(resource), enforce: 'post', use: [{loader}]}]},
      };
    },
    postBuild() {
      // The loader counts in the same process (loader.cjs). MDX files went through it but none
      // imported the runtime in the expected form: MDX changed its output, and the build would
      // quietly lose the saving.
      const stats = (jsxLoader as unknown as {stats: () => {seen: number; changed: number}}).stats();
      if (stats.seen > 0 && stats.changed === 0) {
        throw new Error(
          `jsx-locals: none of the ${stats.seen} compiled Markdown and MDX modules imports react/jsx-runtime ` +
            'as `import {jsx as _jsx, …} from "react/jsx-runtime"` any more, so nothing was changed; ' +
            'update src/plugins/jsx-locals/loader.cjs (README.md) or turn it off with ORRERY_JSX_LOCALS=0.',
        );
      }
    },
  };
}
