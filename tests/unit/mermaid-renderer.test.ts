/**
 * The build's Mermaid renderer (src/plugins/mermaid-svg/renderer.ts) in Debian's Chromium, with a
 * stand-in for ./browser.js whose drawing of one diagram never ends: the renderer must give up on
 * that diagram with a clear error and go on drawing the others, instead of handing them to the
 * page still busy with it (a 5,000-page build once failed four diagrams that way).
 */
import {after, test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {drawingFile, drawingName} from '../../src/plugins/mermaid-svg/drawings.ts';
import {writeDrawingsOutsideJs} from '../../src/plugins/mermaid-svg/index.ts';
import {remarkMermaidSvg} from '../../src/plugins/mermaid-svg/remark.ts';
import {MermaidRenderer} from '../../src/plugins/mermaid-svg/renderer.ts';
import {diagramId} from '../../src/plugins/mermaid-svg/svg.ts';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const dir = mkdtempSync(path.join(tmpdir(), 'orrery-mermaid-renderer-'));
after(() => rmSync(dir, {recursive: true, force: true}));

// The page's drawing function: a diagram naming "stuck" never finishes, any other is drawn at once.
const browserScript = path.join(dir, 'browser.js');
writeFileSync(
  browserScript,
  `window.orreryMermaid = {
    render(job) {
      if (job.source.includes('stuck')) return new Promise(() => {});
      const svg = (theme) => '<svg id="' + job.id + '" data-theme="' + theme + '"><text>' + job.source + '</text></svg>';
      return {svgs: {light: svg(job.themes.light), dark: svg(job.themes.dark)}};
    },
  };`,
);

/** A renderer on one Chromium page with the stand-in; `cache` names its own cache folder. */
const standInRenderer = (cache: string, drawTimeoutMs?: number): MermaidRenderer =>
  new MermaidRenderer({
    config: {theme: {light: 'neutral', dark: 'dark'}},
    cacheDir: path.join(dir, cache),
    executablePath: CHROMIUM,
    concurrency: 1,
    browserScript,
    // The stand-in needs no Mermaid (whose 3 MB bundle takes seconds to load in each page).
    mermaidScript: browserScript,
    drawTimeoutMs,
  });

test(
  'a diagram whose drawing never ends fails after a second try in a fresh page, and the next diagram is drawn',
  {skip: existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM}`},
  async () => {
    const renderer = standInRenderer('cache', 1500);
    try {
      await assert.rejects(
        renderer.render('flowchart TD\n  A[stuck] --> B'),
        /Mermaid took more than 1\.5 s to draw the diagram, twice \(the second time in a fresh page\)/,
      );
      // One page only: before the fix, this went to the page still drawing the stuck diagram.
      const svgs = await renderer.render('flowchart TD\n  A --> B');
      assert.ok(svgs, 'the renderer drew nothing');
      assert.match(svgs.light, /data-theme="neutral"/);
      assert.match(svgs.dark, /data-theme="dark"/);
      assert.equal(renderer.stats.drawn, 1);
    } finally {
      await renderer.close();
    }
  },
);

test(
  'outside the JavaScript: a page gets its drawing name, and postBuild writes the file and fills the built page',
  {skip: existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM}`},
  async () => {
    const siteDir = path.join(dir, 'site');
    const outDir = path.join(dir, 'out');
    const renderer = standInRenderer('cache-outside');
    try {
      const source = 'flowchart TD\n  A --> B';
      await renderer.prefetch([source]);
      renderer.drawingsOutsideJs = true;
      const block = {type: 'code', lang: 'mermaid', value: source, position: {start: {line: 3}}};
      const tree = {type: 'root', children: [block]};
      await remarkMermaidSvg({renderer: () => renderer, siteDir})(tree, {path: path.join(siteDir, 'docs', 'a.md')});
      const id = diagramId('docs/a.md', 0);
      const name = drawingName(id, renderer.key(source));
      assert.deepEqual((block as {data?: unknown}).data, {hName: 'mermaid', hProperties: {drawing: name}});
      assert.deepEqual([...renderer.outsideJs.keys()], [name]);

      // A built page as the minifier writes it, and one without diagrams.
      mkdirSync(path.join(outDir, 'a'), {recursive: true});
      const slot = (variant: string) =>
        `<div data-mermaid-variant=${variant} data-mermaid-slot=${name}:${variant}></div>`;
      writeFileSync(path.join(outDir, 'a', 'index.html'), `<main>${slot('light')}${slot('dark')}</main>`);
      writeFileSync(path.join(outDir, 'index.html'), '<main>no diagram</main>');
      assert.equal(await writeDrawingsOutsideJs(outDir, [renderer]), 1);

      const file = JSON.parse(readFileSync(path.join(outDir, drawingFile(name)), 'utf8')) as Record<string, string>;
      assert.match(file.light ?? '', new RegExp(`^<svg id="${id}-light" data-theme="neutral">`));
      assert.match(file.dark ?? '', new RegExp(`^<svg id="${id}-dark" data-theme="dark">`));
      const page = readFileSync(path.join(outDir, 'a', 'index.html'), 'utf8');
      assert.ok(page.includes(`${slot('light').replace('</div>', '')}${file.light}</div>`), page);
      assert.ok(page.includes(`${slot('dark').replace('</div>', '')}${file.dark}</div>`), page);
      assert.equal(readFileSync(path.join(outDir, 'index.html'), 'utf8'), '<main>no diagram</main>');
    } finally {
      await renderer.close();
    }
  },
);
