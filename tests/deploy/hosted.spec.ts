import type {Route} from '@playwright/test';
import {test, expect, cspDirectives, hydrated} from './fixtures';

/**
 * The hosted-search build (build-hosted/, Algolia DocSearch with test
 * credentials) behind nginx with its rendered configuration: the policy names
 * that application's Algolia hosts in connect-src and nothing for the
 * embedded search, and a search from the modal passes it. The browser's
 * requests to Algolia are answered here (no network).
 */

test('the policy of a hosted-search build allows its Algolia hosts and no WebAssembly', async ({request, server}) => {
  const response = await request.get(server.base);
  expect(response.status()).toBe(200);
  const csp = cspDirectives(response.headers()['content-security-policy'] ?? '');
  const connect = csp.get('connect-src') ?? [];
  expect(connect[0]).toBe("'self'");
  expect(connect.some((h) => /^https:\/\/[a-z0-9]+-dsn\.algolia\.net$/.test(h))).toBe(true);
  expect(csp.get('script-src')).not.toContain("'wasm-unsafe-eval'");
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
});

test('a search from the modal reaches Algolia under the policy', async ({page, problems, server}) => {
  const origin = server.origin;
  const calls: string[] = [];
  await page.context().route(/^https:\/\/[^/]+\.(algolia\.net|algolianet\.com|algolia\.io)\//, async (route: Route) => {
    const cors = {'access-control-allow-origin': origin, 'access-control-allow-headers': '*'};
    if (route.request().method() === 'OPTIONS') return route.fulfill({status: 204, headers: cors});
    calls.push(route.request().url());
    const body = (route.request().postDataJSON() ?? {requests: []}) as {requests: {params?: {query?: string}}[]};
    const results = body.requests.map((r) => ({
      hits: [],
      nbHits: 0,
      page: 0,
      nbPages: 0,
      hitsPerPage: 20,
      processingTimeMS: 1,
      exhaustiveNbHits: true,
      query: r.params?.query ?? '',
      params: '',
    }));
    return route.fulfill({status: 200, headers: cors, json: {results}});
  });
  await page.goto('introduction/');
  await hydrated(page);
  await page
    .getByRole('button', {name: /^Search/})
    .first()
    .click();
  await page.locator('input.DocSearch-Input').fill('no such words here');
  // Blocked by the policy, the modal would show its error screen instead.
  await expect(page.getByText('No results for')).toBeVisible({timeout: 15_000});
  expect(calls.length).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});
