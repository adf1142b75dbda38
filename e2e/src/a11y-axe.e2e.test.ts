import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { userMenuButton } from './lib/app.ts';
import { seriousViolations } from './lib/axe.ts';
import { rawKeys } from './lib/raw-keys.ts';
import { DESKTOP, PHONE, storeSession, useBrowser } from './lib/browser.ts';
import {
  adminPerson,
  applyViaApi,
  paidCreator,
  person,
  subscribeViaApi,
  topUpViaApi,
  type Person,
} from './lib/economy.ts';
import { pngFile } from './lib/images.ts';
import { uploadToLibraryViaApi } from './lib/library.ts';
import { expectVisible } from './lib/expect.ts';
import { startConversationViaApi, sendMessageViaApi } from './lib/messaging.ts';

/**
 * axe-core on every route of the app (web/src/app/router.tsx), signed out, as a fan, as a
 * creator and as an admin, at the desktop size and at a 390 px phone width, and on the main
 * dialogs and menus: no serious or critical violation (issue 20). A failure lists each
 * offending element with axe's rule and summary. /health is left out: it is the liveness
 * probe's plain word, not a page.
 */
const t = useBrowser();

/** Each page is loaded and checked twice (two sizes): longer than a journey's 60 s. */
const SCAN_TIMEOUT_MS = 240_000;

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/** Waits for the page's content: its main landmark, then the network at rest. */
async function settle(page: Page): Promise<void> {
  await expectVisible(page.locator('main'));
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

/** Opens each path at each viewport and returns every serious/critical violation found. */
async function scanRoutes(page: Page, paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const [size, viewport] of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      await page.goto(path);
      await settle(page);
      found.push(...(await seriousViolations(page, `${path} (${size})`)));
      found.push(...(await rawKeys(page, `${path} (${size})`)));
    }
  }
  return found;
}

/** Runs axe on what `open` shows (a dialog or a menu) at both sizes, closing it with Escape. */
async function scanOpened(
  page: Page,
  path: string,
  name: string,
  open: () => Promise<void>,
): Promise<string[]> {
  const found: string[] = [];
  for (const [size, viewport] of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto(path);
    await settle(page);
    await open();
    found.push(...(await seriousViolations(page, `${name} on ${path} (${size})`)));
    found.push(...(await rawKeys(page, `${name} on ${path} (${size})`)));
  }
  return found;
}

/** Opens the user menu; on a phone it sits in the navigation drawer. */
async function openUserMenu(page: Page): Promise<void> {
  if (page.viewportSize()?.width === PHONE.width) {
    await page.getByRole('button', { name: 'Open menu', exact: true }).click();
  }
  await userMenuButton(page).click();
  await expectVisible(page.getByRole('menu'));
}

function expectClean(found: string[]): void {
  expect(
    found,
    `serious or critical axe violations, or untranslated keys:\n${found.join('\n')}`,
  ).toEqual([]);
}

/**
 * A creator with a post and a file in the library, a fan (subscribed when asked: the pages
 * then show posts, payments and notifications; not subscribed: the Subscribe button shows)
 * and a conversation between them.
 */
async function cast(
  options: { subscribed: boolean } = { subscribed: true },
): Promise<{ fan: Person; creator: Person; postId: number }> {
  const fan = await person();
  const creator = await paidCreator({ price: '4.99', post: 'An open post for everyone' });
  await uploadToLibraryViaApi(creator.tokens.access, pngFile('library.png', 64, 64));
  if (options.subscribed) {
    await topUpViaApi(fan.tokens.access, '20.00');
    await subscribeViaApi(fan.tokens.access, creator.id);
  }
  const conversation = await startConversationViaApi(fan.tokens.access, creator.id);
  await sendMessageViaApi(fan.tokens.access, conversation.id, 'Hello there');
  await sendMessageViaApi(creator.tokens.access, conversation.id, 'Welcome!');
  if (!creator.post) throw new Error('no post');
  return { fan, creator, postId: creator.post.id };
}

/** An account whose creator application waits for the admin's review. */
async function applicant(): Promise<void> {
  const someone = await person();
  await applyViaApi(someone.tokens.access, {
    username: someone.username,
    bio: 'I draw comics and post a new page every week, with sketches for subscribers.',
    socialLinks: { website: 'https://example.com/comics' },
    subcategories: ['cosplay'],
    tags: ['Tutorials'],
    vibes: ['Elegant'],
  });
}

describe('axe on every page', () => {
  it('finds nothing serious signed out', { timeout: SCAN_TIMEOUT_MS }, async () => {
    const paths = [
      '/landing',
      '/login',
      '/signup',
      '/landing/signup',
      '/forgot-password',
      '/reset-password?token=nothing',
      '/verify-email?token=nothing',
      '/offers/NOSUCHCODE',
    ];
    expectClean(await scanRoutes(t.page, paths));
  });

  it('finds nothing serious for a fan', { timeout: SCAN_TIMEOUT_MS }, async () => {
    const { page } = t;
    const { fan, creator, postId } = await cast();
    await storeSession(page, fan.tokens);
    const paths = [
      '/',
      '/explore',
      '/notifications',
      '/messages',
      '/subscriptions',
      '/wallet',
      '/settings',
      '/profile',
      '/profile/edit',
      `/profile/${creator.username}`,
      `/posts/${postId}`,
      '/liked',
      '/creator',
      '/no-such-page',
    ];
    expectClean(await scanRoutes(page, paths));
  });

  it('finds nothing serious for a creator and an admin', { timeout: SCAN_TIMEOUT_MS }, async () => {
    const { page } = t;
    const { creator } = await cast();
    await storeSession(page, creator.tokens);
    const creatorPaths = [
      '/',
      '/my-content',
      '/drafts',
      '/creator/offers',
      '/creator/mass-messages',
      '/creator/analytics',
      '/creator/leak-tracer',
      '/creator-landing',
      '/messages',
      '/notifications',
      '/wallet',
      '/profile',
    ];
    const found = await scanRoutes(page, creatorPaths);
    // A creator's user menu has the most entries (Analytics, Offers, Mass messages...).
    found.push(
      ...(await scanOpened(page, '/', 'the creator’s user menu', () => openUserMenu(page))),
    );
    await applicant();
    const admin = await adminPerson();
    await storeSession(page, admin.tokens);
    found.push(...(await scanRoutes(page, ['/admin'])));
    expectClean(found);
  });
});

describe('axe on dialogs and menus', () => {
  it('finds nothing serious in the settings tabs', { timeout: SCAN_TIMEOUT_MS }, async () => {
    const { page } = t;
    const fan = await person();
    await storeSession(page, fan.tokens);
    const found: string[] = [];
    for (const tab of ['Privacy', 'Content', 'Account']) {
      found.push(
        ...(await scanOpened(page, '/settings', `the ${tab} tab`, async () => {
          await page.getByRole('tab', { name: tab, exact: true }).click();
        })),
      );
    }
    expectClean(found);
  });

  it(
    'finds nothing serious in the tip, subscribe and report dialogs and the menus',
    { timeout: SCAN_TIMEOUT_MS },
    async () => {
      const { page } = t;
      const { fan, creator } = await cast({ subscribed: false });
      await storeSession(page, fan.tokens);
      const profile = `/profile/${creator.username}`;
      const main = page.getByRole('main');
      const postMenu = () =>
        page
          .getByRole('button', { name: `More actions for the post by ${creator.username}` })
          .first()
          .click();
      const found = [
        ...(await scanOpened(page, profile, 'the Subscribe dialog', async () => {
          await main
            .getByRole('button', { name: /^Subscribe for/ })
            .first()
            .click();
          await expectVisible(page.getByRole('dialog'));
        })),
        ...(await scanOpened(page, profile, 'the Tip dialog', async () => {
          await main.getByRole('button', { name: 'Tip', exact: true }).first().click();
          await expectVisible(page.getByRole('dialog'));
        })),
        ...(await scanOpened(page, profile, 'the post menu', async () => {
          await postMenu();
          await expectVisible(page.getByRole('menu'));
        })),
        ...(await scanOpened(page, profile, 'the Report dialog', async () => {
          await postMenu();
          await page.getByRole('menuitem', { name: 'Report', exact: true }).click();
          await expectVisible(page.getByRole('dialog'));
        })),
        ...(await scanOpened(page, '/', 'the user menu', () => openUserMenu(page))),
        ...(await scanOpened(page, '/', 'the composer', async () => {
          await page.getByPlaceholder('Compose new post...', { exact: true }).focus();
        })),
      ];
      expectClean(found);
    },
  );
});
