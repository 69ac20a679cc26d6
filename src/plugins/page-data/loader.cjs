// @ts-check
/**
 * page-data's registry loader (README.md beside this file): in `registry.js` (both bundles) and
 * the route parts (browser), the entry of each page that became data loads that data instead of
 * importing the page's module, and names no module for the bundler to resolve. Runs before
 * bundle-trim's loader (`enforce: 'pre'`).
 *
 * Plain CommonJS: the bundler loads loaders with Node's require.
 */
const path = require('node:path');

const COMPILATION = Symbol.for('orrery.pageData.compilation');
/** The function the rewritten entries call, and the module it comes from (an alias per bundle). */
const LOAD_NAME = '__orreryPageData';
const LOAD_MODULE = '@orrery/page-data-load';

/** `() => import(/* webpackChunkName: "name" *\/ "module"), "module", require.resolveWeak("module")` in a registry entry. */
const IMPORT_ENTRY =
  /\(\)\s*=>\s*import\(\/\*\s*webpackChunkName:\s*"[^"]*"\s*\*\/\s*"((?:[^"\\]|\\.)+)"\),\s*("(?:[^"\\]|\\.)*"),\s*require\.resolveWeak\("(?:[^"\\]|\\.)+"\)/g;

/** `  "name": [() => import(/* webpackChunkName: "name" *\/ "module"), …`: a registry entry's key and module. */
const KEYED_IMPORT = /^\s*"((?:[^"\\]|\\.)+)":\s*\[\s*\(\)\s*=>\s*import\(\/\*[^*]*\*\/\s*"((?:[^"\\]|\\.)+)"\)/gm;

/**
 * The registry's entries that import a module: [chunk name, module name], in order.
 * @param {string} source
 * @returns {[string, string][]}
 */
function registryEntries(source) {
  return [...source.matchAll(KEYED_IMPORT)].map((m) => [JSON.parse(`"${m[1]}"`), JSON.parse(`"${m[2]}"`)]);
}

/**
 * Entries whose module `target` maps get a loader of that target (LOAD_NAME makes it); the module name stays only
 * when `keepNames` (the server's react-loadable reports it).
 * @param {string} source registry.js or a route part
 * @param {(module: string) => string | undefined} target
 * @param {boolean} keepNames
 * @returns {{code: string, count: number}}
 */
function rewriteRegistry(source, target, keepNames) {
  let count = 0;
  const code = source.replace(IMPORT_ENTRY, (whole, module, name) => {
    const to = target(JSON.parse(`"${module}"`));
    if (to === undefined) return whole;
    count += 1;
    return `${LOAD_NAME}(${JSON.stringify(to)}), ${keepNames ? name : '""'}, undefined`;
  });
  return {
    code: count > 0 ? `import {pageDataLoader as ${LOAD_NAME}} from ${JSON.stringify(LOAD_MODULE)};\n${code}` : code,
    count,
  };
}

/**
 * Waits for the pages' data (src/plugins/page-data/index.ts compiles them while the bundlers
 * build everything else), then rewrites the registry or route part.
 * @this {{getOptions(): {server: boolean, url: string}, async(): (error: unknown, result?: string) => void}}
 * @param {string} source
 */
function pageDataLoader(source) {
  const {server, url} = this.getOptions();
  const callback = this.async();
  /** @type {Promise<{files: Map<string, string>, dir: string}> | undefined} */
  const compilation = /** @type {any} */ (globalThis)[COMPILATION];
  if (!compilation) {
    callback(
      new Error('page-data: the route registry was compiled before the pages were (src/plugins/page-data/index.ts)'),
    );
    return;
  }
  compilation.then(
    (index) =>
      callback(
        null,
        rewriteRegistry(
          source,
          (module) => {
            const file = index.files.get(module);
            if (file === undefined) return undefined;
            return server ? path.join(index.dir, file) : url + file;
          },
          server,
        ).code,
      ),
    (error) => callback(error),
  );
}

module.exports = pageDataLoader;
module.exports.LOAD_MODULE = LOAD_MODULE;
module.exports.registryEntries = registryEntries;
module.exports.rewriteRegistry = rewriteRegistry;
