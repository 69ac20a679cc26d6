import {defineConfig, devices} from '@playwright/test';
import {chromiumLaunchOptions} from './tests/chromium';
import type {DeployOptions} from './tests/deploy/fixtures';

/**
 * Every browser test, in one run, in Debian's Chromium (Playwright never
 * downloads a browser here), against the production build served by real
 * nginx with the configuration from deploy/nginx/, under the deploy base path
 * /mission/docs/ (a base other than the default catches links that name
 * /orrery/).
 *
 * Global setup (tests/deploy/global-setup.ts) takes build/ (built for
 * /mission/docs/ by npm test, or here when missing) and build-hosted/ (the
 * hosted-search variant), makes the `npm run package` bundle from build/ and
 * unpacks it, and starts a private nginx on a free port over each of the
 * three. The projects:
 *
 * - `site`: tests/e2e over build/ (shell, versions, embedded search,
 *   diagrams, code, prefetching, early input, and the sitemap walk that
 *   checks status, console, CSP and axe on every page);
 * - `hosted-search`: tests/e2e/search-hosted.spec.ts over build-hosted/;
 * - `nginx`, `package`: tests/deploy over build/ and over the unpacked bundle
 *   (HTTP behaviour, headers, CSP, the bundle, the PDFs);
 * - `hosted`: tests/deploy/hosted.spec.ts, the hosted build's policy.
 */
const chrome = {...devices['Desktop Chrome'], channel: undefined};

export default defineConfig<DeployOptions>({
  globalSetup: './tests/deploy/global-setup.ts',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: [['list'], ['json', {outputFile: 'test-results/browser.json'}]],
  timeout: 60_000,
  use: {
    trace: 'off',
    launchOptions: chromiumLaunchOptions,
  },
  // The deploy projects come after the site: the PDF test (npm run pdf, three pages at a time)
  // is fastest at the end, with the cores less busy; run first, it took 126 s instead of 72.
  projects: [
    {
      name: 'site',
      testDir: './tests/e2e',
      testIgnore: /search-hosted\.spec\.ts$/,
      use: {...chrome, target: 'build'},
    },
    {
      name: 'hosted-search',
      testDir: './tests/e2e',
      testMatch: /search-hosted\.spec\.ts$/,
      use: {...chrome, target: 'hosted'},
    },
    {
      name: 'nginx',
      testDir: './tests/deploy',
      fullyParallel: true,
      testIgnore: /hosted\.spec\.ts$/,
      use: {...chrome, target: 'build'},
    },
    {
      name: 'package',
      testDir: './tests/deploy',
      fullyParallel: true,
      testIgnore: /hosted\.spec\.ts$/,
      use: {...chrome, target: 'package'},
    },
    {
      name: 'hosted',
      testDir: './tests/deploy',
      fullyParallel: true,
      testMatch: /hosted\.spec\.ts$/,
      use: {...chrome, target: 'hosted'},
    },
  ],
});
