import { describe, expect, it } from 'vitest';
import { expectHomeScreen, loginThroughForm, navLink, signedInUser } from './lib/app.ts';
import { useBrowser } from './lib/browser.ts';
import { createNumberedPosts } from './lib/content.ts';
import { scrollY } from './lib/scroll.ts';
import { expectPath, expectVisible } from './lib/expect.ts';
import { createUser, obtainTokens, uniqueName } from './lib/server.ts';

// No service worker: once active, it answers the app's chunks from its cache, past `page.route`,
// and the test of a chunk that fails to load would then pass or fail by a race.
const t = useBrowser({ serviceWorkers: 'block' });

describe('navigation', () => {
  it('opens a new page at its top and returns to where the feed was left on Back', async () => {
    const { page } = t;
    const user = await signedInUser(page);
    const marker = uniqueName('scroll');
    await createNumberedPosts(user.tokens.access, marker, 12, () => 'A line.\n'.repeat(8));
    await page.goto('/');
    await expectHomeScreen(page);
    await expectVisible(page.getByText(`${marker} post 1`, { exact: false }));

    await page.mouse.wheel(0, 1500);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(1000);
    const left = await scrollY(page);

    await navLink(page, 'Wallet').click();
    await expectPath(page, '/wallet');
    await expectVisible(page.getByText('Test mode: no real money'));
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await expectPath(page, '/');
    await expect.poll(() => scrollY(page)).toBeGreaterThan(left - 50);
    expect(await scrollY(page)).toBeLessThan(left + 50);
  });

  it('shows the error page when a page’s code fails to load, and Back returns to a working page', async () => {
    const { page } = t;
    await signedInUser(page);
    await page.goto('/');
    await expectHomeScreen(page);
    // A deploy replaced the wallet page's chunk: the file this tab knows is gone.
    await page.route(/\/assets\/WalletPage-[^/]*\.js$/, (route) => route.fulfill({ status: 404 }));

    await navLink(page, 'Wallet').click();
    await expectVisible(page.getByRole('heading', { name: 'Something went wrong' }));
    await expectVisible(page.getByRole('button', { name: 'Reload page' }));
    await expectPath(page, '/wallet');

    await page.goBack();
    await expectHomeScreen(page);
  });

  it('keeps the signed-in code off the signed-out pages, and each page’s own code off the others', async () => {
    const { page } = t;
    const user = await createUser();
    const marker = uniqueName('chunks');
    const { access } = await obtainTokens(user.email, user.password);
    await createNumberedPosts(access, marker, 1, () => 'A line.');
    // The chunks the build makes of the signed-in pages' code (web/first-visit-chunks.ts): what
    // they share, and what only the feed or only a profile uses.
    const loaded: string[] = [];
    page.on('request', (request) => {
      const chunk = /\/assets\/(signed-in|feed|profile)-[^/]*\.js$/.exec(
        new URL(request.url()).pathname,
      );
      if (chunk?.[1]) loaded.push(chunk[1]);
    });
    for (const path of ['/landing', '/signup', '/forgot-password', '/login']) {
      await page.goto(path);
      await expectVisible(page.getByRole('heading', { level: 1 }).first());
      await page.waitForLoadState('networkidle');
    }
    expect(loaded).toEqual([]);

    await loginThroughForm(page, user.email, user.password);
    await expectHomeScreen(page);
    await expectVisible(page.getByText(`${marker} post 1`, { exact: false }));
    await page.waitForLoadState('networkidle');
    expect(loaded.sort()).toEqual(['feed', 'signed-in']);

    // The post's author link opens the profile inside the app: only then does its code load.
    await page.getByRole('link', { name: user.username, exact: true }).first().click();
    await expectPath(page, `/profile/${user.username}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: user.username }));
    expect(loaded.sort()).toEqual(['feed', 'profile', 'signed-in']);
  });
});
