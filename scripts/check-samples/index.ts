// `npm run check:samples [-- [--json] [paths…]]`: checks every fenced code
// block of the Markdown/MDX files under the given paths (default: docs/,
// api/, upgrade-guides/, versioned_docs/). See README.md in this folder.
import {existsSync, readdirSync, statSync} from 'node:fs';
import {join, relative} from 'node:path';
import {blocksOf, checkBlocks, collectDeclared} from './check.ts';
import {loadFacts} from './facts.ts';

const DEFAULT_ROOTS = ['docs', 'api', 'upgrade-guides', 'versioned_docs'];

function markdownFiles(path: string): string[] {
  if (!existsSync(path)) throw new Error(`no such file or folder: ${path}`);
  if (statSync(path).isFile()) return /\.mdx?$/.test(path) ? [path] : [];
  return readdirSync(path, {withFileTypes: true})
    .filter((e) => !e.name.startsWith('.') && e.name !== 'node_modules')
    .flatMap((e) => markdownFiles(join(path, e.name)))
    .sort();
}

/** docs/<section>, api, upgrade-guides, versioned_docs: where a problem counts in the summary. */
export function area(file: string): string {
  const parts = relative('.', file).split(/[\\/]/);
  if (parts[0] === 'docs' && parts.length > 2) return `docs/${parts[1]}`;
  return parts[0] ?? file;
}

async function main(): Promise<void> {
  const started = performance.now();
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const paths = args.filter((a) => !a.startsWith('--'));
  const files = [
    ...new Set((paths.length ? paths : DEFAULT_ROOTS.filter((r) => existsSync(r))).flatMap(markdownFiles)),
  ];
  const facts = loadFacts();
  const blocks = blocksOf(files);
  // Names declared by any sample of the whole tree, so a run on a few files resolves the same imports.
  const declared = collectDeclared(
    paths.length ? blocksOf(DEFAULT_ROOTS.filter((r) => existsSync(r)).flatMap(markdownFiles)) : blocks,
  );
  const result = await checkBlocks(blocks, {facts, declared});
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const byArea: Record<string, number> = {};
  for (const p of result.problems) byArea[area(p.file)] = (byArea[area(p.file)] ?? 0) + 1;
  if (json) {
    console.log(JSON.stringify({...result, files: files.length, seconds: Number(seconds), byArea}, null, 2));
  } else {
    for (const p of result.problems) console.log(`${p.file}:${p.line}: [${p.rule}] ${p.message}`);
    for (const n of result.notes) console.log(`note: ${n}`);
    const parsed = Object.entries(result.parsed)
      .map(([l, n]) => `${l} ${n}`)
      .join(', ');
    const unparsed = Object.entries(result.unparsed)
      .map(([l, n]) => `${l} ${n}`)
      .join(', ');
    console.log(
      `\nChecked ${result.blocks} code blocks in ${files.length} files in ${seconds} s.\n` +
        `Parsed: ${parsed}.\nNot parsed (no parser for the language): ${unparsed || 'none'}.`,
    );
    if (result.problems.length) {
      const areas = Object.entries(byArea)
        .sort()
        .map(([a, n]) => `  ${a}: ${n}`)
        .join('\n');
      console.log(`\n✖ ${result.problems.length} problems:\n${areas}`);
    } else console.log('\n✔ No problems.');
  }
  process.exit(result.problems.length ? 1 : 0);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(2);
});
