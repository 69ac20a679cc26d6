// Name checks: activity types, argument names, resources, status words and
// Java/Kotlin imports stated in a sample, against facts/facts.yaml.
import ts from 'typescript';
import {splitTopLevel, type Facts} from './facts.ts';
import type {Report} from './types.ts';

export function checkType(facts: Facts, type: string, line: number, report: Report): boolean {
  if (facts.types.has(type)) return true;
  report(line, 'name-type', `unknown activity type "${type}" (facts/facts.yaml models.*.activityTypes)`);
  return false;
}

export function checkArgumentNames(
  facts: Facts,
  type: string,
  args: {name: string; line: number}[],
  report: Report,
): void {
  const params = facts.types.get(type);
  if (!params) return; // The type itself is reported.
  for (const a of args) {
    if (!params.has(a.name)) {
      const known = [...params].join(', ') || 'none';
      report(a.line, 'name-argument', `"${a.name}" is not a parameter of ${type} (parameters: ${known})`);
    }
  }
}

export function checkResource(facts: Facts, name: string, line: number, report: Report): void {
  if (!facts.resources.has(name))
    report(line, 'name-resource', `unknown resource "${name}" (facts/facts.yaml models.*.resources)`);
}

/**
 * A status word: one of the set its table's `status` column holds when the
 * table is known and has one (facts/facts.yaml api.tables.<t>.status), else
 * any status word.
 */
export function checkStatus(facts: Facts, word: string, line: number, report: Report, table?: string | null): void {
  const setName = table ? facts.api.tables[table]?.status : undefined;
  const set = setName ? facts.statusSets.get(setName) : undefined;
  if (set && setName) {
    if (!set.has(word))
      report(
        line,
        'name-status',
        `"${word}" is not a status of ${table} (facts/facts.yaml statuses.${setName}: ${[...set].join(', ')})`,
      );
    return;
  }
  if (!facts.statuses.has(word))
    report(line, 'name-status', `"${word}" is not a status word (facts/facts.yaml statuses)`);
}

/** The table a root field (`plan`, `plan_by_pk`, `insert_plan_one`, …) reads or writes, if any. */
export function tableOfRootField(facts: Facts, field: string): string | null {
  const tables = facts.api.tables;
  if (field in tables) return field;
  const m = /^(?:insert_|update_|delete_)?(.+?)(?:_by_pk|_aggregate|_one|_many|_stream)?$/.exec(field);
  return m?.[1] && m[1] in tables ? m[1] : null;
}

/** The table `name` leads to from `table`: a relationship's target, else `table` itself (a column, an operator). */
export function tableWithin(facts: Facts, table: string | null, name: string): string | null {
  if (!table) return tableOfRootField(facts, name);
  const rel = facts.api.tables[table]?.relationships?.[name.replace(/_aggregate$/, '')];
  if (rel === undefined) return table;
  return Array.isArray(rel) ? (rel[0] ?? null) : rel;
}

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

// ---------------------------------------------------------------- TypeScript

/** `ActivityTemplates.X({…})`, `ActivityType.X`, `Real.Resource("…")`, `Discrete.Resource("…")`, `Activities.X`. */
export function checkTsNames(sf: ts.SourceFile, facts: Facts, report: Report): void {
  const line = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const owner = node.expression.text;
      const name = node.name.text;
      if (owner === 'ActivityType' || owner === 'ActivityTemplates') checkType(facts, name, line(node.name), report);
      // `Windows.During`, `Goal.RecurrenceGoal`: a static member the eDSL does not have.
      const members = facts.edsl.get(owner);
      if (members && !members.has(name))
        report(
          line(node.name),
          'name-edsl',
          `${owner}.${name} is not in the eDSL (facts.yaml edsl.${owner}: ${[...members].join(', ')})`,
        );
      const call = node.parent;
      if (owner === 'ActivityTemplates' && ts.isCallExpression(call) && call.expression === node) {
        const arg = call.arguments[0];
        if (arg && ts.isObjectLiteralExpression(arg)) {
          const args = arg.properties.flatMap((p) =>
            (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) &&
            (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))
              ? [{name: p.name.text, line: line(p)}]
              : [],
          );
          checkArgumentNames(facts, name, args, report);
        }
      }
      if ((owner === 'Real' || owner === 'Discrete') && name === 'Resource' && ts.isCallExpression(call)) {
        const arg = call.arguments[0];
        if (arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)))
          checkResource(facts, arg.text, line(arg), report);
      }
    }
    // `activity: Activities.TakeImage` in expansion rules.
    if (ts.isQualifiedName(node) && ts.isIdentifier(node.left) && node.left.text === 'Activities')
      checkType(facts, node.right.text, line(node.right), report);
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

// ---------------------------------------------------------- Java and Kotlin

const RESOURCE_CALL =
  /\b(?:registrar\.(?:discrete|real)|\.(?:real|numbers|booleans|strings|constants|discrete))\(\s*"([^"]*)"/g;
const ACTIVITY_ANNOTATION = /@ActivityType\(\s*(?:value\s*=\s*)?"([^"]*)"/g;
const NEW_DIRECTIVE = /\bNewDirective\.of\(\s*"([^"]*)"\s*\)/g;
const IMPORT = /^[ \t]*import\s+(static\s+)?(dev\.orrery\.[\w.]+?)(\.\*)?(?:\s+as\s+\w+)?\s*;?[ \t]*$/gm;
const PACKAGE = /^[ \t]*package\s+([\w.]+)/gm;

/** Packages a Java or Kotlin sample declares (`package x.y;`). */
export function declaredPackages(code: string): string[] {
  return [...code.matchAll(PACKAGE)].map((m) => m[1] ?? '');
}

/** Reads `.arg("k", …)` calls chained after a `NewDirective.of("X")` ending at `from`. */
function chainedArgs(code: string, from: number): {name: string; offset: number}[] {
  const out: {name: string; offset: number}[] = [];
  let i = from;
  for (;;) {
    while (i < code.length && /\s/.test(code[i] ?? '')) i++;
    if (code[i] !== '.') return out;
    const m = /^\.\s*(\w+)\s*\(/.exec(code.slice(i));
    if (!m) return out;
    const callStart = i;
    i += m[0].length;
    if (m[1] === 'arg') {
      const k = /^\s*"([^"]*)"/.exec(code.slice(i));
      if (k) out.push({name: k[1] ?? '', offset: callStart});
    }
    // Skip the balanced argument list.
    let depth = 1;
    let quote = '';
    while (i < code.length && depth > 0) {
      const c = code[i] ?? '';
      if (quote) {
        if (c === '\\') i++;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === '(') depth++;
      else if (c === ')') depth--;
      i++;
    }
  }
}

/**
 * `pageImports`: the import lines of every JVM block of the page, which tell which of two
 * same-named classes (`Duration`) a block without its own import means.
 */
export function checkJvmNames(
  code: string,
  facts: Facts,
  extraPackages: Set<string>,
  report: Report,
  pageImports = '',
): void {
  for (const m of code.matchAll(ACTIVITY_ANNOTATION)) checkType(facts, m[1] ?? '', lineAt(code, m.index), report);
  for (const m of code.matchAll(NEW_DIRECTIVE)) {
    const type = m[1] ?? '';
    if (!checkType(facts, type, lineAt(code, m.index), report)) continue;
    const args = chainedArgs(code, m.index + m[0].length).map((a) => ({name: a.name, line: lineAt(code, a.offset)}));
    checkArgumentNames(facts, type, args, report);
  }
  for (const m of code.matchAll(RESOURCE_CALL)) checkResource(facts, m[1] ?? '', lineAt(code, m.index), report);
  for (const m of code.matchAll(IMPORT)) {
    const problem = importProblem(m[2] ?? '', !!m[1], !!m[3], facts, extraPackages);
    if (problem) report(lineAt(code, m.index), 'name-import', problem);
  }
  checkJvmMethods(code, facts, report, pageImports);
}

// ------------------------------------------------------- JVM method calls

/** Methods every Java object has. */
const OBJECT_METHODS = new Set(['equals', 'hashCode', 'toString', 'getClass']);

/** The text with the insides of string and character literals blanked (offsets and lines kept). */
function blankStrings(code: string): string {
  return code.replace(/"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, (m) =>
    m.length <= 2 ? m : m[0] + m.slice(1, -1).replace(/[^\n]/g, ' ') + m[m.length - 1],
  );
}

/** Index just past the balanced parentheses opening at `open` (or the text's end). */
function pastParens(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === '(') depth++;
    else if (code[i] === ')' && --depth === 0) return i + 1;
  }
  return code.length;
}

/** What a sample states about its variables: the listed class or the Java type each one has. */
interface Scope {
  facts: Facts;
  /**
   * The type a name has where the text uses it at `at`: that of its nearest declaration before
   * (or, declared after only, of its one declaration), a class of `javaMethods`, a primitive, another
   * type's name or '?' (a `var` or lambda parameter whose type the text does not show).
   */
  typeAt: (name: string, at: number) => string | undefined;
}

const PRIMITIVES = ['byte', 'short', 'char', 'int', 'long', 'float', 'double', 'boolean'];
const NUMERIC = PRIMITIVES.slice(0, 7);
const BOXED: Record<string, string> = {
  Byte: 'byte',
  Short: 'short',
  Character: 'char',
  Integer: 'int',
  Long: 'long',
  Float: 'float',
  Double: 'double',
  Boolean: 'boolean',
  // Kotlin's names (Kotlin does not widen: a Java-style widening is let through, never reported).
  Int: 'int',
  Char: 'char',
};
/** Types any value (boxed where needed) is, or that a number or a string is. */
const ANY = new Set(['Object', 'Serializable', 'Comparable']);

/** The Java type of an argument where the text shows it (a literal, a cast, a stated variable, a chain of listed calls). */
function typeOfArgument(arg: string, at: number, scope: Scope): string | undefined {
  const a = arg.trim();
  if (/^"[^"]*"$/.test(a)) return 'String';
  if (/^'(?:[^'\\]|\\.)+'$/.test(a)) return 'char';
  if (a === 'true' || a === 'false') return 'boolean';
  if (a === 'null') return 'null';
  if (/^-?(?:0[xX][\da-fA-F_]+|\d[\d_]*)[lL]$/.test(a)) return 'long';
  if (/^-?(?:0[xX][\da-fA-F_]+|\d[\d_]*)$/.test(a)) return 'int';
  const float = /^-?(?:\d[\d_]*\.[\d_]*|\.\d[\d_]*|\d[\d_]*(?=[eEfFdD]))(?:[eE][+-]?\d+)?([fFdD]?)$/.exec(a);
  if (float) return /[fF]/.test(float[1] ?? '') ? 'float' : 'double';
  const cast = /^\(\s*(byte|short|char|int|long|float|double|boolean|String)\s*\)\s*[\w(]/.exec(a);
  if (cast) return cast[1];
  const known = (t: string | undefined) => (t === '?' ? undefined : t);
  if (/^[a-z_]\w*$/.test(a)) return known(scope.typeAt(a, at));
  // A chain of listed calls or constants: `Duration.MINUTE.times(5)`, `rate.map(f)`.
  const head = /^([A-Za-z_]\w*)/.exec(a)?.[1] ?? '';
  const declared = known(scope.typeAt(head, at));
  const type = declared ?? (scope.facts.javaMethods.has(head) ? head : undefined);
  if (!type || !scope.facts.javaMethods.has(type)) return undefined;
  const end = followChain(a, head.length, type, scope, null);
  return end.type && end.at === a.length ? end.type : undefined;
}

/** Whether an argument of type `arg` (undefined: not known) fits a parameter of type `param`. */
function fits(param: string, arg: string | undefined, typeVars: Set<string>, facts: Facts): boolean {
  if (arg === undefined) return true;
  const base = param
    .replace(/\.\.\.$/, '')
    .replace(/<.*$/, '')
    .trim();
  if (typeVars.has(base) || /^[A-Z]\d?$/.test(base) || ANY.has(base)) return true;
  const widen = (from: string, to: string) => {
    if (from === to) return true;
    const order = ['byte', 'short', 'int', 'long', 'float', 'double'];
    if (from === 'char') return ['int', 'long', 'float', 'double'].includes(to);
    return order.includes(from) && order.includes(to) && order.indexOf(from) <= order.indexOf(to) && to !== 'char';
  };
  if (PRIMITIVES.includes(base)) {
    const from = BOXED[arg] ?? arg;
    if (base === 'boolean' || from === 'boolean') return from === base;
    return NUMERIC.includes(from) && widen(from, base);
  }
  if (arg === 'null') return true;
  if (BOXED[base]) return arg === base || arg === BOXED[base];
  if (base === 'Number') return NUMERIC.includes(BOXED[arg] ?? arg) && arg !== 'char';
  if (base === 'String' || base === 'CharSequence') return arg === 'String';
  if (PRIMITIVES.includes(arg) || arg === 'String') return false;
  // Two listed classes: the argument's class is the parameter's or extends it.
  const known = facts.javaMethods.get(arg);
  if (known && facts.javaMethods.has(base)) return arg === base || known.supers.includes(base);
  return true;
}

/**
 * Follows the calls (and constants) chained on a receiver of class `type` from `at` (`.a(…)` then
 * `.b(…)`, across lines), reporting a method the class does not have or a call that fits none of
 * the method's signatures; gives the class the chain ends with, when every step of it is known, and
 * where the chain ends.
 */
function followChain(
  code: string,
  at: number,
  type: string,
  scope: Scope,
  report: Report | null,
): {type: string | undefined; at: number} {
  const {facts} = scope;
  let current: string | undefined = type;
  let i = at;
  const step = /\s*\.\s*([A-Za-z_]\w*)\s*(\()?/y;
  while (current) {
    step.lastIndex = i;
    const m = step.exec(code);
    if (!m) return {type: current, at: i};
    const cls = facts.javaMethods.get(current);
    if (!cls) return {type: undefined, at: i};
    const name = m[1] ?? '';
    const where = () => lineAt(code, m.index + m[0].indexOf(name));
    if (!m[2]) {
      // A constant of the class's own type (`Duration.MINUTE`); another field ends what is known.
      if (cls.constants.has(name)) {
        i = step.lastIndex;
        continue;
      }
      if (cls.constants.size && /^[A-Z][A-Z\d_]*$/.test(name))
        report?.(
          where(),
          'name-method',
          `${name} is not a constant of ${current} (facts/facts.yaml javaMethods: ${[...cls.constants].join(', ')})`,
        );
      return {type: undefined, at: i};
    }
    if (!cls.methods.has(name) && !OBJECT_METHODS.has(name)) {
      report?.(
        where(),
        'name-method',
        `${name}() is not a method of ${current} (facts/facts.yaml javaMethods: ${[...cls.methods].join(', ')})`,
      );
      return {type: undefined, at: i};
    }
    const open = step.lastIndex - 1;
    const close = pastParens(code, open);
    const sigs = cls.signatures.get(name);
    if (sigs && report) {
      const inside = code.slice(open + 1, close - 1);
      const args = inside.trim() ? splitArguments(inside) : [];
      const types = args.map((a) => typeOfArgument(a, m.index, scope));
      const fitsOne = sigs.some((sig) => {
        const varargs = sig.params.at(-1)?.endsWith('...') ?? false;
        const fixed = varargs ? sig.params.length - 1 : sig.params.length;
        if (varargs ? args.length < fixed : args.length !== fixed) return false;
        return types.every((t, k) =>
          fits(sig.params[Math.min(k, sig.params.length - 1)] ?? '', t, sig.typeVars, facts),
        );
      });
      if (!fitsOne) {
        const shown = args.map((a, k) => types[k] ?? a.replace(/\s+/g, ' ')).join(', ');
        report(
          where(),
          'name-method',
          `${name}(${shown}) fits no signature of ${current}.${name} (facts/facts.yaml javaMethods: ${sigs
            .map((sig) => sig.text)
            .join('; ')})`,
        );
        return {type: undefined, at: close};
      }
    }
    current = cls.returns.get(name);
    i = close;
  }
  return {type: current, at: i};
}

/** The arguments of a call, split at its top-level commas (a generic's `<…>` counts as brackets only right after a name). */
function splitArguments(inside: string): string[] {
  const parts: string[] = [];
  const stack: string[] = [];
  let start = 0;
  for (let i = 0; i < inside.length; i++) {
    const c = inside[i] ?? '';
    if ('([{'.includes(c)) stack.push(c);
    else if (c === '<' && /[\w]/.test(inside[i - 1] ?? '') && /^[\w\s,?.<>[\]]*>/.test(inside.slice(i + 1)))
      stack.push(c);
    else if (')]}'.includes(c) || (c === '>' && stack.at(-1) === '<')) stack.pop();
    else if (c === ',' && stack.length === 0) {
      parts.push(inside.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inside.slice(start));
  return parts.map((p) => p.trim());
}

/** The packages `code`'s imports take a class named `name` from (`import p.Name;`, `import p.*;`). */
function importedFrom(code: string, name: string, facts: Facts): string[] {
  const out = new Set<string>();
  for (const m of code.matchAll(IMPORT)) {
    if (m[1]) continue;
    const path = m[2] ?? '';
    const pkg = m[3] ? path : path.slice(0, path.lastIndexOf('.'));
    if ((m[3] || path.endsWith(`.${name}`)) && facts.javaPackages.get(pkg)?.has(name)) out.add(pkg);
  }
  return [...out];
}

/** A package's library: its first three parts (`dev.orrery.timelines`). */
const library = (p: string) => p.split('.').slice(0, 3).join('.');

/** The libraries of the public classes `code` names that only one library has, `name` aside. */
function namedLibraries(code: string, name: string, facts: Facts): Set<string> {
  const out = new Set<string>();
  for (const word of new Set(code.match(/\b[A-Z]\w*\b/g) ?? [])) {
    if (word === name) continue;
    const homes = new Set([...facts.javaPackages].filter(([, classes]) => classes.has(word)).map(([p]) => library(p)));
    if (homes.size === 1) out.add([...homes][0] ?? '');
  }
  return out;
}

/**
 * Whether a block means the listed class `name` of `pkg` when two public packages have a class of
 * that name: the block imports it from there, else its page does, else the page imports from that
 * library (`dev.orrery.modeling`) and from none of the others that have the name, else the block
 * names other classes of that library and of none of the others (`Windows` beside `Duration`).
 */
function meansPackage(name: string, pkg: string, code: string, pageImports: string, facts: Facts): boolean {
  for (const text of [code, pageImports]) {
    const from = importedFrom(text, name, facts);
    if (from.length) return from.length === 1 && from[0] === pkg;
  }
  const others = [...facts.javaPackages]
    .filter(([p, classes]) => p !== pkg && classes.has(name))
    .map(([p]) => library(p));
  if (others.length === 0) return true;
  const imported = new Set([...pageImports.matchAll(IMPORT)].map((m) => library(m[2] ?? '')));
  for (const used of [imported, namedLibraries(code, name, facts)]) {
    if (used.has(library(pkg)) || others.some((l) => used.has(l)))
      return used.has(library(pkg)) && !others.some((l) => used.has(l));
  }
  return false;
}

/** The body of the class or anonymous class opening at `open` (a `{`), or null when the block cuts it off. */
function bodyAt(code: string, open: number): string | null {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    if (code[i] === '{') depth++;
    else if (code[i] === '}' && --depth === 0) return code.slice(open + 1, i);
  }
  return null;
}

/** A Java class of the sample that implements a listed interface declares each of its abstract methods. */
function checkImplementations(code: string, facts: Facts, report: Report): void {
  const withAbstract = [...facts.javaMethods].filter(([, c]) => c.abstract.size).map(([n]) => n);
  if (!withAbstract.length) return;
  const names = withAbstract.join('|');
  const header = new RegExp(
    `\\bclass\\s+(\\w+)[^{;]*?\\bimplements\\s+([^{]*)\\{|\\bnew\\s+(${names})\\s*(?:<[^>]*>)?\\s*\\([^()]*\\)\\s*\\{`,
    'g',
  );
  for (const m of code.matchAll(header)) {
    // The interfaces named at the top of the list (`implements DiscreteResource<Double>, Other`).
    const listed = m[3] ? [m[3]] : splitTopLevel(m[2] ?? '').map((t) => t.replace(/<[\s\S]*$/, '').trim());
    const interfaces = listed.filter((n) => withAbstract.includes(n));
    const body = bodyAt(code, m.index + m[0].length - 1);
    if (body === null) continue;
    for (const iface of interfaces) {
      for (const method of facts.javaMethods.get(iface ?? '')?.abstract ?? []) {
        if (new RegExp(`\\b${method}\\s*\\([^()]*\\)\\s*(?:throws\\s[\\w.,\\s]*)?\\{`).test(body)) continue;
        const who = m[1] ? `class ${m[1]}` : `an anonymous class`;
        report(
          lineAt(code, m.index),
          'name-method',
          `${who} implements ${iface} without its abstract ${method}() (facts/facts.yaml javaMethods: ${
            facts.javaMethods.get(iface ?? '')?.signatures.get(method)?.[0]?.text ?? method
          })`,
        );
      }
    }
  }
}

/**
 * Calls on the classes of facts.yaml `javaMethods`: on a variable whose type the sample states
 * (Java `EditablePlan plan`, Kotlin `plan: EditablePlan`) or that holds what a chain of known
 * calls returns (`var results = plan.simulate()`), and static calls on the class itself. Where
 * facts give a method's signatures, a call's arguments must fit one of them (count, and the types
 * literals, casts and stated variables show). A class whose name two packages share is checked
 * where the block or its page shows which one it is (`meansPackage`).
 */
export function checkJvmMethods(original: string, given: Facts, report: Report, pageImports = ''): void {
  if (given.javaMethods.size === 0 && given.javaMethodVariants.size === 0) return;
  const code = blankStrings(original);
  let javaMethods = given.javaMethods;
  const ambiguous = [...javaMethods].filter(
    ([name, c]) => c.package !== undefined && !meansPackage(name, c.package, code, pageImports, given),
  );
  if (ambiguous.length) {
    javaMethods = new Map(javaMethods);
    for (const [name] of ambiguous) javaMethods.delete(name);
  }
  // A name two listed classes share: the one the block means, if it shows which.
  for (const [name, variants] of given.javaMethodVariants) {
    const meant = variants.filter(
      (c) => c.package !== undefined && meansPackage(name, c.package, code, pageImports, given),
    );
    if (meant.length !== 1 || !meant[0]) continue;
    if (javaMethods === given.javaMethods) javaMethods = new Map(javaMethods);
    javaMethods.set(name, meant[0]);
  }
  // Kotlin extension functions the sample declares (`fun Windows.closeGaps(…)`) are methods of
  // their class in that sample.
  const extensions = [...code.matchAll(/\bfun\s+(?:<[^>]*>\s*)?([A-Z]\w*)\s*\.\s*([A-Za-z_]\w*)\s*\(/g)];
  if (extensions.some((m) => javaMethods.has(m[1] ?? ''))) {
    javaMethods = new Map(javaMethods);
    for (const [, cls = '', method = ''] of extensions) {
      const known = javaMethods.get(cls);
      if (known) javaMethods.set(cls, {...known, methods: new Set([...known.methods, method])});
    }
  }
  const facts: Facts = javaMethods === given.javaMethods ? given : {...given, javaMethods};
  if (facts.javaMethods.size === 0) return;
  // Every declaration the text shows, in order: `Type name` (Java; a primitive, a listed class or
  // any other type), `name: Type` (Kotlin), and names of unknown type (`var`/`val`, lambda parameters).
  const decls = new Map<string, {at: number; type: string}[]>();
  const declare = (name: string, at: number, type: string) =>
    decls.set(
      name,
      [...(decls.get(name) ?? []), {at, type}].sort((x, y) => x.at - y.at),
    );
  const javaDecl =
    /\b([A-Za-z_]\w*)(?:<[^<>;]*(?:<[^<>;]*>[^<>;]*)*>)?((?:\[\])*)\s+([a-z_]\w*|[A-Z][A-Z\d_]*)\b(?=\s*[,)=;:])/g;
  const NOT_TYPES = new Set(
    'return new throw throws else case default final var val import package yield assert do try instanceof extends implements static public private protected abstract synchronized volatile transient sealed permits in is as'.split(
      ' ',
    ),
  );
  for (const m of code.matchAll(javaDecl)) {
    const [, type = '', dims = '', name = ''] = m;
    // A type variable (`T value`) says nothing about the value.
    if (!NOT_TYPES.has(type)) declare(name, m.index, /^[A-Z]\d?$/.test(type) ? '?' : type + dims);
  }
  for (const m of code.matchAll(/(?:\b(?:val|var)\s+|[(,]\s*)([a-z_]\w*)\s*:\s*([A-Z]\w*)\b/g))
    declare(m[1] ?? '', m.index, m[2] ?? '');
  // An untyped `var`/`val` (Kotlin's `val x: Type` is read above).
  for (const m of code.matchAll(/\b(?:var|val)\s+([a-z_]\w*)\b(?!\s*:)/g)) declare(m[1] ?? '', m.index, '?');
  for (const m of code.matchAll(/(?:\(([\w\s,]*)\)|\b([a-z_]\w*))\s*->/g))
    for (const name of (m[1] ?? m[2] ?? '').split(',')) if (name.trim()) declare(name.trim(), m.index, '?');
  const typeAt = (name: string, at: number): string | undefined => {
    const list = decls.get(name);
    if (!list) return undefined;
    const before = list.filter((d) => d.at < at).at(-1);
    if (before) return before.type;
    return new Set(list.map((d) => d.type)).size === 1 ? list[0]?.type : undefined;
  };
  const scope: Scope = {facts, typeAt};
  // `var x = receiver.call(…)…` (Java `var`, Kotlin `val`/`var`): the class its chain ends with.
  for (const m of code.matchAll(/\b(?:var|val)\s+([a-z_]\w*)\s*=\s*([A-Za-z_]\w*)\b/g)) {
    const receiver = m[2] ?? '';
    const declared = typeAt(receiver, m.index);
    const isVar = declared !== undefined && facts.javaMethods.has(declared);
    const type = isVar ? declared : facts.javaMethods.has(receiver) && !declared ? receiver : undefined;
    if (!type) continue;
    const rest = m.index + m[0].length;
    // A copy of a typed variable, or a chain of calls (a bare class name is no value of it).
    if (!isVar && !/^\s*\./.test(code.slice(rest))) continue;
    const result = followChain(code, rest, type, scope, null).type;
    const entry = decls.get(m[1] ?? '')?.find((d) => d.at === m.index);
    if (result && entry) entry.type = result;
  }
  const typed = [...decls].filter(([, list]) => list.some((d) => facts.javaMethods.has(d.type))).map(([n]) => n);
  const receivers = [...new Set([...typed, ...facts.javaMethods.keys()])];
  const use = new RegExp(`(?<![\\w.])(${receivers.join('|')})(?=\\s*\\.\\s*[A-Za-z_])`, 'g');
  for (const m of code.matchAll(use)) {
    const name = m[1] ?? '';
    const declared = typeAt(name, m.index);
    const type = declared === undefined && facts.javaMethods.has(name) ? name : declared;
    if (type && facts.javaMethods.has(type)) followChain(code, m.index + name.length, type, scope, report);
  }
  checkImplementations(code, facts, report);
}

function isOwnPackage(pkg: string, facts: Facts, extra: Set<string>): boolean {
  const owned = [...facts.modelPackages, ...extra];
  return owned.some((p) => pkg === p || pkg.startsWith(`${p}.`));
}

/** Why an `import dev.orrery…` names nothing public, or null when it is fine. */
export function importProblem(
  path: string,
  isStatic: boolean,
  wildcard: boolean,
  facts: Facts,
  extraPackages: Set<string>,
): string | null {
  const parts = path.split('.');
  if (wildcard && !isStatic) {
    if (facts.javaPackages.has(path) || isOwnPackage(path, facts, extraPackages)) return null;
    return `package ${path} is not public (facts/facts.yaml java, or an example model's package)`;
  }
  // Longest known public package that prefixes the path.
  for (let n = parts.length - 1; n > 0; n--) {
    const pkg = parts.slice(0, n).join('.');
    const classes = facts.javaPackages.get(pkg);
    if (!classes) continue;
    const cls = parts[n] ?? '';
    if (classes.has(cls)) return null;
    const home = [...facts.javaPackages].filter(([, c]) => c.has(cls)).map(([p]) => p);
    return `${cls} is not in ${pkg}${home.length ? ` (it is in ${home.join(', ')})` : ''} (facts/facts.yaml java)`;
  }
  if (isOwnPackage(parts.slice(0, -1).join('.'), facts, extraPackages) || isOwnPackage(path, facts, extraPackages))
    return null;
  return `${path} is in no public package (facts/facts.yaml java, or an example model's package)`;
}

// ------------------------------------------------------- JSON and YAML data

const DIRECTIVE_KEYS = ['arguments', 'start_offset', 'startOffset', 'anchor_id', 'anchored_to_start', 'anchorId'];

function findLine(code: string, patterns: RegExp[], fallback: number): number {
  for (const re of patterns) {
    const m = re.exec(code);
    if (m) return lineAt(code, m.index);
  }
  return fallback;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Walks parsed JSON or YAML data: objects with a `type` beside `arguments`,
 * `start_offset` or an anchor are directives (type and argument names
 * checked), `associated_activity_type` names a preset's type, and `status`
 * holds a status word. Lines are found by searching the text.
 */
export function checkDataNames(value: unknown, code: string, facts: Facts, report: Report): void {
  const keyLine = (key: string, val?: string) =>
    findLine(
      code,
      val === undefined
        ? [new RegExp(`["']?${esc(key)}["']?\\s*:`)]
        : [new RegExp(`["']?${esc(key)}["']?\\s*:\\s*["']?${esc(val)}\\b`), new RegExp(`["']${esc(val)}["']`)],
      1,
    );
  // The table a value sits under: a key that names a table (or a root field of one) starts it,
  // a relationship's key moves to its target.
  const walk = (v: unknown, table: string | null = null): void => {
    if (Array.isArray(v)) return v.forEach((item) => walk(item, table));
    if (!v || typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    const args = o.arguments;
    const argNames = (type: string) => {
      if (args && typeof args === 'object' && !Array.isArray(args)) {
        const from = code.search(new RegExp(`["']?(type|associated_activity_type)["']?\\s*:\\s*["']?${esc(type)}\\b`));
        const names = Object.keys(args).map((k) => {
          const rest = from >= 0 ? code.slice(from) : code;
          const m = new RegExp(`["']?${esc(k)}["']?\\s*:`).exec(rest);
          return {name: k, line: m ? lineAt(code, (from >= 0 ? from : 0) + m.index) : 1};
        });
        checkArgumentNames(facts, type, names, report);
      }
    };
    if (typeof o.type === 'string' && DIRECTIVE_KEYS.some((k) => k in o)) {
      if (checkType(facts, o.type, keyLine('type', o.type), report)) argNames(o.type);
    }
    if (typeof o.associated_activity_type === 'string') {
      const t = o.associated_activity_type;
      if (checkType(facts, t, keyLine('associated_activity_type', t), report)) argNames(t);
    }
    if (typeof o.status === 'string') checkStatus(facts, o.status, keyLine('status', o.status), report, table);
    for (const [key, child] of Object.entries(o)) walk(child, tableWithin(facts, table, key));
  };
  walk(value);
}
