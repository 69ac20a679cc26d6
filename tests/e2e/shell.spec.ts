import type {Page} from '@playwright/test';
import {test, expect, sitePath, hydrated} from './fixtures';

test.describe('site shell', () => {
  test('an unknown path answers 404 with the not-found page', async ({page}) => {
    const response = await page.goto(sitePath('no/such/page/'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
  });

  test('the skip link is the first tab stop and moves focus to the content', async ({page}) => {
    await page.goto(sitePath('introduction/'));
    await hydrated(page);
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveText('Skip to main content');
    await page.keyboard.press('Enter');
    // The theme focuses <main> (then drops its temporary tabindex), so the
    // next Tab lands inside the content, not back in the navbar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  });

  test('the navbar holds Docs, API, Upgrade Guides, the version menu, the source link and the colour toggle', async ({
    page,
  }) => {
    await page.goto(sitePath('introduction/'));
    const nav = page.getByRole('navigation', {name: 'Main'});
    await expect(nav.getByRole('link', {name: 'Docs', exact: true})).toHaveAttribute('href', sitePath('introduction/'));
    await expect(nav.getByRole('link', {name: 'API', exact: true})).toHaveAttribute(
      'href',
      sitePath('api/introduction/'),
    );
    await expect(nav.getByRole('link', {name: 'Upgrade Guides'})).toHaveAttribute('href', /upgrade-guides\/.+-to-.+\//);
    await expect(nav.getByRole('link', {name: 'Orrery source repository'})).toHaveAttribute(
      'href',
      'https://github.com/orrery-space/orrery',
    );
    await expect(nav.getByRole('button', {name: '3.5.0'})).toBeVisible();
    await expect(nav.getByRole('button', {name: /Switch between dark and light mode/})).toBeVisible();
    await nav.getByRole('link', {name: 'API', exact: true}).click();
    await expect(page).toHaveURL(new RegExp(`${sitePath('api/introduction/')}$`));
    // The docs version menu belongs to the versioned docs only.
    await expect(nav.getByRole('button', {name: '3.5.0'})).toHaveCount(0);
  });

  test('the footer shows link columns, the logo, the copyright and the site version', async ({page}) => {
    await page.goto(sitePath(''));
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', {name: 'Glossary'})).toHaveAttribute('href', sitePath('glossary/'));
    await expect(footer.getByRole('img', {name: 'Orrery logo'})).toBeVisible();
    await expect(footer).toContainText('Documentation site 2.8.0');
  });

  test('the home page has an entry for each audience', async ({page}) => {
    await page.goto(sitePath(''));
    for (const audience of ['Mission operators', 'Mission planners', 'Mission-model developers', 'Deployers']) {
      await expect(page.getByRole('heading', {name: audience, level: 3})).toBeVisible();
    }
  });
});

test.describe('colour mode', () => {
  test('defaults to light even when the system prefers dark', async ({browser}) => {
    const context = await browser.newContext({colorScheme: 'dark'});
    const page = await context.newPage();
    await page.goto(sitePath('introduction/'));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await context.close();
  });

  test('the toggle switches mode, stores it under "theme", and other tabs follow', async ({context}) => {
    const page = await context.newPage();
    await page.goto(sitePath('introduction/'));
    await hydrated(page);
    const other = await context.newPage();
    await other.goto(sitePath('glossary/'));
    await hydrated(other);
    await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('announcement bar', () => {
  test('stays dismissed after a reload, and reappears when its id changes', async ({page}) => {
    await page.goto(sitePath('introduction/'));
    await hydrated(page);
    const bar = page.getByRole('banner').filter({hasText: 'Orrery 3.5.0 is out'});
    await expect(bar).toContainText('Orrery 3.5.0 is out');
    await bar.getByRole('button', {name: 'Close'}).click();
    await expect(bar).toHaveCount(0);
    await page.reload();
    await hydrated(page);
    await expect(bar).toHaveCount(0);
    const id = await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'));
    expect(id).toMatch(/^announcement-/);
    // A build with new announcement content gets a new id: simulate the
    // stored id of an older announcement.
    await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'announcement-older'));
    await page.reload();
    await hydrated(page);
    await expect(bar).toBeVisible();
    await page.reload();
    await expect(bar).toBeVisible();
  });
});

test.describe('narrow screens', () => {
  test.use({viewport: {width: 800, height: 900}});

  test('below 996 px a menu button opens the mobile menu and locks page scroll', async ({page}) => {
    await page.goto(sitePath('planning/anchors/'));
    await hydrated(page);
    const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
    await expect(toggle).toBeVisible();
    await expect(page.locator('.navbar__items--right .navbar__item').first()).toBeHidden();
    await toggle.click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.getByRole('button', {name: 'Close navigation bar'}).click();
    await expect(sidebar).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });
});

test.describe('docs sidebar', () => {
  test('categories collapse and expand, and the sidebar can be hidden', async ({page}) => {
    await page.goto(sitePath('planning/anchors/'));
    await hydrated(page);
    const sidebar = page.getByRole('navigation', {name: 'Docs sidebar'});
    const planning = sidebar.getByRole('button', {name: /Collapse sidebar category 'Planning'/});
    await expect(sidebar.getByRole('link', {name: 'Anchors', exact: true})).toBeVisible();
    await planning.click();
    await expect(sidebar.getByRole('link', {name: 'Anchors', exact: true})).toBeHidden();
    await sidebar.getByRole('button', {name: /Expand sidebar category 'Planning'/}).click();
    await expect(sidebar.getByRole('link', {name: 'Anchors', exact: true})).toBeVisible();

    await page.getByRole('button', {name: 'Collapse sidebar', exact: true}).click();
    await expect(sidebar).toBeHidden();
    await page.getByRole('button', {name: 'Expand sidebar', exact: true}).click();
    await expect(sidebar).toBeVisible();
  });
});

test.describe('page start', () => {
  for (const route of ['overview/design/software-design-document/', '', 'search/']) {
    test(`/${route} lists its own chunk scripts in the page, and the bundler asks for no other script before hydrating`, async ({
      page,
    }) => {
      const requested: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname);
      });
      await page.goto(sitePath(route));
      await hydrated(page);
      const listed =
        (await page.locator('script[data-page-scripts]').getAttribute('data-page-scripts'))?.split(' ') ?? [];
      expect(listed.length, 'the page loader lists the chunks of the page').toBeGreaterThan(0);
      const entry = requested.filter((url) => /\/(runtime~main|main)\.[0-9a-f]+\.js$/.test(url));
      expect(entry).toHaveLength(2);
      expect(requested.slice(2).sort(), 'scripts fetched until hydration: the listed ones only').toEqual(
        [...listed].sort(),
      );
    });
  }

  test('the 404 page lists no chunk scripts (the unknown path decides which it needs) and still starts', async ({
    page,
  }) => {
    await page.goto(sitePath('api/no/such/page/'));
    await hydrated(page);
    await expect(page.locator('script[data-page-scripts]')).toHaveAttribute('data-page-scripts', '');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
  });
});

test.describe('navigation progress bar', () => {
  const navbarLink = (page: Page, name: string) =>
    page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name, exact: true});

  test('shows while a slow page loads and goes once it is there', async ({page}) => {
    await page.goto(sitePath('introduction/'));
    await hydrated(page);
    // From now on every script answers late, as on a slow network.
    await page.route('**/assets/js/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    await navbarLink(page, 'API').click();
    const bar = page.locator('.orrery-progress');
    await expect(bar).toBeAttached();
    await expect(bar).toHaveAttribute('aria-hidden', 'true');
    await expect(page).toHaveURL(/\/api\//);
    await expect(bar).toHaveCount(0);
  });

  test('does not show when the code of the next page is loaded already', async ({page}) => {
    await page.goto(sitePath('introduction/'));
    await hydrated(page);
    await navbarLink(page, 'API').click();
    await expect(page).toHaveURL(/\/api\//);
    const introduction = page.locator('article h1').first();
    const title = await introduction.textContent();
    await page.evaluate(() => {
      const seen = window as unknown as {progressSeen?: boolean};
      new MutationObserver(() => {
        if (document.querySelector('.orrery-progress')) seen.progressSeen = true;
      }).observe(document.body, {childList: true});
    });
    // The page's timers now run on a clock the test holds, so the bar's 200 ms delay cannot
    // pass while the navigation is under way, however busy the machine: the check is that the
    // navigation finishes (and cancels the bar) before the delay is due, not how fast it is.
    await page.clock.install();
    // Back to a page whose code is loaded: it renders without waiting for any download.
    await navbarLink(page, 'Docs').click();
    await expect(page).toHaveURL(/\/introduction\/?$/);
    await expect(introduction).not.toHaveText(title ?? '');
    await page.clock.runFor(400);
    expect(await page.evaluate(() => (window as unknown as {progressSeen?: boolean}).progressSeen ?? false)).toBe(
      false,
    );
  });
});

test.describe('test-only pages', () => {
  test('a page that crashes shows the crash page with its chain of causes and a report link', async ({page}) => {
    await page.goto(sitePath('tests/crash/'));
    await expect(page.getByRole('heading', {name: 'This page crashed.'})).toBeVisible();
    await expect(page.getByRole('button', {name: 'Try again'})).toBeVisible();
    const main = page.locator('main');
    await expect(main).toContainText('Telemetry panel failed to render');
    await expect(main).toContainText('Simulation dataset 42 has no resource named "battery.soc"');
    await expect(main).toContainText('Test-only failure injected by /tests/crash/');
    const report = page.getByRole('link', {name: 'report the problem'});
    await expect(report).toHaveAttribute('href', /orrery-docs\/issues\/new\?title=Page\+crashed/);
  });
});
