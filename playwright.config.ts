import {defineConfig, devices} from '@playwright/test';

/**
 * Browser tests run against the production build (build/), served under the
 * base path by scripts/serve.mjs the way a reverse proxy would, in Debian's
 * Chromium. Playwright never downloads a browser here.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
const baseUrl = process.env.BASE_URL || '/orrery/';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{name: 'chromium', use: {...devices['Desktop Chrome'], channel: undefined}}],
  webServer: {
    command: `node scripts/serve.mjs --port ${port}`,
    url: `http://127.0.0.1:${port}${baseUrl}`,
    reuseExistingServer: !process.env.CI,
    env: {BASE_URL: baseUrl},
  },
});
