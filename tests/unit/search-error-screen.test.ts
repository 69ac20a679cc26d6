import {test} from 'node:test';
import assert from 'node:assert/strict';
import {keepErrorScreen, STALL_THRESHOLD_MS} from '../../src/plugins/search-pagefind/client/errorScreen.ts';

/** How DocSearch 3.9 calls the client in getSources (DocSearchModal). */
function docSearchGetSources(client: {search: (arg: unknown) => Promise<unknown>}, setStatus: (s: string) => void) {
  return client
    .search({requests: [{query: 'q'}]})
    .catch((error: {name?: string}) => {
      if (error.name === 'RetryError') setStatus('error');
      throw error;
    })
    .then((response) => response);
}

const settled = (p: Promise<unknown>, ms = 50) =>
  Promise.race([
    p.then(
      () => 'resolved',
      () => 'rejected',
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), ms)),
  ]);

function retryError(): Error {
  const error = new Error('Unreachable hosts');
  error.name = 'RetryError';
  return error;
}

test('results pass through unchanged', async () => {
  const client = keepErrorScreen({search: async () => ({results: [{hits: [1]}]}), other: 42});
  assert.deepEqual(await client.search(), {results: [{hits: [1]}]});
  assert.equal(client.other, 42);
  const statuses: string[] = [];
  assert.deepEqual(await docSearchGetSources(client, (s) => statuses.push(s)), {results: [{hits: [1]}]});
  assert.deepEqual(statuses, []);
});

test('a RetryError sets the error status and leaves the request pending, after the stall threshold', async () => {
  let clock = 0;
  const slept: number[] = [];
  const client = keepErrorScreen(
    {
      search: async () => {
        clock += 100;
        throw retryError();
      },
    },
    {now: () => clock, sleep: async (ms) => void slept.push(ms)},
  );
  const statuses: string[] = [];
  const chain = docSearchGetSources(client, (s) => statuses.push(s));
  assert.equal(await settled(chain), 'pending');
  assert.deepEqual(statuses, ['error']);
  // Reported once autocomplete's 300 ms stall timer has fired (plus a margin).
  assert.equal(slept.length, 1);
  assert.ok((slept[0] ?? 0) + 100 > STALL_THRESHOLD_MS);
});

test('a failure after the stall threshold still waits for an overdue stall timer to run first', async () => {
  // The request fails after the threshold, and autocomplete's stall timer, overdue, has not run yet
  // (on a busy page its task can be queued behind the network task that carries the failure).
  const statuses: string[] = [];
  const client = keepErrorScreen(
    {
      search: async () => {
        setTimeout(() => statuses.push('stalled'), 0);
        throw retryError();
      },
    },
    {
      now: (() => {
        let calls = 0;
        return () => (calls++ === 0 ? 0 : 1_000);
      })(),
    },
  );
  assert.equal(
    await settled(
      docSearchGetSources(client, (s) => statuses.push(s)),
      200,
    ),
    'pending',
  );
  // The last status set is the one the modal shows.
  assert.deepEqual(statuses, ['stalled', 'error']);
});

test('other errors reject as before; awaiting a held failure still rejects', async () => {
  const plain = keepErrorScreen({
    search: async () => {
      throw new TypeError('bad request');
    },
  });
  await assert.rejects(plain.search(), TypeError);
  const statuses: string[] = [];
  assert.equal(await settled(docSearchGetSources(plain, (s) => statuses.push(s))), 'rejected');
  assert.deepEqual(statuses, []);

  const held = keepErrorScreen(
    {
      search: async () => {
        throw retryError();
      },
    },
    {sleep: async () => undefined},
  );
  await assert.rejects(held.search(), {name: 'RetryError'});
});

test("the wrapped client keeps the original's `this`", async () => {
  const original = {
    hosts: 4,
    async search(this: {hosts: number}) {
      return this.hosts;
    },
  };
  assert.equal(await keepErrorScreen(original).search(), 4);
});
