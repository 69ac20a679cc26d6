import {test as base, expect, type ConsoleMessage} from '@playwright/test';
import {cspDirectives, hydrated, reportPolicyViolations} from '../page';

/** The base path the deploy tests build and serve the site under. */
export const DEPLOY_BASE = '/mission/docs/';

/**
 * Which server a project tests: nginx over build/, over the unpacked
 * package, or over build-hosted/ (the hosted-search build npm test makes).
 */
export interface DeployOptions {
  target: 'build' | 'package' | 'hosted';
}

/** What global setup started for one target (passed through the environment). */
export interface Served {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** The folder nginx serves the site from. */
  siteDir: string;
  /** The rendered nginx configuration it uses. */
  conf: string;
  /** The base path the site is served at. */
  base: string;
}

export function served(target: DeployOptions['target']): Served {
  const raw = process.env[`DEPLOY_SERVED_${target.toUpperCase()}`];
  if (!raw)
    throw new Error(`Global setup did not start the "${target}" server (DEPLOY_SERVED_${target.toUpperCase()}).`);
  return JSON.parse(raw) as Served;
}

/** A console message or page event that reports a Content-Security-Policy violation. */
export function isCspReport(text: string): boolean {
  return /Content Security Policy|Content-Security-Policy|violates the following|securitypolicyviolation/i.test(text);
}

interface Fixtures {
  server: Served;
  /** Console errors, page errors, CSP violation events and worker trouble of `page`. */
  problems: string[];
}

export const test = base.extend<Fixtures & DeployOptions>({
  target: ['build', {option: true}],
  server: async ({target}, use) => {
    await use(served(target));
  },
  baseURL: async ({server}, use) => {
    await use(`${server.origin}${server.base}`);
  },
  problems: async ({page}, use) => {
    const problems: string[] = [];
    const onConsole = (msg: ConsoleMessage) => {
      // Errors, and any message about the policy (a blocked worker only
      // makes Pagefind warn and fall back to the main thread).
      if (msg.type() === 'error' || isCspReport(msg.text()) || /web worker/i.test(msg.text())) {
        problems.push(`console ${msg.type()}: ${msg.text()}`);
      }
    };
    page.on('console', onConsole);
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    await reportPolicyViolations(page);
    await use(problems);
  },
});

export {expect, hydrated, cspDirectives};

/** Every page of a build as a path under the base: folders with an index.html, plus 404.html. */
export async function pagePaths(siteDir: string): Promise<string[]> {
  const {readdir} = await import('node:fs/promises');
  const entries = await readdir(siteDir, {recursive: true});
  return entries
    .map((e) => e.split('\\').join('/'))
    .filter((e) => e === 'index.html' || e.endsWith('/index.html'))
    .map((e) => e.slice(0, -'index.html'.length))
    .sort();
}
