import type {LaunchOptions} from '@playwright/test';

/**
 * How every browser test starts Chromium: Debian's package (or CHROMIUM_PATH),
 * never a downloaded browser, and none of Chromium's own background requests,
 * so the only network traffic is the site's.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: chromiumPath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
