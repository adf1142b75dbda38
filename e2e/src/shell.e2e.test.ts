import { describe, expect, it } from 'vitest';
import { action, expectShell, navLink, signedInUser, userMenuButton } from './lib/app.ts';
import { DESKTOP, PHONE, useBrowser } from './lib/browser.ts';
import { expectHidden, expectPath, expectVisible } from './lib/expect.ts';

const t = useBrowser();

describe('app shell', () => {
  it('navigates between the sidebar entries', async () => {
    const { page } = t;
    await signedInUser(page);
    await page.goto('/');
    await expectShell(page);

    // The discover panel shows on the home screen only.
    const discover = page.getByRole('complementary').filter({ hasText: 'Suggested profiles' });
    await expectVisible(discover);
    await expectVisible(discover.getByText('Suggested topics'));

    await navLink(page, 'Explore').click();
    await expectPath(page, '/explore');
    await expectHidden(discover);
    await expectVisible(page.getByText('Discover new content and connections.', { exact: true }));

    await navLink(page, 'Wallet').click();
    await expectPath(page, '/wallet');
    await expectVisible(page.getByText('Test mode: no real money'));

    await navLink(page, 'Home').click();
    await expectPath(page, '/');
    await expectVisible(discover);
    // My Content is only for creators; a new user is not one.
    expect(await navLink(page, 'My Content').count()).toBe(0);
  });

  it('loads the discover panel only where its column shows: not on a phone, at once when wider', async () => {
    const { page } = t;
    await page.setViewportSize(PHONE);
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/auth/users/discover/' || pathname.includes('/DiscoverPanel-')) {
        asked.push(pathname);
      }
    });
    await signedInUser(page);
    await page.goto('/');
    await expectVisible(page.getByRole('button', { name: /open menu/i }));
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);

    // Turned to a wide screen: the column shows, with its suggestions.
    await page.setViewportSize(DESKTOP);
    const discover = page.getByRole('complementary').filter({ hasText: 'Suggested profiles' });
    await expectVisible(discover);
    await expectVisible(discover.getByText('Suggested topics'));
    expect(asked).toContain('/api/auth/users/discover/');
  });
});

describe('404 page', () => {
  it('shows Page not found for an unknown path, with Go to Home and Go Back', async () => {
    const { page } = t;
    await signedInUser(page);
    await page.goto('/');
    await expectShell(page);

    await page.goto('/this/path/does-not-exist');
    await expectPath(page, '/this/path/does-not-exist');
    await expectVisible(page.getByText('Page not found', { exact: true }));
    const goHome = action(page, 'Go to Home');
    const goBack = action(page, 'Go Back');
    await expectVisible(goHome);
    await expectVisible(goBack);

    await goBack.first().click();
    await expectPath(page, '/');

    await page.goto('/another-unknown-page');
    await expectVisible(page.getByText('Page not found', { exact: true }));
    await action(page, 'Go to Home').first().click();
    await expectPath(page, '/');
    await expectShell(page);
  });

  it('offers quick links to explore, messages, notifications and profile', async () => {
    const { page } = t;
    await signedInUser(page);
    await page.goto('/no-such-page');
    await expectVisible(page.getByText('Page not found', { exact: true }));
    const main = page.getByRole('main');
    for (const [name, path] of [
      ['Explore', '/explore'],
      ['Messages', '/messages'],
      ['Notifications', '/notifications'],
      ['Profile', '/profile'],
    ] as const) {
      expect(await main.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(path);
    }
    await main.getByRole('link', { name: 'Explore', exact: true }).click();
    await expectPath(page, '/explore');
  });

  it('guards unknown paths too: a signed-out visitor goes to /login', async () => {
    const { page } = t;
    await page.goto('/does-not-exist');
    await expectPath(page, '/login');
  });
});

describe('mobile menu', () => {
  it('hides the sidebar at phone width and opens a slide-in menu whose links navigate', async () => {
    const { page } = t;
    await page.setViewportSize(PHONE);
    await signedInUser(page);
    await page.goto('/');
    await expectPath(page, '/');

    const openMenu = page.getByRole('button', { name: /open menu/i });
    await expectVisible(openMenu);
    // The sidebar (and its entries) is not shown at this width.
    await expectHidden(navLink(page, 'Wallet'));
    await expectHidden(navLink(page, 'Explore'));

    await openMenu.click();
    const panel = page.getByRole('dialog');
    await expectVisible(panel);
    for (const name of [
      'Home',
      'Explore',
      'Notifications',
      'Messages',
      'Subscriptions',
      'Wallet',
    ]) {
      await expectVisible(navLink(panel, name));
    }

    await navLink(panel, 'Wallet').click();
    await expectPath(page, '/wallet');
    await expectVisible(page.getByText('Test mode: no real money'));
    await expectHidden(panel);

    // It opens again from the new page and closes with Escape.
    await openMenu.click();
    await expectVisible(panel);
    await page.keyboard.press('Escape');
    await expectHidden(panel);
    await expectPath(page, '/wallet');
  });

  it('keeps the user menu reachable from the slide-in menu', async () => {
    const { page } = t;
    await page.setViewportSize(PHONE);
    await signedInUser(page);
    await page.goto('/');
    await page.getByRole('button', { name: /open menu/i }).click();
    const panel = page.getByRole('dialog');
    await expectVisible(panel);
    await expectVisible(userMenuButton(page));
  });
});
