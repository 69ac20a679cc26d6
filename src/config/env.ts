/**
 * Pure helpers that read the build-time environment. They live apart from
 * docusaurus.config.ts so that unit tests can exercise them without a build.
 * Every error names the variable that is wrong, so a deployer can fix it.
 */

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** The base path: default `/orrery/`; must start and end with a slash. */
export function readBaseUrl(env: Env): string {
  const raw = env.BASE_URL;
  if (raw === undefined || raw === '') {
    return '/orrery/';
  }
  if (!raw.startsWith('/') || !raw.endsWith('/')) {
    throw new ConfigError(`BASE_URL must start and end with "/" (for example "/orrery/" or "/"), got "${raw}".`);
  }
  if (/[\s?#\\]/.test(raw) || raw.includes('//')) {
    throw new ConfigError(`BASE_URL must be a plain URL path without spaces, "?", "#", "\\" or "//", got "${raw}".`);
  }
  return raw;
}

/** The public origin of the site (scheme and host, no path). */
export function readSiteUrl(env: Env): string {
  const raw = env.SITE_URL;
  if (raw === undefined || raw === '') {
    return 'https://orrery-space.github.io';
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`SITE_URL must be an absolute http(s) URL such as "https://docs.example.org", got "${raw}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`SITE_URL must use http or https, got "${raw}".`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new ConfigError(
      `SITE_URL is the origin only (no path, query or hash); put the path in BASE_URL. Got "${raw}".`,
    );
  }
  return url.origin;
}

/** A boolean switch: unset means `fallback`; anything but true/false/1/0 is an error. */
export function readFlag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') {
    return fallback;
  }
  const value = raw.trim().toLowerCase();
  if (value === 'true' || value === '1') {
    return true;
  }
  if (value === 'false' || value === '0') {
    return false;
  }
  throw new ConfigError(`${name} must be "true" or "false", got "${raw}".`);
}

/** A thread count from 1 to `max`: unset means undefined (the caller's default); anything else is an error. */
export function readThreads(env: Env, name: string, max: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') {
    return undefined;
  }
  const value = Number(raw.trim());
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new ConfigError(`${name} must be a whole number from 1 to ${max}, got "${raw}".`);
  }
  return value;
}

/**
 * A short, stable id derived from a string (FNV-1a, 32 bits, base 36).
 * The announcement bar's id is derived from its content, so a changed
 * announcement reappears for readers who dismissed the previous one.
 */
export function contentId(prefix: string, content: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < content.length; i += 1) {
    hash ^= content.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${prefix}-${hash.toString(36)}`;
}
