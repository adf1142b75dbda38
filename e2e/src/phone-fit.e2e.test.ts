import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, storeSession, useBrowser } from './lib/browser.ts';
import { createPostViaApi } from './lib/content.ts';
import { adminPerson, paidCreator, type Person } from './lib/economy.ts';
import { expectVisible } from './lib/expect.ts';
import { pngFile } from './lib/images.ts';
import { api } from './lib/server.ts';

/**
 * Every page fits a 390 px phone: nothing makes the page scroll sideways. Checked on each route
 * once its data has loaded, signed out and signed in (as an admin, who sees every route).
 */
const t = useBrowser({ viewport: PHONE });

const PUBLIC_ROUTES = [
  '/landing',
  '/login',
  '/signup',
  '/landing/signup',
  '/forgot-password',
  '/reset-password?token=not-a-token',
  '/verify-email?token=not-a-token',
];

/** How far the page is wider than the viewport, with the widest culprits named. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    // The e2e project has no DOM typings: the few properties used here, typed by hand.
    type Box = { right: number };
    type Element = { tagName: string; className: unknown; getBoundingClientRect(): Box };
    const scope = globalThis as unknown as {
      innerWidth: number;
      document: {
        documentElement: { scrollWidth: number };
        querySelectorAll(selector: string): ArrayLike<Element>;
      };
    };
    const width = scope.innerWidth;
    const over = scope.document.documentElement.scrollWidth - width;
    const culprits = Array.from(scope.document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
    return { over, culprits };
  });
}

async function expectFits(page: Page, route: string) {
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  await expectVisible(page.locator('main, [role="main"]').first());
  const { over, culprits } = await sidewaysOverflow(page);
  expect(
    over,
    `${route} is ${over}px wider than the phone: ${culprits.join(', ')}`,
  ).toBeLessThanOrEqual(0);
}

async function signIn(page: Page, who: Person) {
  await storeSession(page, who.tokens);
}

describe('at 390 px wide', () => {
  it('every signed-out page fits without scrolling sideways', async () => {
    for (const route of PUBLIC_ROUTES) await expectFits(t.page, route);
  });

  it('every signed-in page fits without scrolling sideways', async () => {
    const { page } = t;
    // Content with a long unbroken word and an image, so the feed and profiles are not empty.
    const creator = await paidCreator();
    const post = await createPostViaApi(creator.tokens.access, {
      content: `A long word: ${'x'.repeat(80)}`,
      image: pngFile('wide.png', 1600, 400),
    });
    const admin = await adminPerson();
    await signIn(page, admin);
    const routes = [
      '/',
      '/profile',
      '/profile/edit',
      `/profile/${creator.username}`,
      '/explore',
      '/notifications',
      '/messages',
      '/subscriptions',
      '/wallet',
      '/settings',
      '/creator',
      '/creator-landing',
      '/my-content',
      '/admin',
      `/posts/${post.id}`,
      '/drafts',
      '/liked',
      '/no-such-page',
    ];
    for (const route of routes) await expectFits(page, route);

    // The creator's own tools, and a trial link as a fan opens it.
    const offer = await api<{ code: string }>(
      'POST',
      '/creator/offers/',
      { kind: 'trial', trial_days: 7 },
      creator.tokens.access,
    );
    expect(offer.status).toBe(201);
    const { code } = offer.body;
    await signIn(page, creator);
    for (const route of ['/creator/mass-messages', '/creator/offers', '/creator/analytics']) {
      await expectFits(page, route);
    }
    await signIn(page, admin);
    await expectFits(page, `/offers/${code}`);
  });

  it('shows every settings tab whole', async () => {
    const { page } = t;
    await signIn(page, await adminPerson());
    await page.goto('/settings');
    const tabs = page.getByRole('tab');
    await expectVisible(tabs.first());
    const width = PHONE.width;
    for (const name of ['Notifications', 'Privacy', 'Content', 'Account']) {
      const box = await page.getByRole('tab', { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(width);
    }
  });
});
