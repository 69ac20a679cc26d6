import {test as base, expect} from '@playwright/test';
import {DEPLOY_BASE, served, type DeployOptions} from '../deploy/fixtures';
import {hydrated, reportPolicyViolations} from '../page';

/**
 * The base path the browser tests serve the site under: global setup
 * (tests/deploy/global-setup.ts) serves build/, built for it, through nginx.
 */
export const baseUrl = DEPLOY_BASE;

/** A site path without the base, e.g. 'planning/anchors/' -> '/mission/docs/planning/anchors/'. */
export function sitePath(p: string): string {
  return baseUrl + p.replace(/^\//, '');
}

/**
 * `target` (a project option) picks the server global setup started: build/
 * or build-hosted/; `baseURL` follows it. `consoleErrors` collects console
 * errors, uncaught page errors and Content-Security-Policy violations of the
 * default page; tests that expect none assert on it.
 */
export const test = base.extend<{consoleErrors: string[]} & DeployOptions>({
  target: ['build', {option: true}],
  baseURL: async ({target}, use) => {
    const server = served(target);
    await use(`${server.origin}${server.base}`);
  },
  consoleErrors: async ({page}, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await reportPolicyViolations(page);
    await use(errors);
  },
});

export {expect, hydrated, reportPolicyViolations};
