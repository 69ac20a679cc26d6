// @ts-check
/**
 * jsx-locals' loader (README.md beside this file): the import of React's JSX runtime that an
 * MDX page compiles to becomes one namespace import and local constants, so the bundler tracks
 * three bindings per page instead of one reference per element.
 *
 * Plain CommonJS: the bundler loads loaders with Node's require.
 */

/** Counts shared with the plugin's postBuild (on globalThis: the loader and the plugin are separate module instances). */
const STATS = Symbol.for('orrery.jsxLocals.stats');

/** @returns {{seen: number, changed: number}} */
function stats() {
  const g = /** @type {{[STATS]?: {seen: number, changed: number}}} */ (globalThis);
  g[STATS] ??= {seen: 0, changed: 0};
  return g[STATS];
}

/** The namespace the runtime is imported as; a page that already uses the name is left alone. */
const NAMESPACE = '_orreryJsxRuntime';

// `import {Fragment as _Fragment, jsx as _jsx, jsxs as _jsxs} from "react/jsx-runtime";` as MDX
// writes it (the development runtime when `npm start` compiles), with any spacing and quotes.
const RUNTIME_IMPORT = /^([ \t]*)import\s*\{([^}]*)\}\s*from\s*(["'])(react\/jsx(?:-dev)?-runtime)\3[ \t]*;?/m;
const SPECIFIER = /^([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/;

/**
 * The source with the runtime's named import replaced by a namespace import and one constant per
 * name, on the same line (line numbers stay as they were). Undefined when there is nothing to
 * replace or it cannot be done safely.
 * @param {string} source
 * @returns {string | undefined}
 */
function localizeJsxRuntime(source) {
  const match = RUNTIME_IMPORT.exec(source);
  if (!match || source.includes(NAMESPACE)) return undefined;
  const [whole, indent, list, quote, request] = /** @type {string[]} */ (match);
  const bindings = [];
  for (const raw of (list ?? '').split(',')) {
    const specifier = raw.trim();
    if (specifier === '') continue;
    const parts = SPECIFIER.exec(specifier);
    if (!parts) return undefined;
    bindings.push(`${parts[2] ?? parts[1]} = ${NAMESPACE}.${parts[1]}`);
  }
  if (bindings.length === 0) return undefined;
  const replacement = `${indent}import * as ${NAMESPACE} from ${quote}${request}${quote}; const ${bindings.join(', ')};`;
  return source.slice(0, match.index) + replacement + source.slice(match.index + (whole ?? '').length);
}

/**
 * @this {unknown}
 * @param {string} source
 * @returns {string}
 */
function loader(source) {
  const counts = stats();
  counts.seen += 1;
  const changed = localizeJsxRuntime(source);
  if (changed === undefined) return source;
  counts.changed += 1;
  return changed;
}

module.exports = loader;
module.exports.localizeJsxRuntime = localizeJsxRuntime;
module.exports.stats = stats;
module.exports.NAMESPACE = NAMESPACE;
