import {test} from 'node:test';
import assert from 'node:assert/strict';

// Bad content stops the build: Docusaurus finds broken links, anchors and Markdown links and
// images itself (its own behaviour, tested upstream); what is ours is the choice to throw rather
// than warn, and it is this site's whole defence against a link that leads nowhere.
test('broken links, anchors, Markdown links and Markdown images fail the build', async () => {
  const mod = (await import('../../docusaurus.config.ts')) as {default: {default?: unknown} | unknown};
  const config = ((mod.default as {default?: unknown}).default ?? mod.default) as {
    onBrokenLinks?: string;
    onBrokenAnchors?: string;
    markdown?: {hooks?: {onBrokenMarkdownLinks?: string; onBrokenMarkdownImages?: string}};
  };
  assert.equal(config.onBrokenLinks, 'throw');
  assert.equal(config.onBrokenAnchors, 'throw');
  assert.equal(config.markdown?.hooks?.onBrokenMarkdownLinks, 'throw');
  assert.equal(config.markdown?.hooks?.onBrokenMarkdownImages, 'throw');
});
