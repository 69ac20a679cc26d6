import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {ConfigError} from '../../src/config/env.ts';
import {isHostedSearch, readSearchConfig} from '../../src/config/search.ts';
import {EMBEDDED_APP_ID, MAX_RESULTS_PER_GROUP} from '../../src/plugins/search-pagefind/options.ts';

const site = {baseUrl: '/orrery/', siteUrl: 'https://orrery-space.github.io'};
const hosted = {ALGOLIA_APP_ID: 'ABC123', ALGOLIA_API_KEY: 'search-only-key', ALGOLIA_INDEX_NAME: 'orrery'};

test('no Algolia variables: embedded search with placeholder credentials and no head tags', () => {
  const setup = readSearchConfig({}, site);
  assert.equal(setup.mode, 'embedded');
  assert.deepEqual(setup.headTags, []);
  assert.deepEqual(setup.algolia.embedded, {indexPath: 'pagefind/'});
  assert.equal(setup.algolia.contextualSearch, true);
  assert.equal(setup.algolia.searchPagePath, 'search');
  assert.equal(setup.algolia.insights, false);
  assert.equal(setup.algolia.maxResultsPerGroup, MAX_RESULTS_PER_GROUP);
  // The theme requires non-empty strings.
  for (const key of ['appId', 'apiKey', 'indexName'] as const) {
    assert.ok(setup.algolia[key].length > 0, key);
  }
  // Empty and blank values count as unset.
  assert.equal(readSearchConfig({ALGOLIA_APP_ID: '', ALGOLIA_API_KEY: '  '}, site).mode, 'embedded');
});

test("the embedded app id makes the theme's preconnect URL invalid, so no connection is opened", () => {
  assert.throws(() => new URL(`https://${EMBEDDED_APP_ID}-dsn.algolia.net`), TypeError);
});

test('all three variables: hosted DocSearch with contextual search and the site settings', () => {
  const setup = readSearchConfig(hosted, site);
  assert.equal(setup.mode, 'hosted');
  const a = setup.algolia;
  assert.equal(a.appId, 'ABC123');
  assert.equal(a.apiKey, 'search-only-key');
  assert.equal(a.indexName, 'orrery');
  assert.equal(a.contextualSearch, true);
  assert.equal(a.searchPagePath, 'search');
  assert.equal(a.maxResultsPerGroup, MAX_RESULTS_PER_GROUP);
  assert.equal(a.insights, false);
  assert.equal(a.embedded, undefined);
  assert.deepEqual(a.replaceSearchResultPathname, {from: '/orrery/', to: '/'});
  assert.deepEqual(a.searchParameters, {});
  assert.deepEqual(setup.headTags, [
    {
      tagName: 'link',
      attributes: {rel: 'preconnect', href: 'https://ABC123-dsn.algolia.net', crossorigin: 'anonymous'},
    },
  ]);
});

test('the default external-URL pattern matches URLs outside the crawled site only', () => {
  const re = new RegExp(readSearchConfig(hosted, site).algolia.externalUrlRegex ?? '', 'i');
  assert.equal(re.test('https://orrery-space.github.io/orrery/planning/anchors/#x'), false);
  assert.equal(re.test('http://orrery-space.github.io/orrery/'), false);
  assert.equal(re.test('https://orrery-space.github.io/orrery-javadoc/index.html'), true);
  assert.equal(re.test('https://javadoc.example.org/orrery/'), true);
  const custom = readSearchConfig({...hosted, ALGOLIA_EXTERNAL_URL_REGEX: 'javadoc\\.'}, site).algolia;
  assert.equal(custom.externalUrlRegex, 'javadoc\\.');
});

test('insights only with ALGOLIA_INSIGHTS=true', () => {
  assert.equal(readSearchConfig({...hosted, ALGOLIA_INSIGHTS: 'true'}, site).algolia.insights, true);
  assert.equal(readSearchConfig({...hosted, ALGOLIA_INSIGHTS: 'false'}, site).algolia.insights, false);
  assert.throws(() => readSearchConfig({...hosted, ALGOLIA_INSIGHTS: 'yes'}, site), /ALGOLIA_INSIGHTS must be/);
});

test('the path rule strips the crawled base path, which may differ from this build', () => {
  const other = readSearchConfig({...hosted, ALGOLIA_INDEXED_BASE_URL: '/orrery/'}, {...site, baseUrl: '/docs/'});
  assert.deepEqual(other.algolia.replaceSearchResultPathname, {from: '/orrery/', to: '/'});
  assert.throws(
    () => readSearchConfig({...hosted, ALGOLIA_INDEXED_BASE_URL: 'orrery'}, site),
    /ALGOLIA_INDEXED_BASE_URL must be/,
  );
});

test('extra search parameters come from ALGOLIA_SEARCH_PARAMETERS as a JSON object', () => {
  const a = readSearchConfig({...hosted, ALGOLIA_SEARCH_PARAMETERS: '{"analyticsTags":["docs"]}'}, site).algolia;
  assert.deepEqual(a.searchParameters, {analyticsTags: ['docs']});
  for (const bad of ['[1]', 'nope', '"x"', 'null']) {
    assert.throws(
      () => readSearchConfig({...hosted, ALGOLIA_SEARCH_PARAMETERS: bad}, site),
      (err: unknown) => err instanceof ConfigError && err.message.includes('ALGOLIA_SEARCH_PARAMETERS'),
    );
  }
});

test('a missing or empty app id is "appId is missing", naming ALGOLIA_APP_ID', () => {
  for (const ALGOLIA_APP_ID of [undefined, '', '   ']) {
    assert.throws(
      () => readSearchConfig({...hosted, ALGOLIA_APP_ID}, site),
      (err: unknown) =>
        err instanceof ConfigError &&
        err.message.includes('ALGOLIA_APP_ID') &&
        err.message.includes('appId is missing'),
    );
  }
});

test('a missing or empty API key is "apiKey is missing", naming ALGOLIA_API_KEY', () => {
  for (const ALGOLIA_API_KEY of [undefined, '']) {
    assert.throws(
      () => readSearchConfig({...hosted, ALGOLIA_API_KEY}, site),
      (err: unknown) =>
        err instanceof ConfigError &&
        err.message.includes('ALGOLIA_API_KEY') &&
        err.message.includes('apiKey is missing'),
    );
  }
});

test('a missing index name names ALGOLIA_INDEX_NAME; a malformed app id is refused', () => {
  assert.throws(() => readSearchConfig({...hosted, ALGOLIA_INDEX_NAME: ''}, site), /ALGOLIA_INDEX_NAME/);
  assert.throws(() => readSearchConfig({...hosted, ALGOLIA_APP_ID: 'abc.evil/'}, site), /ALGOLIA_APP_ID must be/);
});

test('hosted mode is chosen as soon as any of the three variables is set', () => {
  assert.equal(isHostedSearch({}), false);
  assert.equal(isHostedSearch({ALGOLIA_INDEX_NAME: 'x'}), true);
  assert.equal(isHostedSearch({ALGOLIA_API_KEY: ' '}), false);
});

test('the site configuration stops on a missing key before anything is built, naming the variable', () => {
  // What `docusaurus build` does first: load docusaurus.config.ts with the environment.
  const root = path.resolve(import.meta.dirname, '..', '..');
  const load = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', '-e', "await import('./docusaurus.config.ts')"], {
      cwd: root,
      encoding: 'utf8',
      env: {...process.env, ALGOLIA_APP_ID: '', ALGOLIA_API_KEY: '', ALGOLIA_INDEX_NAME: '', ...env},
    });
  const noKey = load({ALGOLIA_APP_ID: 'ABC123', ALGOLIA_INDEX_NAME: 'orrery'});
  assert.notEqual(noKey.status, 0);
  assert.match(noKey.stderr, /ALGOLIA_API_KEY is empty or missing: apiKey is missing/);
  const noApp = load({ALGOLIA_API_KEY: 'key', ALGOLIA_INDEX_NAME: 'orrery'});
  assert.notEqual(noApp.status, 0);
  assert.match(noApp.stderr, /ALGOLIA_APP_ID is empty or missing: appId is missing/);
  assert.equal(load({}).status, 0, 'no variables: embedded search, the configuration loads');
});
