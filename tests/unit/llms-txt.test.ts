import {test} from 'node:test';
import assert from 'node:assert/strict';
import {renderLlmsFull, renderLlmsTxt, type LlmsSection} from '../../src/plugins/llms-txt/render';
import {readOptions} from '../../src/plugins/llms-txt';
import {GUIDES, chaptersOf, mermaidCounts, parseLlmsTxt} from '../../scripts/pdf-guides.mjs';

const u = (p: string) => `https://docs.example.org/orrery/${p}`;

const sections: LlmsSection[] = [
  {
    title: 'Start here',
    entries: [{title: 'Introduction', url: u('introduction/'), description: 'What it is.', children: []}],
  },
  {
    title: 'Planning',
    entries: [
      {title: 'Planning', url: u('category/planning/'), description: 'Plans.', index: true, children: []},
      {title: 'Anchors', url: u('planning/anchors/'), description: 'Tie [directives].', children: []},
      {
        title: 'Collaboration',
        children: [{title: 'Merging plans', url: u('planning/collaboration/merging-plans/'), children: []}],
      },
      {title: 'Snapshots', url: u('planning/snapshots/'), description: '', children: []},
    ],
  },
  {title: 'Reference', entries: [{title: 'Glossary', url: u('glossary/'), description: 'Terms.', children: []}]},
  {
    title: 'API',
    entries: [
      {
        title: 'API examples',
        url: u('api/examples/introduction/'),
        children: [{title: 'Planning with the API', url: u('api/examples/planning/introduction/'), children: []}],
      },
    ],
  },
];

const txt = renderLlmsTxt({
  title: 'Orrery Documentation',
  tagline: 'Model and plan',
  docsVersion: '3.5.0',
  home: u(''),
  fullUrl: u('llms-full.txt'),
  sections,
  older: [{title: 'Docs 3.4.0', entries: [{title: 'Anchors', url: u('3.4.0/planning/anchors/'), children: []}]}],
});

test('llms.txt: title, summary, ## sections in order, nested categories as indented items, older versions optional', () => {
  const lines = txt.split('\n');
  assert.equal(lines[0], '# Orrery Documentation');
  assert.equal(lines[2], '> Model and plan');
  assert.match(txt, /documentation of Orrery 3\.5\.0 \(https:\/\/docs\.example\.org\/orrery\/\)/);
  assert.ok(txt.includes('- [Anchors](https://docs.example.org/orrery/planning/anchors/): Tie [directives].'));
  assert.ok(
    txt.includes(
      '- Collaboration\n  - [Merging plans](https://docs.example.org/orrery/planning/collaboration/merging-plans/)\n',
    ),
  );
  assert.ok(txt.indexOf('## Planning') < txt.indexOf('## Reference'));
  assert.match(txt, /## Optional\n\nPages of older docs versions\.\n\n### Docs 3\.4\.0\n\n- \[Anchors\]/);
});

test('the PDF chapter list reads llms.txt back in sidebar order, without index pages or older versions', () => {
  const parsed = parseLlmsTxt(txt);
  assert.equal(parsed.docsVersion, '3.5.0');
  assert.deepEqual(
    parsed.sections.map((s) => s.title),
    ['Start here', 'Planning', 'Reference', 'API'],
  );
  const planning = chaptersOf({sections: ['Planning', 'Reference#Glossary']}, parsed.sections);
  assert.deepEqual(
    planning.map((c) => [c.title, c.path.join('/')]),
    [
      ['Anchors', 'Planning'],
      ['Merging plans', 'Planning/Collaboration'],
      ['Snapshots', 'Planning'],
      ['Glossary', 'Reference'],
    ],
  );
  const api = chaptersOf({sections: ['API']}, parsed.sections);
  assert.deepEqual(
    api.map((c) => [c.title, c.path.join('/')]),
    [
      ['API examples', 'API/API examples'],
      ['Planning with the API', 'API/API examples'],
    ],
  );
  assert.equal(GUIDES.length, 7);
});

test('llms-full.txt holds each page with its source URL; diagram counts are read from it', () => {
  const full = renderLlmsFull({
    title: 'Orrery Documentation',
    tagline: 'Model and plan',
    docsVersion: '3.5.0',
    pages: [
      {title: 'Anchors', url: u('planning/anchors/'), markdown: 'Text.\n\n```mermaid\nflowchart LR\n  a --> b\n```'},
      {title: 'Snapshots', url: u('planning/snapshots/'), markdown: 'No diagram.'},
    ],
  });
  assert.match(full, /^# Orrery Documentation — full text, version 3\.5\.0/);
  assert.ok(full.includes('# Anchors\n\nSource: https://docs.example.org/orrery/planning/anchors/\n\nText.'));
  const counts = mermaidCounts(full);
  assert.equal(counts.get(u('planning/anchors/')), 1);
  assert.equal(counts.get(u('planning/snapshots/')), 0);
});

test('plugin options are checked', () => {
  assert.deepEqual(readOptions({instances: [{id: 'default'}]}), {instances: [{id: 'default'}]});
  assert.throws(() => readOptions({instances: []}), /options must be/);
  assert.throws(() => readOptions(undefined), /options must be/);
});
