import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {LoadContext} from '@docusaurus/types';
import codeHighlight from '../../src/plugins/code-highlight/index.ts';
import pageStartup from '../../src/plugins/page-startup/index.ts';
import bundleTrim from '../../src/plugins/bundle-trim/index.ts';
import navigation from '../../src/plugins/navigation/index.ts';
import earlyInput from '../../src/plugins/early-input/index.ts';

// `enabled: false` (ORRERY_CODE_HIGHLIGHT=0 and the like in docusaurus.config.ts) removes the
// plugin before it reads its context: a stock Docusaurus site for that mechanism.
const context = {} as LoadContext;

for (const [name, plugin] of Object.entries({codeHighlight, pageStartup, bundleTrim, navigation, earlyInput})) {
  test(`${name}: enabled false turns the plugin off`, () => {
    assert.equal(plugin(context, {enabled: false}), null);
  });
}
