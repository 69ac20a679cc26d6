// What the project's scripts and tests share about build output.
import {readdirSync} from 'node:fs';
import path from 'node:path';

/**
 * Folders the project writes and never checks in: builds (build/, the
 * hosted-search and nginx variants, dist/ of `npm run package`), Docusaurus's
 * cache and test or bench results. ESLint and the build-error tests import
 * this list; .gitignore repeats it for the tools that read .gitignore (Prettier,
 * cspell --gitignore), and tests/unit/output-dirs.test.ts checks that it does.
 */
export const outputDirs = [
  'build',
  'build-hosted',
  'build-nginx',
  'dist',
  '.docusaurus',
  'test-results',
  'bench-results',
];

/** Every `*.html` file under a directory, as paths relative to it with "/" separators. */
export function htmlFiles(dir) {
  const out = [];
  const walk = (rel) => {
    for (const entry of readdirSync(path.join(dir, rel), {withFileTypes: true})) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.html')) out.push(child);
    }
  };
  walk('');
  return out.sort();
}
