import {test} from 'node:test';
import assert from 'node:assert/strict';
import {labelTables, TABLE_LABEL_PROPERTY} from '../../src/plugins/table-labels';

interface Node {
  type: string;
  children?: Node[];
  data?: {hProperties?: Record<string, unknown>};
}

const table = (): Node => ({type: 'table', children: []});
const heading = (text: string) => ({type: 'heading', depth: 2, children: [{type: 'text', value: text}]});
const label = (node: Node) => node.data?.hProperties?.[TABLE_LABEL_PROPERTY];

test('tables are named after the heading above them, numbered when one heading holds several', () => {
  const tree = {
    type: 'root',
    children: [
      table(),
      heading('Services'),
      table(),
      table(),
      {
        type: 'heading',
        depth: 3,
        children: [
          {type: 'text', value: 'Ports and '},
          {type: 'inlineCode', value: 'volumes'},
        ],
      },
      table(),
    ],
  };
  labelTables(tree, 'Deployment');
  const tables = tree.children.filter((n) => n.type === 'table');
  assert.deepEqual(tables.map(label), [
    'Deployment table',
    'Services table',
    'Services table 2',
    'Ports and volumes table',
  ]);
});

test('tables inside other nodes (lists, admonitions) are found', () => {
  const inner = table();
  const tree = {type: 'root', children: [heading('Limits'), {type: 'blockquote', children: [inner]}]};
  labelTables(tree);
  assert.equal(label(inner), 'Limits table');
});
