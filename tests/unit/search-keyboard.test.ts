import {test} from 'node:test';
import assert from 'node:assert/strict';
import {shortcutAction, type KeyPress} from '../../src/plugins/search-pagefind/client/keyboard.ts';
import {modifierFor} from '../../src/plugins/search-pagefind/client/SearchButton.tsx';

const key = (k: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  inField: false,
  onButton: false,
  ...extra,
});

test('Ctrl+K and ⌘K open the dialog and close it when it is open', () => {
  assert.equal(shortcutAction(key('k', {ctrlKey: true}), false, false), 'open');
  assert.equal(shortcutAction(key('K', {metaKey: true}), false, false), 'open');
  assert.equal(shortcutAction(key('k', {ctrlKey: true}), true, false), 'close');
  // Also from inside a text field: the shortcut has a modifier.
  assert.equal(shortcutAction(key('k', {ctrlKey: true, inField: true}), false, false), 'open');
});

test('Escape closes an open dialog and does nothing otherwise', () => {
  assert.equal(shortcutAction(key('Escape'), true, false), 'close');
  assert.equal(shortcutAction(key('Escape'), false, false), null);
});

test('"/" opens the dialog unless the reader is typing in a field', () => {
  assert.equal(shortcutAction(key('/'), false, false), 'open');
  assert.equal(shortcutAction(key('/', {inField: true}), false, false), null);
  assert.equal(shortcutAction(key('/'), true, false), null);
});

test('a dialog opened elsewhere is not opened twice, and the browser shortcut is held back', () => {
  assert.equal(shortcutAction(key('k', {ctrlKey: true}), false, true), 'swallow');
  assert.equal(shortcutAction(key('/'), false, true), 'swallow');
});

test('a letter or digit typed on the focused button starts a query; other keys do not', () => {
  assert.equal(shortcutAction(key('a', {onButton: true}), false, false), 'input');
  assert.equal(shortcutAction(key('7', {onButton: true}), false, false), 'input');
  assert.equal(shortcutAction(key('é', {onButton: true}), false, false), 'input');
  assert.equal(shortcutAction(key('a'), false, false), null, 'not when the button lacks focus');
  assert.equal(shortcutAction(key('Enter', {onButton: true}), false, false), null);
  assert.equal(shortcutAction(key(' ', {onButton: true}), false, false), null);
  assert.equal(shortcutAction(key('c', {onButton: true, ctrlKey: true}), false, false), null);
});

test('the key hint names ⌘ on Apple systems and Ctrl elsewhere', () => {
  assert.deepEqual(modifierFor('MacIntel'), {key: 'Meta', label: '⌘'});
  assert.deepEqual(modifierFor('iPhone'), {key: 'Meta', label: '⌘'});
  assert.deepEqual(modifierFor('Linux x86_64'), {key: 'Control', label: 'Ctrl'});
  assert.deepEqual(modifierFor(''), {key: 'Control', label: 'Ctrl'});
});
