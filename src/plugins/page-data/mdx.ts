/**
 * Runs Docusaurus's MDX loader on one file as the bundler would, outside any compilation: shared
 * by the build's main thread and the page-data worker thread (./worker.ts).
 */
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';

const require = createRequire(import.meta.url);

export interface MdxRule {
  include: string[];
  loader: string;
  options: Record<string, unknown>;
}

export function runMdxLoader(rule: MdxRule, file: string): Promise<string> {
  const loader = require(rule.loader) as {default?: unknown; mdxLoader?: unknown} as unknown;
  const fn = (typeof loader === 'function' ? loader : (loader as {default: unknown}).default) as (
    this: unknown,
    source: string,
  ) => void;
  // No cross-compiler cache: nothing else compiles this file.
  const options = {...rule.options, crossCompilerCache: undefined};
  return new Promise((resolve, reject) => {
    fn.call(
      {
        _compiler: {name: 'client'},
        resource: file,
        resourcePath: file,
        getOptions: () => options,
        addDependency: () => undefined,
        async: () => (error: Error | null, result?: string) => (error ? reject(error) : resolve(String(result))),
      },
      readFileSync(file, 'utf8'),
    );
  });
}
