import {test} from 'node:test';
import assert from 'node:assert/strict';
import {errorChain, reportUrl} from '../../src/theme/ErrorPageContent/reportUrl.ts';

test('the error chain follows causes and stops on cycles', () => {
  const root = new Error('root');
  const top = new Error('top', {cause: new Error('middle', {cause: root})});
  assert.deepEqual(errorChain(top), ['top', 'middle', 'root']);
  const a = new Error('a');
  const b = new Error('b', {cause: a});
  (a as {cause?: unknown}).cause = b;
  assert.deepEqual(errorChain(b), ['b', 'a']);
  assert.deepEqual(errorChain('plain string'), ['plain string']);
});

test('the report URL pre-fills title and body with the page and every cause', () => {
  const err = new Error('render failed', {cause: new Error('no resource "battery.soc"')});
  const url = new URL(reportUrl('https://github.com/orrery-space/orrery-docs/', 'https://d.example/orrery/x/', err));
  assert.equal(url.origin + url.pathname, 'https://github.com/orrery-space/orrery-docs/issues/new');
  assert.equal(url.searchParams.get('title'), 'Page crashed: https://d.example/orrery/x/');
  const body = url.searchParams.get('body') ?? '';
  assert.match(body, /Page: https:\/\/d\.example\/orrery\/x\//);
  assert.match(body, /- render failed/);
  assert.match(body, /caused by: no resource "battery\.soc"/);
});
