import {defineConfig, devices} from '@playwright/test';
import {chromiumLaunchOptions} from './tests/chromium';
import type {DeployOptions} from './tests/deploy/fixtures';

/**
 * Deploy tests: the site built for /mission/docs/ behind Debian's nginx with
 * the configuration from deploy/nginx/, in Debian's Chromium. Global setup
 * (tests/deploy/global-setup.ts) builds into build-nginx/ when needed, makes
 * the `npm run package` tarball from that build and unpacks it into a fresh
 * folder, then starts two private nginx instances on 127.0.0.1: one serving
 * build-nginx/ (project "nginx"), one serving the unpacked bundle with the
 * configuration inside it (project "package"), and, when npm test has made
 * build-hosted/, one over that hosted-search build (project "hosted"). It
 * stops them by PID.
 */

export default defineConfig<DeployOptions>({
  testDir: './tests/deploy',
  globalSetup: './tests/deploy/global-setup.ts',
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  fullyParallel: true,
  reporter: process.env.CI ? [['list'], ['json', {outputFile: 'test-results/deploy.json'}]] : 'list',
  outputDir: 'test-results/deploy',
  timeout: 60_000,
  use: {
    trace: 'off',
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: 'nginx',
      use: {...devices['Desktop Chrome'], channel: undefined, target: 'build'},
      testIgnore: /hosted\.spec\.ts$/,
    },
    {
      name: 'package',
      use: {...devices['Desktop Chrome'], channel: undefined, target: 'package'},
      testIgnore: /hosted\.spec\.ts$/,
    },
    {
      // build-hosted/ (hosted Algolia search), when npm test has built it.
      name: 'hosted',
      use: {...devices['Desktop Chrome'], channel: undefined, target: 'hosted'},
      testMatch: /hosted\.spec\.ts$/,
    },
  ],
});
