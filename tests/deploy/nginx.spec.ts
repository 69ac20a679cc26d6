import {existsSync} from 'node:fs';
import path from 'node:path';
import {test, expect, cspDirectives, hydrated, pagePaths, DEPLOY_BASE} from './fixtures';

/**
 * The site built for /mission/docs/ behind real nginx with the configuration
 * from deploy/nginx/: run once over build/ (project "nginx") and once
 * over the unpacked `npm run package` bundle (project "package").
 */

/** A fetch response's headers as one object, names in lower case. */
function headersOf(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

test.describe('HTTP behaviour', () => {
  test('every page answers 200 under the sub-path, with security headers and a CSP that allows exactly its inline scripts', async ({
    server,
  }) => {
    const {hashSource, inspectHtml} = await import('../../scripts/csp.mjs');
    const paths = await pagePaths(server.siteDir);
    expect(paths.length).toBeGreaterThan(100);
    // Node's fetch, a few at a time: a page through Playwright's request API costs a round trip
    // to its driver, and 300 of them were most of this test's time.
    const queue = [...paths];
    const pages: {p: string; status: number; headers: Record<string, string>; html: string}[] = [];
    await Promise.all(
      Array.from({length: 6}, async () => {
        for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
          const response = await fetch(`${server.origin}${DEPLOY_BASE}${p}`, {redirect: 'manual'});
          pages.push({
            p,
            status: response.status,
            headers: headersOf(response),
            html: await response.text(),
          });
        }
      }),
    );
    expect(pages.length).toBe(paths.length);
    for (const {p, status, headers, html} of pages) {
      expect(status, `status of ${DEPLOY_BASE}${p}`).toBe(200);
      expect(headers['content-type']).toBe('text/html; charset=utf-8');
      expect(headers['cache-control'], `Cache-Control of ${p}`).toBe('no-cache');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
      const csp = cspDirectives(headers['content-security-policy'] ?? '');
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      const scriptSrc = csp.get('script-src') ?? [];
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      const {scripts, problems} = inspectHtml(html);
      expect(problems, `markup CSP would block on ${p}`).toEqual([]);
      for (const s of scripts) expect(scriptSrc, `hash of an inline script on ${p}`).toContain(hashSource(s));
    }
  });

  test('the CSP allows only what the embedded search needs', async ({request, server}) => {
    const response = await request.get(DEPLOY_BASE);
    const csp = cspDirectives(response.headers()['content-security-policy'] ?? '');
    const embedded = existsSync(path.join(server.siteDir, 'pagefind', 'pagefind.js'));
    expect(csp.get('script-src')?.includes("'wasm-unsafe-eval'")).toBe(embedded);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  test('unknown paths get the site 404 page with status 404', async ({request}) => {
    for (const p of ['no/such/page/', 'planning/no-such-guide/', 'assets/js/missing.0123abcd.js', '.git/config']) {
      const response = await request.get(`${DEPLOY_BASE}${p}`, {maxRedirects: 0});
      expect(response.status(), p).toBe(404);
      expect(await response.text()).toContain('Page Not Found');
      expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    }
  });

  test('folders without a trailing slash, and the bare base path, redirect with a relative Location', async ({
    request,
  }) => {
    const bare = await request.get(DEPLOY_BASE.slice(0, -1), {maxRedirects: 0});
    expect(bare.status()).toBe(301);
    expect(bare.headers()['location']).toBe(DEPLOY_BASE);
    const folder = await request.get(`${DEPLOY_BASE}planning?from=test`, {maxRedirects: 0});
    expect(folder.status()).toBe(301);
    expect(folder.headers()['location']).toBe(`${DEPLOY_BASE}planning/?from=test`);
  });

  test('hashed assets are cached for a year as immutable, and text is sent gzipped', async ({request}) => {
    const home = await (await request.get(DEPLOY_BASE)).text();
    // <script src>, <link href>, or the after-paint loader's list of URLs.
    const assets = [
      ...new Set(
        [...home.matchAll(/(\/[^"'\s>]*?assets\/(?:js|css)\/[^"'\s>]+?\.(?:js|css))/g)].map((m) => m[1] ?? ''),
      ),
    ];
    expect(assets.length).toBeGreaterThan(1);
    let gzipped = 0;
    for (const asset of assets) {
      const response = await request.get(asset, {headers: {'Accept-Encoding': 'gzip'}});
      expect(response.status(), asset).toBe(200);
      const headers = response.headers();
      expect(headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
      // nginx leaves files under gzip_min_length (512 bytes) as they are (body() is decoded).
      if ((await response.body()).length >= 512) {
        gzipped += 1;
        expect(headers['content-encoding'], asset).toBe('gzip');
        expect(headers['vary']).toContain('Accept-Encoding');
      } else {
        expect(headers['content-encoding'], asset).toBeUndefined();
      }
      expect(headers['x-content-type-options']).toBe('nosniff');
    }
    expect(gzipped, 'the main bundle and the stylesheet at least').toBeGreaterThanOrEqual(2);
    const page = await request.get(`${DEPLOY_BASE}glossary/`, {headers: {'Accept-Encoding': 'gzip'}});
    expect(page.headers()['content-encoding']).toBe('gzip');
    // Files whose name does not change with their content revalidate.
    const sitemap = await request.get(`${DEPLOY_BASE}sitemap.xml`);
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['cache-control']).toBe('no-cache');
  });
});

test('llms.txt lists every page with its description, and llms-full.txt holds their Markdown', async ({
  request,
  server,
}) => {
  const response = await request.get(`${DEPLOY_BASE}llms.txt`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const txt = await response.text();
  expect(txt.startsWith('# Orrery Documentation\n\n> ')).toBe(true);
  const links = [...txt.matchAll(/^\s*- \[[^\]]+\]\((\S+?)\)(: .+)?$/gm)];
  const origin = new URL(links[0]?.[1] ?? 'http://x').origin;
  const listed = new Set(links.map((m) => new URL(m[1] ?? '').pathname));
  const pages = (await pagePaths(server.siteDir)).filter((p) => p && !/^(tests|search)\//.test(p));
  const missing = pages.filter((p) => !listed.has(`${DEPLOY_BASE}${p}`));
  expect(missing, 'pages missing from llms.txt').toEqual([]);
  // Doc pages carry their description.
  const described = links.filter((m) => !/\/category\//.test(m[1] ?? '') && !/\d+\.\d+\.\d+\//.test(m[1] ?? ''));
  expect(described.every((m) => (m[2] ?? '').length > 3)).toBe(true);

  const full = await (await request.get(`${DEPLOY_BASE}llms-full.txt`)).text();
  const sources = [...full.matchAll(/^Source: (\S+)$/gm)].map((m) => m[1]);
  expect(sources).toContain(`${origin}${DEPLOY_BASE}planning/anchors/`);
  expect(sources.some((u) => /\/\d+\.\d+\.\d+\//.test(u ?? ''))).toBe(false);
});

test.describe('in Chromium', () => {
  // Over build/, every page is walked in Chromium through this same nginx by the site
  // project's sitemap walk (tests/e2e/sitemap.spec.ts: status, console, CSP, axe). The bundle
  // serves the same files (its manifest is checked) under its own copy of the configuration:
  // every eighth page is walked there.
  test("the bundle's pages load with no CSP violation and no console error", async ({
    page,
    problems,
    server,
    target,
  }) => {
    test.skip(target !== 'package', 'Over build/, the sitemap walk of the site project covers every page.');
    test.setTimeout(180_000);
    const all = (await pagePaths(server.siteDir)).filter((p) => !p.startsWith('tests/'));
    const sample = all.filter((_, i) => i % 8 === 0);
    expect(sample.length).toBeGreaterThan(20);
    for (const p of sample) {
      const response = await page.goto(`${DEPLOY_BASE}${p}`, {waitUntil: 'load'});
      expect(response?.status(), `status of ${p}`).toBe(200);
      await hydrated(page);
      expect(problems, `console on ${DEPLOY_BASE}${p}`).toEqual([]);
    }
  });

  test('an unknown path shows the 404 page, and its links work', async ({page, problems}) => {
    const response = await page.goto('no/such/page/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
    await hydrated(page);
    await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Docs', exact: true}).click();
    await expect(page).toHaveURL(new RegExp(`${DEPLOY_BASE}introduction/$`));
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    expect(problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
  });

  test('diagrams render under the policy', async ({page, problems}) => {
    await page.goto('tests/mermaid/');
    await hydrated(page);
    // Drawn at build time: inline SVG, with its own <style>, which the policy must allow.
    await expect(page.locator('.docusaurus-mermaid-container svg').filter({visible: true}).first()).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('colour mode switches and persists, and navigation stays under the sub-path', async ({page, problems}) => {
    await page.goto('introduction/');
    await hydrated(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await hydrated(page);

    const nav = page.getByRole('navigation', {name: 'Main'});
    await nav.getByRole('link', {name: 'API', exact: true}).click();
    await expect(page).toHaveURL(new RegExp(`${DEPLOY_BASE}api/introduction/$`));
    await nav.getByRole('link', {name: 'Upgrade Guides'}).click();
    await expect(page).toHaveURL(new RegExp(`${DEPLOY_BASE}upgrade-guides/[^/]+/$`));
    // A sidebar link, client-side, then back.
    await page.goto('planning/anchors/');
    await hydrated(page);
    await page
      .locator('.theme-doc-sidebar-menu')
      .getByRole('link', {name: /snapshots/i})
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`${DEPLOY_BASE}planning/snapshots/$`));
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${DEPLOY_BASE}planning/anchors/$`));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // The brand link goes home, under the sub-path.
    await page.locator('.navbar__brand').click();
    await expect(page).toHaveURL(new RegExp(`${DEPLOY_BASE}$`));
    expect(problems).toEqual([]);
  });

  test('search works under the policy', async ({page, problems, server}) => {
    const embedded = existsSync(path.join(server.siteDir, 'pagefind', 'pagefind.js'));
    test.skip(!embedded, 'This build has no embedded search index (build/pagefind/).');
    await page.goto('introduction/');
    await hydrated(page);

    // Pagefind itself: its WebAssembly and its worker run under the CSP.
    const direct = await page.evaluate(async (base) => {
      const pagefind = await import(/* webpackIgnore: true */ `${base}pagefind/pagefind.js`);
      const response = await pagefind.search('anchors');
      const first = response.results[0] ? await response.results[0].data() : null;
      return {count: response.results.length as number, url: (first?.url ?? '') as string};
    }, DEPLOY_BASE);
    expect(direct.count).toBeGreaterThan(0);
    expect(direct.url.startsWith(DEPLOY_BASE)).toBe(true);

    // The site's search box (the DocSearch modal over Pagefind), when the
    // build has one.
    const button = page.getByRole('button', {name: /^Search/});
    if ((await button.count()) > 0) {
      await button.first().click();
      const input = page.getByRole('searchbox').or(page.locator('input.DocSearch-Input')).first();
      await input.fill('anchors');
      const hit = page.locator('.DocSearch-Hit a, [role="option"] a').first();
      await expect(hit).toBeVisible({timeout: 15_000});
      await hit.click();
      await expect(page).not.toHaveURL(/\/introduction\/$/);
      const url = new URL(page.url());
      expect(url.origin).toBe(server.origin);
      expect(url.pathname.startsWith(DEPLOY_BASE)).toBe(true);
      await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    } else {
      test
        .info()
        .annotations.push({type: 'note', description: 'No search box in this build: checked Pagefind directly.'});
    }
    expect(problems).toEqual([]);
  });
});
