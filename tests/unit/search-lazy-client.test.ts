import {test} from 'node:test';
import assert from 'node:assert/strict';
import {lazySearchClient} from '../../src/plugins/search-pagefind/client/lazyClient.ts';
import {getIndexProblem, setIndexProblem} from '../../src/plugins/search-pagefind/client/indexProblem.ts';
import type {EmbeddedSearchClient, SearchArgument} from '../../src/plugins/search-pagefind/client/client.ts';

function fakeClient(answer: string): EmbeddedSearchClient & {calls: SearchArgument[]; warmed: number} {
  const calls: SearchArgument[] = [];
  const fake: EmbeddedSearchClient & {calls: SearchArgument[]; warmed: number} = {
    calls,
    warmed: 0,
    warm: () => {
      fake.warmed += 1;
    },
    search: async (arg: SearchArgument) => {
      calls.push(arg);
      return {results: [{query: answer} as never]};
    },
    addAlgoliaAgent: () => undefined,
    transporter: {algoliaAgent: {value: answer, add: () => undefined}},
  };
  return fake;
}

/** A lazy client over `inner`, counting how often its code was loaded. */
function counted(inner: EmbeddedSearchClient): {client: EmbeddedSearchClient; loads: () => number} {
  let loads = 0;
  const client = lazySearchClient(async () => {
    loads += 1;
    return inner;
  });
  return {client, loads: () => loads};
}

test('the client code is not loaded until the first query, then loaded once', async () => {
  const inner = fakeClient('loaded');
  const {client, loads} = counted(inner);
  assert.equal(loads(), 0);
  const [a, b] = await Promise.all([
    client.search({requests: [{query: 'rate'}]} as SearchArgument),
    client.search({requests: [{query: 'anchor'}]} as SearchArgument),
  ]);
  assert.equal(loads(), 1);
  assert.deepEqual(a, {results: [{query: 'loaded'}]});
  assert.deepEqual(b, {results: [{query: 'loaded'}]});
  assert.equal(inner.calls.length, 2);
  await client.search({requests: [{query: 'third'}]} as SearchArgument);
  assert.equal(loads(), 1);
});

test('a failed load rejects with the error DocSearch shows its error screen for, and the next query retries', async () => {
  setIndexProblem(null);
  let attempts = 0;
  const client = lazySearchClient(async () => {
    attempts += 1;
    if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return fakeClient('second try');
  });
  await assert.rejects(client.search({requests: [{query: 'q'}]} as SearchArgument), (error: Error) => {
    assert.equal(error.name, 'RetryError');
    assert.equal((error as Error & {reason?: string}).reason, 'network');
    assert.ok(error.cause instanceof TypeError);
    return true;
  });
  assert.equal(getIndexProblem(), 'network');
  const answer = await client.search({requests: [{query: 'q'}]} as SearchArgument);
  assert.deepEqual(answer, {results: [{query: 'second try'}]});
  assert.equal(attempts, 2);
});

test('it has the agent DocSearch adds to, without loading anything', () => {
  const {client, loads} = counted(fakeClient('x'));
  client.addAlgoliaAgent('docusaurus', '3.10.2');
  assert.equal(client.transporter.algoliaAgent.add({segment: 'docsearch'}), client.transporter.algoliaAgent);
  assert.match(client.transporter.algoliaAgent.value, /Pagefind/);
  assert.equal(loads(), 0);
});

test('warm() loads the client code once, warms the loaded client, and the first query reuses the load', async () => {
  const inner = fakeClient('warm');
  const {client, loads} = counted(inner);
  client.warm();
  client.warm();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(loads(), 1);
  assert.equal(inner.warmed, 2);
  assert.equal(inner.calls.length, 0, 'warming runs no query');
  await client.search({requests: [{query: 'rate'}]} as SearchArgument);
  assert.equal(loads(), 1);
});

test('a failed warm-up rejects nothing, and the first query loads the code again', async () => {
  let attempts = 0;
  const client = lazySearchClient(async () => {
    attempts += 1;
    if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return fakeClient('after warm failure');
  });
  client.warm();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(attempts, 1);
  assert.deepEqual(await client.search({requests: [{query: 'q'}]} as SearchArgument), {
    results: [{query: 'after warm failure'}],
  });
  assert.equal(attempts, 2);
});
