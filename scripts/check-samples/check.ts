// The code-sample checker's engine: parses each block with a real parser for
// its language and checks the names it states against facts/facts.yaml.
// cspell:words libpg
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import Handlebars from 'handlebars';
import * as pg from 'libpg-query';
import ts from 'typescript';
import {parseAllDocuments} from 'yaml';
import type {GraphQLSchema} from 'graphql';
import {checkCli} from './cli.ts';
import {checkEnv, pageRelease} from './env.ts';
import {extractBlocks, type CodeBlock} from './extract.ts';
import {apiAt, releaseKey, type Facts} from './facts.ts';
import {buildApiSchema, checkGraphql} from './graphql-api.ts';
import {checkDataNames, checkJvmNames, checkTsNames, declaredPackages, lineAt} from './names.ts';
import {checkNginxBlocks, nginxAvailable} from './nginx.ts';
import {checkResponses} from './response.ts';
import type {Problem, Report} from './types.ts';
import {checkXml} from './xml.ts';

const LANGS: Record<string, string> = {
  json: 'json',
  yaml: 'yaml',
  yml: 'yaml',
  graphql: 'graphql',
  gql: 'graphql',
  typescript: 'ts',
  ts: 'ts',
  tsx: 'ts',
  javascript: 'ts',
  js: 'ts',
  jsx: 'ts',
  mjs: 'ts',
  cjs: 'ts',
  java: 'java',
  kotlin: 'kotlin',
  kt: 'kotlin',
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  sql: 'sql',
  handlebars: 'handlebars',
  hbs: 'handlebars',
  nginx: 'nginx',
  python: 'python',
  py: 'python',
  xml: 'xml',
  properties: 'properties',
  ini: 'properties',
  dotenv: 'properties',
  env: 'properties',
};

export interface CheckOptions {
  facts: Facts;
  /** Names the samples of the whole tree declare (default: those of `blocks`), so a run on a few files resolves the same. */
  declared?: Declared;
  /** Test nginx blocks with `nginx -t` (default: when nginx is on PATH). */
  nginx?: boolean;
}

export interface CheckResult {
  problems: Problem[];
  notes: string[];
  blocks: number;
  /** Blocks parsed, by checker language. */
  parsed: Record<string, number>;
  /** Blocks with a language no parser here reads. */
  unparsed: Record<string, number>;
}

/** A block marked with the meta word `fragment`. */
export const isFragment = (b: CodeBlock) => b.metaWords.includes('fragment');
/** A block marked `invalid`: it shows what Orrery refuses (a misspelled argument, say); parsed, names not checked. */
export const isInvalidOnPurpose = (b: CodeBlock) => b.metaWords.includes('invalid');
/** The release a page documents: its `versioned_docs/version-x.y.z/` folder, else the current one. */
export function releaseOf(file: string, current: string): string {
  return /(?:^|\/)versioned_docs\/version-(\d+\.\d+\.\d+)\//.exec(file.split('\\').join('/'))?.[1] ?? current;
}

/**
 * A block that shows an older release's API: its title or the line that leads
 * into it starts with "Before" (`title="Before (2.4.0)"`, "Before (2.4.0):"),
 * or names an earlier release in parentheses ("After (1.2.0): …"). Such a
 * block is parsed, but its API fields, imports and status words are not held
 * to the current release's facts (activity types, arguments and resources are:
 * the example mission is the same).
 */
export function isHistoric(b: CodeBlock, current: string): boolean {
  const title = /\btitle=(?:"([^"]*)"|'([^']*)')/.exec(b.meta);
  const labels = [title?.[1] ?? title?.[2] ?? '', /:$/.test(b.lead) ? b.lead : ''];
  return labels.some((label) => {
    if (/^\W*Before\b/.test(label)) return true;
    const v = /\((\d+\.\d+\.\d+)\b/.exec(label);
    return !!v && !!current && releaseKey(v[1] ?? '') < releaseKey(current);
  });
}

/** Rules a historic block is not held to. */
const CURRENT_ONLY = new Set(['api-graphql', 'name-edsl', 'name-env', 'name-import', 'name-method', 'name-status']);

let pgReady: Promise<void> | undefined;
// java-parser is an ES module only (its parser library cannot be required), so it is imported dynamically.
let javaParse: ((text: string) => unknown) | undefined;

async function loadJava(): Promise<(text: string) => unknown> {
  javaParse ??= (await import('java-parser')).parse;
  return javaParse;
}
const schemaCache = new WeakMap<Facts['api'], GraphQLSchema>();

function schemaFor(facts: Facts): GraphQLSchema {
  let schema = schemaCache.get(facts.api);
  if (!schema) {
    schema = buildApiSchema(facts.api);
    schemaCache.set(facts.api, schema);
  }
  return schema;
}

export function blocksOf(files: string[]): CodeBlock[] {
  return files.flatMap((f) => extractBlocks(f, readFileSync(f, 'utf8')));
}

/** Names the samples themselves introduce: Java/Kotlin packages and external dataset profiles. */
export interface Declared {
  packages: Set<string>;
  /** Profile names of external datasets (`{"datasetStart": …, "profiles": {"<name>": …}}`). */
  profiles: Set<string>;
}

export function collectDeclared(blocks: CodeBlock[]): Declared {
  const packages = new Set<string>();
  const profiles = new Set<string>();
  for (const b of blocks) {
    const lang = LANGS[b.lang];
    if (lang === 'java' || lang === 'kotlin') declaredPackages(b.code).forEach((p) => packages.add(p));
    if (lang === 'json' && b.code.includes('"profiles"')) {
      try {
        const walk = (v: unknown): void => {
          if (!v || typeof v !== 'object') return;
          const o = v as Record<string, unknown>;
          if ('datasetStart' in o && o.profiles && typeof o.profiles === 'object')
            Object.keys(o.profiles).forEach((k) => profiles.add(k));
          Object.values(o).forEach(walk);
        };
        walk(JSON.parse(b.code));
      } catch {
        // Not JSON: the block's own check reports it.
      }
    }
  }
  return {packages, profiles};
}

export async function checkBlocks(blocks: CodeBlock[], opts: CheckOptions): Promise<CheckResult> {
  const own = opts.declared ?? collectDeclared(blocks);
  // External dataset profiles are read by name like resources.
  const current: Facts = {...opts.facts, resources: new Set([...opts.facts.resources, ...own.profiles])};
  // The docs of an earlier release are held to the API of that release (facts' `since`).
  const byRelease = new Map<string, Facts>([[current.version, current]]);
  const factsOf = (file: string): Facts => {
    const release = releaseOf(file, current.version);
    let f = byRelease.get(release);
    if (!f) {
      f = {...current, api: apiAt(current.api, release)};
      byRelease.set(release, f);
    }
    return f;
  };
  const declared = new Set([...own.packages].filter((p) => !current.javaPackages.has(p)));
  const problems: Problem[] = [];
  const notes: string[] = [];
  const parsed: Record<string, number> = {};
  const unparsed: Record<string, number> = {};
  // The import lines of each page's Java and Kotlin blocks: which of two same-named classes a block means.
  const importsOf = new Map<string, string>();
  for (const b of blocks) {
    const lang = LANGS[b.lang];
    if (lang !== 'java' && lang !== 'kotlin') continue;
    const lines = b.code.split('\n').filter((l) => /^\s*import\s/.test(l));
    importsOf.set(b.file, [importsOf.get(b.file) ?? '', ...lines].filter(Boolean).join('\n'));
  }
  const bash: {block: CodeBlock; report: Report}[] = [];
  const python: {block: CodeBlock; report: Report}[] = [];
  const nginx: {block: CodeBlock; report: Report}[] = [];

  /** A block's reporter: its `fragment`, `invalid` and release marks decide what is kept. */
  const reporterOf = (block: CodeBlock): Report => {
    const fragment = isFragment(block);
    const historic = isHistoric(block, factsOf(block.file).version);
    const invalid = isInvalidOnPurpose(block);
    return (line, rule, message) => {
      if (fragment && rule.startsWith('parse-')) return;
      if (historic && CURRENT_ONLY.has(rule)) return;
      if (invalid && !rule.startsWith('parse-')) return;
      problems.push({file: block.file, line: block.line + Math.max(1, line), rule, message});
    };
  };

  for (const block of blocks) {
    const lang = LANGS[block.lang];
    const facts = factsOf(block.file);
    const report = reporterOf(block);
    if (block.lang === 'console') checkCli(block.code, facts, report, true);
    checkEnv(block.code, facts, pageRelease(block.file, current.version), report);
    if (!lang) {
      const key = block.lang || '(none)';
      unparsed[key] = (unparsed[key] ?? 0) + 1;
      continue;
    }
    parsed[lang] = (parsed[lang] ?? 0) + 1;
    const fragment = isFragment(block);
    const code = block.code;
    switch (lang) {
      case 'json':
        checkJson(code, fragment, facts, report);
        break;
      case 'yaml':
        checkYaml(code, facts, report);
        break;
      case 'graphql':
        checkGraphql(code, facts, schemaFor(facts), report, {fragment});
        break;
      case 'ts':
        checkTs(block, facts, report, fragment);
        break;
      case 'java':
        if (!fragment) checkJavaSyntax(await loadJava(), code, report);
        checkJvmNames(code, facts, declared, report, importsOf.get(block.file));
        break;
      case 'kotlin':
        checkJvmNames(code, facts, declared, report, importsOf.get(block.file));
        break;
      case 'bash':
        bash.push({block, report});
        checkCli(code, facts, report);
        break;
      case 'python':
        python.push({block, report});
        break;
      case 'nginx':
        nginx.push({block, report});
        break;
      case 'sql':
        await checkSql(code, report);
        break;
      case 'handlebars':
        try {
          Handlebars.parse(code);
        } catch (e) {
          const m = /line (\d+)/.exec((e as Error).message);
          report(m ? Number(m[1]) : 1, 'parse-handlebars', oneLine((e as Error).message));
        }
        break;
      case 'xml': {
        const err = checkXml(code);
        if (err) report(err.line, 'parse-xml', err.message);
        break;
      }
      case 'properties':
        checkProperties(code, report);
        break;
    }
  }

  // JSON answers against the GraphQL operations before them, file by file in page order.
  const byFile = new Map<string, CodeBlock[]>();
  for (const block of blocks) byFile.set(block.file, [...(byFile.get(block.file) ?? []), block]);
  for (const fileBlocks of byFile.values()) checkResponses(fileBlocks, reporterOf);

  runBatch(
    bash,
    'sh',
    (files) =>
      spawnSync('bash', ['-c', 'for f in "$@"; do bash -n "$f"; done', 'bash', ...files], {encoding: 'utf8'}).stderr,
    (file, out) => {
      // "<file>: line N: message"
      const re = new RegExp(`^${escapeRe(file)}: line (\\d+): (.*)$`, 'gm');
      return [...out.matchAll(re)].map((m) => ({line: Number(m[1]), message: m[2] ?? ''}));
    },
    'parse-bash',
  );

  const PY =
    'import sys\nfor f in sys.argv[1:]:\n  try:\n    compile(open(f).read(), f, "exec")\n  except SyntaxError as e:\n    print(f"{f}\\t{e.lineno or 1}\\t{e.msg}")\n';
  runBatch(
    python,
    'py',
    (files) => spawnSync('python3', ['-c', PY, ...files], {encoding: 'utf8'}).stdout,
    (file, out) =>
      out
        .split('\n')
        .filter((l) => l.startsWith(`${file}\t`))
        .map((l) => {
          const [, line, message] = l.split('\t');
          return {line: Number(line), message: message ?? ''};
        }),
    'parse-python',
  );

  if (nginx.length) {
    if (opts.nginx ?? nginxAvailable()) {
      for (const r of checkNginxBlocks(nginx.map((n) => n.block.code)))
        nginx[r.index]?.report(r.line, 'parse-nginx', r.message);
    } else {
      notes.push(`nginx is not on PATH: ${nginx.length} nginx blocks were not checked.`);
      parsed.nginx = 0;
    }
  }

  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.rule.localeCompare(b.rule));
  return {problems, notes, blocks: blocks.length, parsed, unparsed};
}

export async function checkFiles(files: string[], opts: CheckOptions): Promise<CheckResult> {
  return checkBlocks(blocksOf(files), opts);
}

// ------------------------------------------------------------------ parsers

const oneLine = (s: string) => s.replace(/\s*\n\s*/g, ' ').trim();
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function runBatch(
  items: {block: CodeBlock; report: Report}[],
  ext: string,
  run: (files: string[]) => string,
  read: (file: string, output: string) => {line: number; message: string}[],
  rule: string,
): void {
  if (items.length === 0) return;
  const dir = mkdtempSync(join(tmpdir(), 'check-samples-'));
  try {
    const files = items.map((item, i) => {
      const f = join(dir, `b${i}.${ext}`);
      writeFileSync(f, `${item.block.code}\n`);
      return f;
    });
    const out = run(files);
    files.forEach((f, i) => {
      for (const e of read(f, out)) items[i]?.report(e.line, rule, e.message);
    });
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

function checkJson(code: string, fragment: boolean, facts: Facts, report: Report): void {
  let value: unknown;
  try {
    value = JSON.parse(code);
  } catch (e) {
    if (fragment) {
      const body = code.trim().replace(/,$/, '');
      for (const wrapped of [`{${body}}`, `[${body}]`]) {
        try {
          value = JSON.parse(wrapped);
          break;
        } catch {
          // try the next wrapping
        }
      }
      if (value === undefined) return;
    } else {
      const msg = (e as Error).message;
      const pos = /position (\d+)/.exec(msg);
      report(pos ? lineAt(code, Number(pos[1])) : 1, 'parse-json', msg);
      return;
    }
  }
  checkDataNames(value, code, facts, report);
}

function checkYaml(code: string, facts: Facts, report: Report): void {
  const docs = parseAllDocuments(code, {prettyErrors: false});
  const list = Array.isArray(docs) ? docs : [docs];
  for (const doc of list) {
    for (const err of doc.errors) {
      report(lineAt(code, err.pos[0]), 'parse-yaml', oneLine(err.message));
    }
    if (doc.errors.length === 0) checkDataNames(doc.toJS(), code, facts, report);
  }
}

const TS_KINDS: Record<string, ts.ScriptKind> = {
  typescript: ts.ScriptKind.TS,
  ts: ts.ScriptKind.TS,
  tsx: ts.ScriptKind.TSX,
  jsx: ts.ScriptKind.JSX,
};

function checkTs(block: CodeBlock, facts: Facts, report: Report, fragment: boolean): void {
  const kind = TS_KINDS[block.lang] ?? ts.ScriptKind.JS;
  const title = /title="([^"]*)"/.exec(block.meta)?.[1] ?? '';
  const fileName = title.endsWith('.d.ts')
    ? 'sample.d.ts'
    : `sample.${kind === ts.ScriptKind.TS ? 'ts' : kind === ts.ScriptKind.TSX ? 'tsx' : 'js'}`;
  const sf = ts.createSourceFile(fileName, block.code, ts.ScriptTarget.Latest, true, kind);
  if (!fragment) {
    const diags = (sf as unknown as {parseDiagnostics: ts.Diagnostic[]}).parseDiagnostics ?? [];
    for (const d of diags.slice(0, 3)) {
      const line = d.start === undefined ? 1 : sf.getLineAndCharacterOfPosition(d.start).line + 1;
      report(line, 'parse-ts', ts.flattenDiagnosticMessageText(d.messageText, ' '));
    }
  }
  checkTsNames(sf, facts, report);
  // GraphQL documents in string literals: `query …`, `mutation …`, `subscription …`.
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (/^\s*(query|mutation|subscription)\b[^{]*\{/.test(node.text)) {
        const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
        checkGraphql(node.text, facts, schemaFor(facts), (l, rule, message) => report(start + l, rule, message), {
          fragment,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

/** Which wrapping a Java sample most likely needs: 0 none, 1 class body, 2 method body. */
function javaShape(code: string): number {
  if (/^(package|import)\s/m.test(code)) return 0;
  if (/^((public|final|abstract|sealed|non-sealed|static)\s+)*(class|interface|enum|record|@interface)\s/m.test(code))
    return 0;
  const first = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('//'));
  if (first && /^(public|private|protected|static|final|abstract|synchronized|default|@)/.test(first)) return 1;
  return 2;
}

/**
 * Java: a compilation unit, else the body of a class, else the body of a
 * method. The likeliest shape is tried first (a failed parse is slow).
 */
export function checkJavaSyntax(parseJava: (text: string) => unknown, code: string, report: Report): void {
  const attempts = [
    {text: code, shift: 0},
    {text: `class Sample__ {\n${code}\n}`, shift: 1},
    {text: `class Sample__ {\nvoid sample__() {\n${code}\n}\n}`, shift: 2},
  ];
  const first = javaShape(code);
  const order = [...attempts.slice(first), ...attempts.slice(0, first)];
  let best: {line: number; message: string} | undefined;
  for (const a of order) {
    try {
      parseJava(a.text);
      return;
    } catch (e) {
      const msg = (e as Error).message;
      const m = /line: (\d+), column: (\d+)/.exec(msg);
      const line = m ? Number(m[1]) - a.shift : 1;
      // Keep the attempt that got furthest into the sample.
      if (!best || line > best.line) best = {line, message: oneLine(msg.replace(/^Sad sad panda, /, '')).slice(0, 300)};
    }
  }
  if (best) report(best.line, 'parse-java', best.message);
}

async function checkSql(code: string, report: Report): Promise<void> {
  pgReady ??= pg.loadModule();
  await pgReady;
  try {
    pg.parseSync(code);
  } catch (e) {
    const details = (e as {sqlDetails?: {cursorPosition?: number}}).sqlDetails;
    const line = details?.cursorPosition !== undefined ? lineAt(code, details.cursorPosition) : 1;
    report(line, 'parse-sql', (e as Error).message);
  }
}

/** `KEY=value` (dotenv, also `export KEY=value`), `key = value`, `key: value`, `[section]`, comments. */
function checkProperties(code: string, report: Report): void {
  const lines = code.split('\n');
  let continued = false;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const wasContinued = continued;
    continued = /(^|[^\\])(\\\\)*\\$/.test(raw);
    if (wasContinued || line === '' || /^[#!;]/.test(line) || /^\[[^\]]+\]$/.test(line)) return;
    if (!/^(export\s+)?[A-Za-z_][\w.-]*\s*[=:]/.test(line))
      report(i + 1, 'parse-properties', `not a KEY=value line: ${line.slice(0, 60)}`);
  });
}
