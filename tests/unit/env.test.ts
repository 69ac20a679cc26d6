import {test} from 'node:test';
import assert from 'node:assert/strict';
import {ConfigError, contentId, readBaseUrl, readFlag, readSiteUrl} from '../../src/config/env.ts';

test('BASE_URL defaults to /orrery/ and accepts any slash-wrapped path', () => {
  assert.equal(readBaseUrl({}), '/orrery/');
  assert.equal(readBaseUrl({BASE_URL: ''}), '/orrery/');
  assert.equal(readBaseUrl({BASE_URL: '/mission/docs/'}), '/mission/docs/');
  assert.equal(readBaseUrl({BASE_URL: '/'}), '/');
});

test('a malformed BASE_URL is an error naming the variable and the value', () => {
  for (const bad of ['orrery/', '/orrery', 'https://x.org/docs/', '/a b/', '/a//b/', '/docs?x/']) {
    assert.throws(
      () => readBaseUrl({BASE_URL: bad}),
      (err: unknown) => err instanceof ConfigError && err.message.includes('BASE_URL') && err.message.includes(bad),
    );
  }
});

test('SITE_URL is an http(s) origin without a path', () => {
  assert.equal(readSiteUrl({}), 'https://orrery-space.github.io');
  assert.equal(readSiteUrl({SITE_URL: 'https://docs.example.org'}), 'https://docs.example.org');
  assert.equal(readSiteUrl({SITE_URL: 'http://10.0.0.5:8080/'}), 'http://10.0.0.5:8080');
  assert.throws(() => readSiteUrl({SITE_URL: 'docs.example.org'}), /SITE_URL must be an absolute/);
  assert.throws(() => readSiteUrl({SITE_URL: 'ftp://docs.example.org'}), /SITE_URL must use http/);
  assert.throws(() => readSiteUrl({SITE_URL: 'https://example.org/docs/'}), /put the path in BASE_URL/);
});

test('flags accept true/false/1/0 and reject anything else by name', () => {
  assert.equal(readFlag({}, 'ALGOLIA_INSIGHTS', false), false);
  assert.equal(readFlag({ALGOLIA_INSIGHTS: 'TRUE'}, 'ALGOLIA_INSIGHTS', false), true);
  assert.equal(readFlag({ALGOLIA_INSIGHTS: '0'}, 'ALGOLIA_INSIGHTS', true), false);
  assert.throws(() => readFlag({ALGOLIA_INSIGHTS: 'yes'}, 'ALGOLIA_INSIGHTS', false), /ALGOLIA_INSIGHTS must be/);
});

test('the content id is stable for the same content and changes with it', () => {
  const a = contentId('announcement', 'Orrery 3.5.0 is out');
  assert.equal(a, contentId('announcement', 'Orrery 3.5.0 is out'));
  assert.match(a, /^announcement-[0-9a-z]+$/);
  assert.notEqual(a, contentId('announcement', 'Orrery 3.6.0 is out'));
});
