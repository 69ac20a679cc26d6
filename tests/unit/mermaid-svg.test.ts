import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {
  MermaidDiagramError,
  PLACEHOLDER_ID,
  cacheKey,
  clientAliases,
  compactSvg,
  withoutTodayLine,
  diagramId,
  errorLine,
  lineInMessage,
  fillDrawingSlots,
  mermaidSources,
  pruneStyles,
  rewriteIds,
  stableIds,
  stableJson,
} from '../../src/plugins/mermaid-svg/svg.ts';
import {drawingFile, drawingName} from '../../src/plugins/mermaid-svg/drawings.ts';
import {mermaidCacheDir} from '../../src/plugins/mermaid-svg/index.ts';
import {siteFontFamily} from '../../src/config/fonts.ts';

const config = {theme: {light: 'neutral', dark: 'dark'}, options: {fontFamily: 'sans-serif'}};
const source = 'flowchart LR\n  a --> b';

test('the cache key changes with the source, the Mermaid version and the theme configuration', () => {
  const key = cacheKey(source, '11.17.2', config);
  assert.match(key, /^[0-9a-f]{64}$/);
  assert.equal(
    cacheKey(source, '11.17.2', {options: {fontFamily: 'sans-serif'}, theme: {dark: 'dark', light: 'neutral'}}),
    key,
  );
  assert.notEqual(cacheKey(`${source} --> c`, '11.17.2', config), key);
  assert.notEqual(cacheKey(source, '11.18.0', config), key);
  assert.notEqual(cacheKey(source, '11.17.2', {...config, theme: {light: 'default', dark: 'dark'}}), key);
  assert.notEqual(cacheKey(source, '11.17.2', {...config, options: {fontFamily: 'serif'}}), key);
  assert.notEqual(cacheKey(source, '11.17.2', {theme: config.theme}), key);
});

test('stable JSON sorts keys at every depth and drops undefined members', () => {
  assert.equal(stableJson({b: 1, a: {d: [2, {f: 1, e: 0}], c: undefined}}), '{"a":{"d":[2,{"e":0,"f":1}]},"b":1}');
});

test('diagram ids depend on the file and the position, not on the platform path separator', () => {
  const id = diagramId('docs/planning/anchors.md', 0);
  assert.match(id, /^mermaid-[0-9a-f]{10}$/);
  assert.equal(diagramId('docs\\planning\\anchors.md', 0), id);
  assert.notEqual(diagramId('docs/planning/anchors.md', 1), id);
  assert.notEqual(diagramId('versioned_docs/version-3.4.0/planning/anchors.md', 0), id);
});

test('the placeholder id becomes the diagram id everywhere: svg id, derived ids, styles, references', () => {
  const ph = PLACEHOLDER_ID;
  const svg =
    `<svg id="${ph}" aria-labelledby="chart-title-${ph}" aria-describedby="chart-desc-${ph}">` +
    `<title id="chart-title-${ph}">T</title><desc id="chart-desc-${ph}">D</desc>` +
    `<style>#${ph}{fill:#ccc;}#${ph} .node rect{stroke:url(#${ph}-gradient);}</style>` +
    `<marker id="${ph}_flowchart-v2-pointEnd"></marker>` +
    `<path marker-end="url(#${ph}_flowchart-v2-pointEnd)"></path></svg>`;
  const out = rewriteIds(svg, 'mermaid-abc-light');
  assert.ok(!out.includes(ph));
  assert.match(out, /^<svg id="mermaid-abc-light" aria-labelledby="chart-title-mermaid-abc-light"/);
  assert.ok(out.includes('<title id="chart-title-mermaid-abc-light">T</title>'));
  assert.ok(out.includes('#mermaid-abc-light .node rect{stroke:url(#mermaid-abc-light-gradient);}'));
  assert.ok(out.includes('marker-end="url(#mermaid-abc-light_flowchart-v2-pointEnd)"'));
});

test('ids Mermaid does not derive from the diagram id get it as a prefix, with their references', () => {
  const svg =
    `<svg id="${PLACEHOLDER_ID}"><line id="actor0"></line><g id="root-0"></g>` +
    '<marker id="arrowhead"></marker><path marker-end="url(#arrowhead)"></path><use href="#root-0"></use>' +
    '<use xlink:href="#actor0"></use><g aria-labelledby="actor0 root-0"></g>' +
    '<text>url(#arrowhead) actor0</text></svg>';
  const out = rewriteIds(svg, 'd1-dark');
  assert.ok(out.includes('<line id="d1-dark-actor0">'));
  assert.ok(out.includes('<g id="d1-dark-root-0">'));
  assert.ok(out.includes('marker-end="url(#d1-dark-arrowhead)"'));
  assert.ok(out.includes('<use href="#d1-dark-root-0">'));
  assert.ok(out.includes('<use xlink:href="#d1-dark-actor0">'));
  assert.ok(out.includes('aria-labelledby="d1-dark-actor0 d1-dark-root-0"'));
  // Label text that happens to equal an id stays as written.
  assert.ok(out.includes(' actor0</text>'));
  // Two variants of one diagram share no id.
  const ids = (s: string) => [...s.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  const light = ids(rewriteIds(svg, 'd1-light'));
  assert.equal(light.filter((id) => ids(out).includes(id)).length, 0);
});

test('ids numbered by page-long counters are renumbered from 0, so the drawing depends only on its diagram', () => {
  const P = PLACEHOLDER_ID;
  // The same sequence diagram drawn first on its page, and after one with two actors.
  const drawing = (a: number, b: number, c: number) =>
    `<svg id="${P}"><style>#${P} .actor{fill:red}</style><line id="${P}-actor${a}"></line><line id="${P}-actor${b}"></line>` +
    `<g id="${P}-classId-Task-${c}" aria-labelledby="${P}-actor${a} ${P}-actor${b}"></g>` +
    `<marker id="${P}-arrowhead"></marker><path id="L-x-y-0" marker-end="url(#${P}-arrowhead)"></path>` +
    `<use href="#${P}-actor${b}"></use><path style="fill:url(#${P}-classId-Task-${c})"></path>` +
    `<title id="chart-title-${P}"></title>` +
    '<text>actor12</text></svg>';
  const first = stableIds(drawing(0, 1, 0));
  assert.equal(stableIds(drawing(2, 3, 7)), first);
  assert.equal(first, drawing(0, 1, 0), 'a drawing already numbered from 0 changes');
  const later = stableIds(drawing(12, 13, 40));
  assert.ok(later.includes(`<line id="${P}-actor0"></line><line id="${P}-actor1"></line>`));
  assert.ok(later.includes(`aria-labelledby="${P}-actor0 ${P}-actor1"`));
  assert.ok(later.includes(`<use href="#${P}-actor1">`));
  assert.ok(later.includes(`fill:url(#${P}-classId-Task-0)`));
  // The placeholder (digits and all), ids without numbers and label text stay as written.
  assert.ok(later.includes(`<svg id="${P}"><style>#${P} .actor`));
  assert.ok(later.includes(`<title id="chart-title-${P}">`), 'the placeholder inside an id changed');
  assert.ok(later.includes(`marker-end="url(#${P}-arrowhead)"`));
  assert.ok(later.includes('<text>actor12</text>'));
});

test('renumbering keeps distinct ids distinct and numbers each place of an id on its own', () => {
  const svg =
    '<g id="actor35"></g><g id="actor9"></g><g id="actor036"></g><g id="edge7-to-35"></g><g id="edge7-to-9"></g>' +
    '<g id="edge8-to-35"></g><g id="step2"></g><g id="actor35x"></g>';
  const ids = [...stableIds(svg).matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(ids, ['actor0', 'actor1', 'actor2', 'edge0-to-0', 'edge0-to-1', 'edge1-to-0', 'step0', 'actor0x']);
  // A reference to a prefix of a longer id is renamed as itself, not as part of the longer one.
  const refs = stableIds('<g id="a5"></g><g id="a55"></g><use href="#a55"></use><use href="#a5"></use>');
  assert.equal(refs, '<g id="a0"></g><g id="a1"></g><use href="#a1"></use><use href="#a0"></use>');
});

test('compacting rounds long coordinates and drops data-points, and leaves text alone', () => {
  const svg =
    '<path d="M-83.875 -31.5 C-32.7043041410858 -31.5, 18.4663917178284 -31.5, 83.875 -31.5" data-points="W3sieCI6MX1d"></path>' +
    '<polygon points="0,7 11.5,14.0004 11.5,0"></polygon><g transform="translate(12.3456789, -0.0012)"></g>' +
    '<text x="1.23456">Pi is 3.14159265</text>';
  assert.equal(
    compactSvg(svg),
    '<path d="M-83.87 -31.5 C-32.7 -31.5, 18.47 -31.5, 83.88 -31.5"></path>' +
      '<polygon points="0,7 11.5,14 11.5,0"></polygon><g transform="translate(12.35, 0)"></g>' +
      '<text x="1.23456">Pi is 3.14159265</text>',
  );
});

test("a Gantt chart loses the line Mermaid draws for today's date, and nothing else", () => {
  const tasks = '<g><rect class="task task0" x="65"></rect></g>';
  const today = (style: string) =>
    `<g class="today"><line x1="-1686538" x2="-1686538" y1="25" y2="195" class="today"${style}></line></g>`;
  assert.equal(
    withoutTodayLine(tasks + today('') + '<text class="titleText">Plan</text>'),
    `${tasks}<text class="titleText">Plan</text>`,
  );
  // With the diagram's own style (`todayMarker stroke-width:5px`).
  assert.equal(withoutTodayLine(today(' style="stroke-width:5px"') + tasks), tasks);
  assert.equal(withoutTodayLine(tasks), tasks);
});

test('compacting never merges or splits numbers that path data runs together', () => {
  const path = (d: string) => compactSvg(`<path d="${d}"></path>`).slice(9, -9);
  // 12.26, .001, .256, .255: nothing starts or ends at a separator, nothing changes.
  assert.equal(path('M12.26.001l.256.255.01.253'), 'M12.26.001l.256.255.01.253');
  // A number followed by another that starts with "." keeps all its digits.
  assert.equal(path('M1.23456.5 L2.00001.5'), 'M1.23456.5 L2.00001.5');
  // The minus sign of the next number separates: both are rounded.
  assert.equal(path('M1.23456-2.34567 l5-0.00049'), 'M1.23-2.35 l5-0');
  assert.equal(path('M 10.123456 20.987654 Z'), 'M 10.12 20.99 Z');
  assert.equal(path('M 1.2345e-7,3'), 'M 0,3');
});

test('style rules that can match nothing in the drawing are dropped, the others kept as written', () => {
  const svg = (css: string) =>
    `<svg id="m"><style>${css}</style><g class="node default"><rect></rect></g><span class="edgeLabel"></span></svg>`;
  const css =
    '#m{font-family:"Segoe UI, x",sans-serif;fill:#ccc;}@keyframes dash{to{stroke-dashoffset:0;}}' +
    '#m .node rect,#m .cluster rect{fill:#eee;}#m .error-icon{fill:#a44;}#m [data-look="neo"].node .x{stroke:red;}' +
    '#m .edgeLabel p{background:hsl(0, 0%, 34%);}#m :root{--f:a;}#m .node.default.clickable{cursor:pointer;}';
  assert.equal(
    pruneStyles(svg(css)),
    svg(
      '#m{font-family:"Segoe UI, x",sans-serif;fill:#ccc;}@keyframes dash{to{stroke-dashoffset:0;}}' +
        '#m .node rect{fill:#eee;}#m .edgeLabel p{background:hsl(0, 0%, 34%);}#m :root{--f:a;}',
    ),
  );
  // What it cannot take apart, it leaves alone.
  for (const odd of ['#m .gone{a:b', '#m .gone{a:b}}', '/* c */#m .gone{a:b}', '#m .gone[x="{"{a:b}']) {
    assert.equal(pruneStyles(svg(odd)), svg(odd));
  }
  assert.equal(pruneStyles('<svg></svg>'), '<svg></svg>');
});

test('mermaid blocks are found as the remark plugin sees them, and only those', () => {
  const markdown = [
    '# Title',
    '',
    '```mermaid',
    'flowchart LR',
    '  a --> b',
    '```',
    '',
    '````md title="How to write one"',
    '```mermaid',
    'not a diagram',
    '```',
    '````',
    '',
    '~~~mermaid',
    'sequenceDiagram',
    '  A->>B: hi',
    '~~~',
    '```java',
    'class A {}',
    '```',
  ].join('\n');
  assert.deepEqual(mermaidSources(markdown), ['flowchart LR\n  a --> b', 'sequenceDiagram\n  A->>B: hi']);
  assert.deepEqual(mermaidSources('```mermaid\r\npie\r\n```\r\n'), ['pie']);
});

test('error messages name the file and the line Mermaid points at', () => {
  assert.equal(errorLine(12, 2), 14);
  assert.equal(errorLine(12, undefined), 12);
  assert.equal(errorLine(undefined, 2), undefined);
  assert.equal(lineInMessage('Parsing failed: Lexer error on line 2, column 8: unexpected character'), 2);
  assert.equal(lineInMessage('Parse error on line 3:\n...R  a --> b'), undefined);
  const error = new MermaidDiagramError('docs/planning/anchors.md', 14, 'Parse error on line 2:\n...');
  assert.match(
    error.message,
    /^docs\/planning\/anchors\.md:14: Mermaid cannot draw this diagram:\nParse error on line 2/,
  );
});

test('the cache lives under ORRERY_BUILD_CACHE_DIR when set, else in node_modules/.cache', () => {
  assert.equal(mermaidCacheDir({ORRERY_BUILD_CACHE_DIR: '/tmp/c'}, '/site'), path.join('/tmp/c', 'orrery-mermaid'));
  assert.equal(mermaidCacheDir({}, '/site'), path.join('/site', 'node_modules', '.cache', 'orrery-mermaid'));
});

test("diagrams use the site's font stack (custom.css --ifm-font-family-base)", () => {
  const css = readFileSync(path.join(import.meta.dirname, '..', '..', 'src', 'css', 'custom.css'), 'utf8');
  const stack = /--ifm-font-family-base:\s*([^;]+);/.exec(css)?.[1]?.trim();
  assert.equal(siteFontFamily, stack);
});

test('clientAliases: Mermaid leaves the browser bundle of a production build only when every diagram was drawn', () => {
  const base = {isServer: false, mode: 'production', everyDiagramDrawn: true, stubPath: '/x/client-stub.js'};
  assert.deepEqual(clientAliases(base), {
    mermaid$: '/x/client-stub.js',
    '@mermaid-js/layout-elk$': '/x/client-stub.js',
  });
  // A diagram left to the reader's browser (no Chromium), the dev server, the server bundle: no alias.
  assert.deepEqual(clientAliases({...base, everyDiagramDrawn: false}), {});
  assert.deepEqual(clientAliases({...base, mode: 'development'}), {});
  assert.deepEqual(clientAliases({...base, mode: undefined}), {});
  assert.deepEqual(clientAliases({...base, isServer: true}), {});
});

test('drawing slots are filled as the minifier writes them, quoted or not, and an unknown drawing names the page', () => {
  const drawings = new Map([
    [
      'mermaid-abc.0123456789ab',
      {light: '<svg id="mermaid-abc-light">$& $1</svg>', dark: '<svg id="mermaid-abc-dark"/>'},
    ],
  ]);
  const page =
    '<div data-mermaid-drawing=mermaid-abc.0123456789ab><div class=light_x data-mermaid-variant=light data-mermaid-slot=mermaid-abc.0123456789ab:light></div>' +
    '<div class="dark_x" data-mermaid-slot="mermaid-abc.0123456789ab:dark" data-pagefind-ignore="all"></div></div>';
  assert.equal(
    fillDrawingSlots(page, drawings, 'a/index.html'),
    '<div data-mermaid-drawing=mermaid-abc.0123456789ab><div class=light_x data-mermaid-variant=light data-mermaid-slot=mermaid-abc.0123456789ab:light><svg id="mermaid-abc-light">$& $1</svg></div>' +
      '<div class="dark_x" data-mermaid-slot="mermaid-abc.0123456789ab:dark" data-pagefind-ignore="all"><svg id="mermaid-abc-dark"/></div></div>',
  );
  const plain = '<p>data-mermaid-slot is a word here, not a slot</p>';
  assert.equal(fillDrawingSlots(plain, drawings, 'b/index.html'), plain);
  assert.throws(
    () => fillDrawingSlots('<div data-mermaid-slot=mermaid-zzz.000000000000:light></div>', drawings, 'c/index.html'),
    /^Error: c\/index\.html: the Mermaid diagram mermaid-zzz\.000000000000 has no drawing/,
  );
  assert.equal(drawingName('mermaid-abc', '0123456789abcdef'), 'mermaid-abc.0123456789ab');
  assert.equal(drawingFile('mermaid-abc.0123456789ab'), 'assets/diagrams/mermaid-abc.0123456789ab.json');
});
