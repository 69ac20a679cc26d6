// Orrery's environment variables in samples: each `ORRERY_…` name one that facts/facts.yaml `env`
// lists (CONTRIBUTING, "Environment variables"), and none on a page about a release before the
// variable came.
import {releaseKey, type Facts} from './facts.ts';
import type {Report} from './types.ts';

/** A whole variable name (not a prefix written `ORRERY_SIM_WORKER_*`). */
const VARIABLE = /\bORRERY_[A-Z0-9_]*[A-Z0-9]\b/g;

/**
 * The release a page is about: a versioned docs page's, or the release an upgrade guide
 * (`…/2-6-2-to-2-7-0.md`) leads to; else `current`.
 */
export function pageRelease(file: string, current: string): string {
  const path = file.split('\\').join('/');
  const versioned = /(?:^|\/)versioned_docs\/version-(\d+\.\d+\.\d+)\//.exec(path);
  if (versioned?.[1]) return versioned[1];
  const guide = /(?:^|\/)upgrade-guides\/(?:.*\/)?\d+-\d+-\d+-to-(\d+)-(\d+)-(\d+)\.mdx?$/.exec(path);
  return guide ? `${guide[1]}.${guide[2]}.${guide[3]}` : current;
}

export function checkEnv(code: string, facts: Facts, release: string, report: Report): void {
  // A facts file without an env list (the unit tests' small ones) checks no variables.
  if (facts.env.size === 0 || !code.includes('ORRERY_')) return;
  code.split('\n').forEach((text, index) => {
    for (const [name] of text.matchAll(VARIABLE)) {
      const variable = facts.env.get(name);
      // A prefix of known names, as in `grep -E 'ORRERY_SIM_WORKER'`, names no one variable.
      if (!variable && [...facts.env.keys()].some((known) => known.startsWith(`${name}_`))) continue;
      if (!variable) {
        report(index + 1, 'name-env', `${name} is not one of Orrery's environment variables (facts/facts.yaml env)`);
      } else if (variable.since && release && releaseKey(release) < releaseKey(variable.since)) {
        report(index + 1, 'name-env', `${name} came in ${variable.since}; this page is about ${release}`);
      }
    }
  });
}
