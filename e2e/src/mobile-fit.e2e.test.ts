import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, storeSession, useBrowser } from './lib/browser.ts';
import { createPostViaApi, type ApiPost } from './lib/content.ts';
import {
  adminPerson,
  paidCreator,
  person,
  subscribeViaApi,
  topUpViaApi,
  type Person,
} from './lib/economy.ts';
import { expectVisible } from './lib/expect.ts';
import { expectFitsNow, expectRouteFits } from './lib/fit.ts';
import { pngFile } from './lib/images.ts';
import { sendMessageViaApi, startConversationViaApi } from './lib/messaging.ts';
import { api } from './lib/server.ts';

/**
 * Every page fits a 390 × 844 phone: the document is no wider than the viewport and no element
 * outside a scroller is either (so a page hiding its overflow cannot pass by accident). Each
 * route is visited once its data has loaded, signed out and as a fan, a creator and an admin,
 * each seeing the route as that role does. A failure names the offending elements.
 */
const t = useBrowser({ viewport: PHONE });

type World = { creator: Person; fan: Person; admin: Person; post: ApiPost; offerCode: string };
let world: World;

/** A creator with a post that is hard to fit (a long word, a wide image), a paying fan who
 * talks with them, a trial link, and an admin. */
async function buildWorld(): Promise<World> {
  const creator = await paidCreator();
  const post = await createPostViaApi(creator.tokens.access, {
    content: `A long word: ${'x'.repeat(80)}`,
    image: pngFile('wide.png', 1600, 400),
  });
  await createPostViaApi(creator.tokens.access, {
    content: 'A long link https://example.com/' + 'segment/'.repeat(12),
  });
  const fan = await person();
  await topUpViaApi(fan.tokens.access, '20');
  await subscribeViaApi(fan.tokens.access, creator.id);
  const conversation = await startConversationViaApi(fan.tokens.access, creator.id);
  await sendMessageViaApi(fan.tokens.access, conversation.id, `Hello! ${'y'.repeat(70)}`);
  await sendMessageViaApi(creator.tokens.access, conversation.id, 'Hi, thanks for subscribing.');
  const offer = await api<{ code: string }>(
    'POST',
    '/creator/offers/',
    { kind: 'trial', trial_days: 7 },
    creator.tokens.access,
  );
  expect(offer.status).toBe(201);
  return { creator, fan, admin: await adminPerson(), post, offerCode: offer.body.code };
}

/** Routes every signed-in person can open. */
function commonRoutes(w: World): string[] {
  return [
    '/',
    '/home',
    '/profile',
    '/profile/edit',
    `/profile/${w.creator.username}`,
    `/profile/${w.fan.username}`,
    '/explore',
    '/notifications',
    '/messages',
    '/subscriptions',
    '/wallet',
    '/settings',
    '/creator',
    '/creator-landing',
    `/posts/${w.post.id}`,
    '/drafts',
    '/liked',
    `/offers/${w.offerCode}`,
    '/no-such-page',
  ];
}

async function expectEveryRouteFits(page: Page, routes: string[]) {
  for (const route of routes) await expectRouteFits(page, route);
}

describe('at 390 px wide', () => {
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('every signed-out page fits without scrolling sideways', async () => {
    await expectEveryRouteFits(t.page, [
      '/landing',
      '/login',
      '/signup',
      '/landing/signup',
      '/forgot-password',
      '/reset-password?token=not-a-token',
      '/verify-email?token=not-a-token',
      `/offers/${world.offerCode}`,
      // Signed-in pages send a visitor to the login screen, which must fit too.
      '/',
      `/posts/${world.post.id}`,
    ]);
  });

  it('every page a fan opens fits, a subscription and a conversation on them', async () => {
    await storeSession(t.page, world.fan.tokens);
    await expectEveryRouteFits(t.page, commonRoutes(world));
  });

  it('every page a creator opens fits, their own tools included', async () => {
    await storeSession(t.page, world.creator.tokens);
    await expectEveryRouteFits(t.page, [
      ...commonRoutes(world),
      '/my-content',
      '/creator/mass-messages',
      '/creator/offers',
      '/creator/analytics',
    ]);
  });

  it('every page an admin opens fits, the moderation screens included', async () => {
    await storeSession(t.page, world.admin.tokens);
    await expectEveryRouteFits(t.page, [
      ...commonRoutes(world),
      '/admin',
      `/profile/${world.creator.id}/edit`,
    ]);
  });

  it('shows every settings tab whole, and each tab fits', async () => {
    const { page } = t;
    await storeSession(page, world.creator.tokens);
    await page.goto('/settings');
    await expectVisible(page.getByRole('tab').first());
    for (const name of ['Notifications', 'Privacy', 'Content', 'Account']) {
      const tab = page.getByRole('tab', { name, exact: true });
      const box = await tab.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(PHONE.width);
      await tab.click();
      await page.waitForLoadState('networkidle');
      await expectFitsNow(page, `/settings → ${name}`);
    }
  });
});
