import {defineConfig, devices} from '@playwright/test';
import {chromiumLaunchOptions} from './tests/chromium';
import {envPort} from './tests/ports';

/**
 * Browser tests run against the production build (build/), served under the
 * base path by scripts/serve.mjs the way a reverse proxy would, in Debian's
 * Chromium. Playwright never downloads a browser here.
 */
// Free ports unless E2E_PORT / E2E_HOSTED_PORT name them (tests/ports.ts): a
// fixed port fails when another program (Vite's preview on 4173, say) has it.
const port = envPort('E2E_PORT');
// The hosted-search variant (build-hosted/, scripts/search-hosted-build.mjs) on its own port.
const hostedPort = envPort('E2E_HOSTED_PORT');
const baseUrl = process.env.BASE_URL || '/orrery/';

export default defineConfig({
  testDir: './tests/e2e',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: [['list'], ['json', {outputFile: 'test-results/e2e.json'}]],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}${baseUrl}`,
    trace: 'off',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'chromium',
      use: {...devices['Desktop Chrome'], channel: undefined},
      testIgnore: /search-hosted\.spec\.ts$/,
    },
    {
      // Hosted (Algolia) search: the same site built with ALGOLIA_* set; the
      // tests answer the browser's requests to Algolia's hosts themselves.
      name: 'hosted-search',
      use: {...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${hostedPort}${baseUrl}`},
      testMatch: /search-hosted\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      command: `node scripts/serve.mjs --port ${port}`,
      url: `http://127.0.0.1:${port}${baseUrl}`,
      reuseExistingServer: !process.env.CI,
      env: {BASE_URL: baseUrl},
    },
    {
      // npm test builds build-hosted/ first; run alone, Playwright builds it when missing.
      command: `node scripts/search-hosted-build.mjs --if-missing && node scripts/serve.mjs --port ${hostedPort} --dir build-hosted`,
      url: `http://127.0.0.1:${hostedPort}${baseUrl}`,
      reuseExistingServer: !process.env.CI,
      env: {BASE_URL: baseUrl},
      timeout: 300_000,
    },
  ],
});
