// Loads facts/facts.yaml into the lookups the name checks use.
import {readFileSync} from 'node:fs';
import {parse} from 'yaml';

export interface ApiTable {
  columns: string[];
  pk?: string[];
  view?: boolean;
  /** name -> table (object relationship) or [table] (array relationship). */
  relationships?: Record<string, string | string[]>;
  /** The `statuses` set its `status` column holds, when it has one. */
  status?: string;
  /** The release that added it (`x.y.z`); samples of earlier releases' docs cannot use it. */
  since?: string;
}

export type ApiReturns = string[] | Record<string, unknown>;

export interface ApiAction {
  kind: 'query' | 'mutation';
  args?: Record<string, string>;
  returns: ApiReturns;
  /** The release that added it (`x.y.z`). */
  since?: string;
}

export interface Facts {
  /** The release the facts describe (`orreryVersion`). */
  version: string;
  /** Activity type -> its parameter names (union over the models that have the type). */
  types: Map<string, Set<string>>;
  resources: Set<string>;
  statuses: Set<string>;
  /** Each status set of facts.yaml `statuses` by name. */
  statusSets: Map<string, Set<string>>;
  /** Java package -> public classes. */
  javaPackages: Map<string, Set<string>>;
  /** Packages of the example models (their subpackages count too). */
  modelPackages: string[];
  /** Public class -> its methods (with those of the class it extends) and what some return. */
  javaMethods: Map<string, JavaClass>;
  /**
   * Classes of one name in two packages, each with an entry (`Duration`): a sample is checked
   * against the one it means (names.ts `meansPackage`), or neither.
   */
  javaMethodVariants: Map<string, JavaClass[]>;
  /** The declarative eDSL's namespaces (`Windows`, `Goal`, …) -> their static members. */
  edsl: Map<string, Set<string>>;
  /** The `orrery` CLI's commands (`login`, `model upload`) -> their `--options`. */
  cli: Map<string, Set<string>>;
  /** Orrery's environment variables (`ORRERY_…`), with the release that added each when known. */
  env: Map<string, {since?: string}>;
  api: {tables: Record<string, ApiTable>; actions: Record<string, ApiAction>};
}

/** One Java signature of facts.yaml `javaMethods.<class>.signatures`, as read from its text. */
export interface JavaSignature {
  /** The text as facts.yaml gives it (`Duration times(long factor)`). */
  text: string;
  name: string;
  isStatic: boolean;
  isDefault: boolean;
  /** Parameter types (`long`, `Duration`, `Function<T, R>`); the last one of a varargs method ends with `...`. */
  params: string[];
  /** Type variables the signature and its class declare (`T`, `R`): any argument fits them. */
  typeVars: Set<string>;
}

/** A class of facts.yaml `javaMethods`, with what it inherits from the class it `extends`. */
export interface JavaClass {
  methods: Set<string>;
  /** Method -> the listed class it returns (from `returns` and from the signatures). */
  returns: Map<string, string>;
  /** Static constants of the class's own type (`Duration.MINUTE`). */
  constants: Set<string>;
  /** Method -> its signatures, where facts.yaml gives them: a call must fit one of them. */
  signatures: Map<string, JavaSignature[]>;
  /** An interface's abstract methods: a sample class that implements it declares each one. */
  abstract: Set<string>;
  /** Its package, given when two public packages have a class of that name (`Duration`). */
  package?: string;
  /** The listed classes it extends, nearest first. */
  supers: string[];
}

interface RawJavaClass {
  methods?: string[];
  extends?: string;
  returns?: Record<string, string>;
  constants?: string[];
  signatures?: string[];
  interface?: boolean;
  package?: string;
}

/** Splits at the commas outside brackets (`<`, `(`, `[`, `{`). */
export function splitTopLevel(text: string, generics = true): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] ?? '';
    if ('([{'.includes(c) || (generics && c === '<')) depth++;
    else if (')]}'.includes(c) || (generics && c === '>' && depth > 0)) depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim());
}

const SIGNATURE = /^((?:(?:static|default)\s+)*)(?:<([^>]*)>\s*)?([\w.<>?,\s[\]]+?)\s+([A-Za-z_]\w*)\s*\((.*)\)$/;

/** Reads `static Duration of(long amount, Duration unit)` (a class's type variables given). */
export function parseSignature(text: string, classVars: string[] = []): JavaSignature | null {
  const m = SIGNATURE.exec(text.trim());
  if (!m) return null;
  const list = (m[5] ?? '').trim();
  const params = list ? splitTopLevel(list).map((p) => p.replace(/\s+[A-Za-z_]\w*$/, '').trim()) : [];
  if (params.some((p) => !p || p.slice(0, -3).includes('...'))) return null;
  const typeVars = new Set([...classVars, ...splitTopLevel(m[2] ?? '').map((v) => v.split(/\s/)[0] ?? '')]);
  typeVars.delete('');
  return {
    text: text.trim(),
    name: m[4] ?? '',
    isStatic: /\bstatic\b/.test(m[1] ?? ''),
    isDefault: /\bdefault\b/.test(m[1] ?? ''),
    params,
    typeVars,
  };
}

interface RawModel {
  package?: string;
  activityTypes?: Record<string, {parameters?: Record<string, unknown> | null}>;
  resources?: Record<string, unknown>;
}

interface RawFacts {
  orreryVersion?: string;
  models?: Record<string, RawModel | null>;
  statuses?: Record<string, string[]>;
  java?: Record<string, string[]>;
  javaMethods?: Record<string, RawJavaClass>;
  edsl?: Record<string, string[]>;
  cli?: Record<string, {options?: string[]} | null>;
  env?: Record<string, {since?: string} | null>;
  api?: {tables?: Record<string, ApiTable>; actions?: Record<string, ApiAction>};
}

/** `x.y.z` as a number that orders releases. */
export const releaseKey = (v: string): number => v.split('.').reduce((n, part) => n * 1000 + Number(part), 0);

export function factsFromYaml(text: string): Facts {
  const raw = (parse(text) ?? {}) as RawFacts;
  const types = new Map<string, Set<string>>();
  const resources = new Set<string>();
  const modelPackages: string[] = [];
  for (const model of Object.values(raw.models ?? {})) {
    if (!model) continue;
    if (model.package) modelPackages.push(model.package);
    for (const [name, type] of Object.entries(model.activityTypes ?? {})) {
      const params = types.get(name) ?? new Set<string>();
      for (const p of Object.keys(type?.parameters ?? {})) params.add(p);
      types.set(name, params);
    }
    for (const r of Object.keys(model.resources ?? {})) resources.add(r);
  }
  const statuses = new Set<string>();
  const statusSets = new Map<string, Set<string>>();
  for (const [name, words] of Object.entries(raw.statuses ?? {})) {
    statusSets.set(name, new Set(words.map(String)));
    for (const w of words) statuses.add(String(w));
  }
  const tables = raw.api?.tables ?? {};
  for (const [table, def] of Object.entries(tables)) {
    if (def.status !== undefined && !statusSets.has(def.status))
      throw new Error(
        `facts/facts.yaml: api.tables.${table}.status names "${def.status}", which is not a set of statuses`,
      );
    if (def.status !== undefined && !def.columns.includes('status'))
      throw new Error(`facts/facts.yaml: api.tables.${table} has a status set but no status column`);
  }
  const version = String(raw.orreryVersion ?? '');
  const entries: [string, {since?: string}][] = [
    ...Object.entries(tables).map(([n, t]): [string, {since?: string}] => [`api.tables.${n}`, t]),
    ...Object.entries(raw.api?.actions ?? {}).map(([n, a]): [string, {since?: string}] => [`api.actions.${n}`, a]),
  ];
  for (const [where, {since}] of entries) {
    if (since === undefined) continue;
    if (!/^\d+\.\d+\.\d+$/.test(String(since)) || (version && releaseKey(String(since)) > releaseKey(version)))
      throw new Error(
        `facts/facts.yaml: ${where}.since must be a release x.y.z no later than ${version}, got "${since}"`,
      );
  }
  const javaPackages = new Map<string, Set<string>>();
  for (const [pkg, classes] of Object.entries(raw.java ?? {})) javaPackages.set(pkg, new Set(classes));
  // A key is a class's simple name, or `<package>.<Class>` when two packages' classes of one name
  // each have an entry.
  const rawClasses = Object.entries(raw.javaMethods ?? {}).map(([key, def]) => {
    const dot = key.lastIndexOf('.');
    const name = key.slice(dot + 1);
    const pkg = dot < 0 ? def.package : key.slice(0, dot);
    if (dot >= 0 && def.package !== undefined && def.package !== pkg)
      throw new Error(`facts/facts.yaml: javaMethods ${key} has package "${def.package}" too`);
    return {key, name, def: {...def, package: pkg}};
  });
  const keysOf = (name: string) => rawClasses.filter((c) => c.name === name);
  /** The entry a simple name means where `from` mentions it: its only one, or the one in `from`'s package. */
  const resolve = (name: string, from: {key: string; def: RawJavaClass}) => {
    const all = keysOf(name);
    if (all.length <= 1) return all[0];
    const same = all.filter((c) => c.def.package === from.def.package);
    if (same.length === 1) return same[0];
    throw new Error(
      `facts/facts.yaml: javaMethods ${from.key} names ${name}, which ${all.map((c) => c.key).join(' and ')} both are`,
    );
  };
  const built = new Map<string, JavaClass>();
  const classOf = (key: string, seen: string[] = []): JavaClass => {
    const known = built.get(key);
    if (known) return known;
    const found = rawClasses.find((c) => c.key === key);
    if (!found)
      throw new Error(`facts/facts.yaml: javaMethods ${seen.at(-1) ?? ''} extends "${key}", which is not listed`);
    const {name, def} = found;
    if (seen.includes(key)) throw new Error(`facts/facts.yaml: javaMethods ${key} extends itself`);
    const homes = [...javaPackages].filter(([, classes]) => classes.has(name)).map(([pkg]) => pkg);
    if (homes.length === 0) throw new Error(`facts/facts.yaml: javaMethods ${key} is in no package of \`java\``);
    if (def.package !== undefined && !homes.includes(def.package))
      throw new Error(
        `facts/facts.yaml: javaMethods ${key}.package is "${def.package}", which \`java\` does not give it`,
      );
    if (homes.length > 1 && def.package === undefined)
      throw new Error(`facts/facts.yaml: javaMethods ${key} needs a package: ${homes.join(' and ')} both have one`);
    const parentKey = def.extends ? (resolve(def.extends, found)?.key ?? def.extends) : undefined;
    const parent = parentKey ? classOf(parentKey, [...seen, key]) : undefined;
    const own = new Map<string, JavaSignature[]>();
    for (const text of def.signatures ?? []) {
      const sig = parseSignature(String(text));
      if (!sig) throw new Error(`facts/facts.yaml: javaMethods ${key}: cannot read the signature "${text}"`);
      if (!(def.methods ?? []).includes(sig.name))
        throw new Error(`facts/facts.yaml: javaMethods ${key}: signature "${text}" is of no method it lists`);
      own.set(sig.name, [...(own.get(sig.name) ?? []), sig]);
    }
    const signatures = new Map(parent?.signatures ?? []);
    for (const [method, sigs] of own) signatures.set(method, [...(signatures.get(method) ?? []), ...sigs]);
    // A listed class a signature returns (`Duration times(long factor)`, `DiscreteResource<R> map(…)`).
    const sigReturns: [string, string][] = [];
    for (const text of def.signatures ?? []) {
      const m = /^(?:(?:static|default)\s+)*(?:<[^>]*>\s*)?([A-Za-z_]\w*)/.exec(String(text).trim());
      const sig = parseSignature(String(text));
      if (m?.[1] && sig && keysOf(m[1]).length) sigReturns.push([sig.name, m[1]]);
    }
    const entry: JavaClass = {
      methods: new Set([...(parent?.methods ?? []), ...(def.methods ?? [])]),
      returns: new Map([...(parent?.returns ?? []), ...sigReturns, ...Object.entries(def.returns ?? {})]),
      constants: new Set([...(parent?.constants ?? []), ...(def.constants ?? []).map(String)]),
      signatures,
      abstract: new Set(
        def.interface
          ? [...own.values()].flat().flatMap((sig) => (sig.isStatic || sig.isDefault ? [] : [sig.name]))
          : [],
      ),
      package: def.package,
      supers: parent ? [def.extends ?? '', ...parent.supers] : [],
    };
    for (const [method, type] of entry.returns) {
      if (!entry.methods.has(method))
        throw new Error(`facts/facts.yaml: javaMethods ${key} returns from ${method}, not a method of it`);
      if (!keysOf(type).length)
        throw new Error(`facts/facts.yaml: javaMethods ${key}.${method} returns "${type}", which is not listed`);
    }
    built.set(key, entry);
    return entry;
  };
  const javaMethods = new Map<string, JavaClass>();
  const javaMethodVariants = new Map<string, JavaClass[]>();
  for (const {key, name} of rawClasses) {
    const entry = classOf(key);
    if (keysOf(name).length === 1) javaMethods.set(name, entry);
    else javaMethodVariants.set(name, [...(javaMethodVariants.get(name) ?? []), entry]);
  }
  const edsl = new Map<string, Set<string>>();
  for (const [namespace, members] of Object.entries(raw.edsl ?? {})) {
    if (!Array.isArray(members) || members.length === 0)
      throw new Error(`facts/facts.yaml: edsl.${namespace} must list its static members`);
    edsl.set(namespace, new Set(members.map(String)));
  }
  const cli = new Map<string, Set<string>>();
  for (const [command, entry] of Object.entries(raw.cli ?? {})) {
    const options = entry?.options ?? [];
    if (!/^[a-z]+( [a-z]+)?$/.test(command) || options.some((o) => !/^--[a-z][\w-]*$/.test(String(o))))
      throw new Error(`facts/facts.yaml: cli."${command}" must be one or two lower-case words with --options`);
    cli.set(command, new Set(options.map(String)));
  }
  const env = new Map<string, {since?: string}>();
  for (const [name, entry] of Object.entries(raw.env ?? {})) {
    const since = entry?.since === undefined ? undefined : String(entry.since);
    if (!/^ORRERY_[A-Z0-9_]*[A-Z0-9]$/.test(name) || (since !== undefined && !/^\d+\.\d+\.\d+$/.test(since)))
      throw new Error(`facts/facts.yaml: env.${name} must be an ORRERY_ name, with since: x.y.z if given`);
    env.set(name, since === undefined ? {} : {since});
  }
  return {
    version,
    types,
    resources,
    statuses,
    statusSets,
    javaPackages,
    modelPackages,
    javaMethods,
    javaMethodVariants,
    edsl,
    cli,
    env,
    api: {tables, actions: raw.api?.actions ?? {}},
  };
}

export function loadFacts(path = 'facts/facts.yaml'): Facts {
  return factsFromYaml(readFileSync(path, 'utf8'));
}

/**
 * The API as it was in `release`: tables and actions with a later `since` left out, and the
 * relationships that lead to a table left out with it.
 */
export function apiAt(api: Facts['api'], release: string): Facts['api'] {
  const at = releaseKey(release);
  const exists = (since: string | undefined) => since === undefined || releaseKey(since) <= at;
  const tables: Record<string, ApiTable> = {};
  for (const [name, table] of Object.entries(api.tables)) {
    if (!exists(table.since)) continue;
    tables[name] = table;
  }
  for (const [name, table] of Object.entries(tables)) {
    if (!table.relationships) continue;
    const kept = Object.entries(table.relationships).filter(([, target]) => {
      const t = Array.isArray(target) ? String(target[0]) : target;
      return t in tables;
    });
    if (kept.length !== Object.keys(table.relationships).length)
      tables[name] = {...table, relationships: Object.fromEntries(kept)};
  }
  const actions = Object.fromEntries(Object.entries(api.actions).filter(([, a]) => exists(a.since)));
  return {tables, actions};
}
