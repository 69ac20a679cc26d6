/**
 * The built pages are valid HTML: the W3C Nu HTML Checker (npm vnu-jar; needs
 * Java) on a sample of pages that together use every kind of markup the site
 * renders (code blocks, tables, Mermaid diagrams, admonitions, tabs, the home,
 * search and 404 pages, the 3.4.0 snapshot, API and upgrade-guide pages).
 * Run after `npm run build` (scripts/test.mjs does); BUILD_DIR picks another build.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';

const buildDir = process.env.BUILD_DIR ?? 'build';

const SAMPLE = [
  'index.html',
  '404.html',
  'search/index.html',
  'introduction/index.html',
  'planning/anchors/index.html',
  'deployment/introduction/index.html',
  'mission-modeling/activity-types/introduction/index.html',
  'scheduling-and-constraints/procedural/constraints/index.html',
  'command-expansion/template-expansion/authoring-templates/index.html',
  'api/introduction/index.html',
  'upgrade-guides/3-4-0-to-3-5-0/index.html',
  '3.4.0/introduction/index.html',
  'category/tutorials/index.html',
];

interface VnuMessage {
  type: string;
  message: string;
  extract?: string;
  url: string;
  lastLine?: number;
}

/**
 * Errors we accept, each with its reason. Only Mermaid's own SVG is excused.
 * Mermaid draws flowchart labels as HTML inside <foreignObject>, as
 * `<span class="nodeLabel"><p>…</p></span>` (and edgeLabel alike); a <p> in a
 * <span> is not allowed, but browsers render it as Mermaid intends, and
 * rewriting Mermaid's output would change how every label wraps.
 */
export const ACCEPTED: {reason: string; matches: (m: VnuMessage) => boolean}[] = [
  {
    reason: 'Mermaid label markup: <p> inside <span class="nodeLabel|edgeLabel"> in <foreignObject>',
    matches: (m) =>
      /Element “p” not allowed as child of element “span”/.test(m.message) &&
      // The extract is a fixed number of characters before the error: with the class quoted (the
      // build puts the drawings into the pages after the HTML minifier), it starts inside the name.
      /(?:n?ode|e?dge)Label"?>\s*<p>/.test(m.extract ?? ''),
  },
];

test(
  'sampled built pages pass the W3C Nu HTML checker (errors other than Mermaid label markup)',
  {timeout: 120_000},
  () => {
    const missing = SAMPLE.filter((p) => !existsSync(path.join(buildDir, p)));
    assert.deepEqual(missing, [], `pages missing from ${buildDir}/ (run npm run build first)`);
    const jar = String(createRequire(import.meta.url)('vnu-jar'));
    const result = spawnSync(
      'java',
      ['-jar', jar, '--format', 'json', '--errors-only', ...SAMPLE.map((p) => path.join(buildDir, p))],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    assert.ok(
      result.status !== null && !result.error,
      `could not run the checker (is Java installed?): ${result.error?.message ?? result.stderr}`,
    );
    const {messages} = JSON.parse(result.stderr) as {messages: VnuMessage[]};
    const errors = messages.filter((m) => m.type === 'error' && !ACCEPTED.some((a) => a.matches(m)));
    assert.deepEqual(
      errors.map(
        (m) =>
          `${path.relative(process.cwd(), new URL(m.url).pathname)}:${m.lastLine ?? '?'}: ${m.message} [${m.extract ?? ''}]`,
      ),
      [],
    );
  },
);
