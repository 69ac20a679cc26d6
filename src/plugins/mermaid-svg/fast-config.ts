/**
 * A faster `getConfig()` for the pages the build draws diagrams in (README.md, "Drawing speed").
 *
 * Mermaid's `getConfig()` returns `assignWithDepth({}, currentConfig)`: a copy of the whole
 * configuration (every diagram type's section and about 200 theme variables), made again on each
 * of the hundreds of calls a drawing makes, per node, edge and label. That copy is about 40 % of
 * the time Chromium spends drawing. Its result depends only on `currentConfig`, which Mermaid
 * replaces (never changes in place) when it is initialized or a diagram carries a directive. So
 * the patched function makes Mermaid's copy once per `currentConfig` and hands each caller a
 * copy of that copy, made with `Object.assign` instead of Mermaid's per-key property definitions:
 * the same shape, as fresh as Mermaid's own.
 *
 * What `assignWithDepth({}, c)` (depth 2) gives, and the copy below reproduces: the top object and
 * the objects in it and in those (three levels) are new, the third level copied shallowly; objects
 * deeper down are shared with `c`; `null` values are left out of the first two levels; arrays are
 * copied shallowly. `tests/unit/mermaid-fast-config.test.ts` compares the two on every call while
 * drawing diagrams of each kind, and compares the drawings with and without the patch.
 */

/**
 * Mermaid's minified `getConfig`: `<name>=<__name>(()=><assignWithDepth>({},<currentConfig>),"getConfig")`.
 * The diagram modules' own `getConfig`s (`()=>Pe().er`) do not have this shape.
 */
const GET_CONFIG = /=([\w$]+)\(\(\)=>([\w$]+)\(\{\},([\w$]+)\),"getConfig"\)/g;

/** The global the patched `getConfig` calls. */
export const CONFIG_COPY_GLOBAL = 'orreryMermaidConfigCopy';

/**
 * The global that, when set to `{calls: 0, mismatches: []}` before a drawing, makes every call
 * also run Mermaid's own copy and record where the two differ, or where the copy shares an
 * object of its first three levels with the kept copy (tests only).
 */
export const CONFIG_CHECK_GLOBAL = 'orreryMermaidConfigCheck';

/**
 * The script defining the global, to run in the page before Mermaid's bundle (a script of its
 * own: put before the bundle's text, it would turn the bundle's "use strict" into a plain
 * expression). Plain ES2020; `merge` is Mermaid's assignWithDepth, `current` its currentConfig.
 */
export const CONFIG_COPY_SCRIPT = `window.${CONFIG_COPY_GLOBAL}=(()=>{'use strict';
let key,base;
const level3=(o)=>(Array.isArray(o)?o.slice():Object.assign({},o));
const level2=(o)=>{if(Array.isArray(o))return o.slice();const r=Object.assign({},o);for(const k in r){const v=r[k];if(v!==null&&typeof v==='object')r[k]=level3(v);}return r;};
const level1=(o)=>{const r=Object.assign({},o);for(const k in r){const v=r[k];if(v!==null&&typeof v==='object')r[k]=level2(v);}return r;};
const differs=(a,b,kept,level,at)=>{
if(level>3||a===null||typeof a!=='object')return Object.is(a,b)?null:at;
if(b===null||typeof b!=='object'||Array.isArray(a)!==Array.isArray(b))return at;
if(a===b||a===kept)return at+' (not a new object)';
const ka=Object.keys(a),kb=Object.keys(b);
if(ka.join('\\u0000')!==kb.join('\\u0000'))return at+' (keys)';
for(const k of ka){const d=differs(a[k],b[k],kept&&kept[k],level+1,at+'.'+k);if(d)return d;}
return null;};
return (current,merge)=>{
if(current!==key){key=current;base=merge({},current);}
const copy=level1(base);
const check=window.${CONFIG_CHECK_GLOBAL};
if(check){check.calls+=1;const d=differs(copy,merge({},current),base,1,'config');if(d&&check.mismatches.length<20)check.mismatches.push(d);}
return copy;};})();
`;

/**
 * Mermaid's browser bundle with `getConfig` calling CONFIG_COPY_SCRIPT's global. Throws when the
 * bundle has no `getConfig` of the expected shape, or more than one (a Mermaid upgrade changed it).
 */
export function withFastConfig(bundle: string): string {
  const found = [...bundle.matchAll(GET_CONFIG)];
  if (found.length !== 1) {
    throw new Error(
      `expected one getConfig of the form "=f(()=>assign({},config),\\"getConfig\\")" in Mermaid's bundle, found ${found.length}`,
    );
  }
  const patched = bundle.replace(
    GET_CONFIG,
    (_all, name: string, merge: string, current: string) =>
      `=${name}(()=>window.${CONFIG_COPY_GLOBAL}(${current},${merge}),"getConfig")`,
  );
  return patched;
}
