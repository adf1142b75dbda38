import { describe, expect, it } from 'vitest';
import { expectHomeScreen, loginThroughForm, navLink, signedInUser } from './lib/app.ts';
import { useBrowser } from './lib/browser.ts';
import { createNumberedPosts } from './lib/content.ts';
import { scrollY } from './lib/scroll.ts';
import { expectPath, expectVisible } from './lib/expect.ts';
import { createUser, uniqueName } from './lib/server.ts';

const t = useBrowser();

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

  it('keeps the signed-in app’s shared code off the signed-out pages, and loads it on sign-in', async () => {
    const { page } = t;
    const user = await createUser();
    // The chunk the build makes of what only the signed-in pages share (web/signed-in-chunk.ts).
    const signedInCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/signed-in-[^/]*\.js$/.test(new URL(request.url()).pathname)) {
        signedInCode.push(request.url());
      }
    });
    for (const path of ['/landing', '/signup', '/forgot-password', '/login']) {
      await page.goto(path);
      await expectVisible(page.getByRole('heading', { level: 1 }).first());
      await page.waitForLoadState('networkidle');
    }
    expect(signedInCode).toEqual([]);

    await loginThroughForm(page, user.email, user.password);
    await expectHomeScreen(page);
    expect(signedInCode).toHaveLength(1);
  });
});
