import type {Page} from '@playwright/test';

/**
 * Page helpers every browser test shares (tests/e2e and tests/deploy).
 */

/** Waits until React has hydrated the page (Docusaurus sets data-has-hydrated on <html>). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
}

/**
 * Logs every Content-Security-Policy violation of the page's documents as a
 * console error, which the tests' console listeners collect: the event fires
 * for every violation, report-only ones and those in code that swallows the
 * error included (Chromium's own console message covers only some).
 */
export async function reportPolicyViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `securitypolicyviolation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
}

/** A Content-Security-Policy header value as a map from directive name to its sources. */
export function cspDirectives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}
