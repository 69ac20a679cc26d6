// Name checks: activity types, argument names, resources, status words and
// Java/Kotlin imports stated in a sample, against facts/facts.yaml.
import ts from 'typescript';
import type {Facts} from './facts.ts';
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

export function checkJvmNames(code: string, facts: Facts, extraPackages: Set<string>, report: Report): void {
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
  checkJvmMethods(code, facts, report);
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

/**
 * Follows the calls chained on a receiver of class `type` from `at` (`.a(…)` then `.b(…)`, across
 * lines), reporting a method the class does not have; gives the class the chain ends with, when
 * every call of it is known.
 */
function followChain(code: string, at: number, type: string, facts: Facts, report: Report | null): string | undefined {
  let current: string | undefined = type;
  let i = at;
  const call = /\s*\.\s*([A-Za-z_]\w*)\s*(?=\()/y;
  while (current) {
    call.lastIndex = i;
    const m = call.exec(code);
    if (!m) return current;
    const cls = facts.javaMethods.get(current);
    if (!cls) return undefined;
    const method = m[1] ?? '';
    if (!cls.methods.has(method) && !OBJECT_METHODS.has(method)) {
      report?.(
        lineAt(code, m.index + m[0].indexOf(method)),
        'name-method',
        `${method}() is not a method of ${current} (facts/facts.yaml javaMethods: ${[...cls.methods].join(', ')})`,
      );
      return undefined;
    }
    current = cls.returns.get(method);
    i = pastParens(code, call.lastIndex);
  }
  return current;
}

/**
 * Calls on the classes of facts.yaml `javaMethods`: on a variable whose type the sample states
 * (Java `EditablePlan plan`, Kotlin `plan: EditablePlan`) or that holds what a chain of known
 * calls returns (`var results = plan.simulate()`), and static calls on the class itself.
 */
export function checkJvmMethods(original: string, given: Facts, report: Report): void {
  if (given.javaMethods.size === 0) return;
  const code = blankStrings(original);
  // Kotlin extension functions the sample declares (`fun Windows.closeGaps(…)`) are methods of
  // their class in that sample.
  let facts = given;
  const extensions = [...code.matchAll(/\bfun\s+(?:<[^>]*>\s*)?([A-Z]\w*)\s*\.\s*([A-Za-z_]\w*)\s*\(/g)];
  if (extensions.some((m) => given.javaMethods.has(m[1] ?? ''))) {
    const javaMethods = new Map(given.javaMethods);
    for (const [, cls = '', method = ''] of extensions) {
      const known = javaMethods.get(cls);
      if (known) javaMethods.set(cls, {...known, methods: new Set([...known.methods, method])});
    }
    facts = {...given, javaMethods};
  }
  const classes = [...facts.javaMethods.keys()].join('|');
  const vars = new Map<string, string>();
  const javaDecl = new RegExp(`\\b(${classes})(?:<[^<>;]*>)?\\s+([a-z_]\\w*)\\b(?=\\s*[,)=;:])`, 'g');
  for (const m of code.matchAll(javaDecl)) vars.set(m[2] ?? '', m[1] ?? '');
  const kotlinDecl = new RegExp(`\\b([a-z_]\\w*)\\s*:\\s*(${classes})\\b`, 'g');
  for (const m of code.matchAll(kotlinDecl)) vars.set(m[1] ?? '', m[2] ?? '');
  // `var x = receiver.call(…)…` (Java `var`, Kotlin `val`/`var`): the class its chain ends with.
  for (const m of code.matchAll(/\b(?:var|val)\s+([a-z_]\w*)\s*=\s*([A-Za-z_]\w*)\b/g)) {
    const receiver = m[2] ?? '';
    const type = vars.get(receiver) ?? (facts.javaMethods.has(receiver) ? receiver : undefined);
    if (!type) continue;
    const rest = m.index + m[0].length;
    // A copy of a typed variable, or a chain of calls (a bare class name is no value of it).
    if (!vars.has(receiver) && !/^\s*\./.test(code.slice(rest))) continue;
    const result = followChain(code, rest, type, facts, null);
    if (result) vars.set(m[1] ?? '', result);
  }
  const receivers = [...new Set([...vars.keys(), ...facts.javaMethods.keys()])];
  const use = new RegExp(`(?<![\\w.])(${receivers.join('|')})(?=\\s*\\.\\s*[A-Za-z_]\\w*\\s*\\()`, 'g');
  for (const m of code.matchAll(use)) {
    const name = m[1] ?? '';
    followChain(code, m.index + name.length, vars.get(name) ?? name, facts, report);
  }
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
