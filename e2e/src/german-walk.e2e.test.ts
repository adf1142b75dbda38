import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, storeSession, useBrowser } from './lib/browser.ts';
import { createPostViaApi } from './lib/content.ts';
import { paidCreator, person, subscribeViaApi, topUpViaApi } from './lib/economy.ts';
import { englishFound, englishTextsOf } from './lib/english-texts.ts';
import { expectVisible } from './lib/expect.ts';
import { sendMessageViaApi, startConversationViaApi } from './lib/messaging.ts';
import { api, baseUrl } from './lib/server.ts';

// The shared renderer of notification sentences, imported by URL as the web's catalogue is.
const RENDER = new URL('../../contracts/src/notice-render.ts', import.meta.url).href;
const { renderNotice } = (await import(RENDER)) as {
  renderNotice: (
    kind: string,
    facts: object,
    language: string,
  ) => { title: string; message: string };
};

/**
 * Issue 32 on a 390 × 844 phone: a creator who chose German walks the app (feed, a post, a
 * profile, explore, notifications after a tip and a subscription, wallet, settings, messages)
 * and no page shows an English sentence: none of the English catalogue's texts that German
 * writes otherwise, nor the English of their notifications, categories, tags and vibes.
 */
const t = useBrowser({ viewport: PHONE });

/** POST /api/tips/ as the fan, with its Idempotency-Key. */
async function tipViaApi(access: string, creatorId: number, amount: string): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/tips/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${access}`,
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify({ creator_id: creatorId, amount }),
  });
  expect(res.status, await res.text()).toBe(201);
}

async function ok(answer: Promise<{ status: number; body: unknown }>): Promise<void> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBeLessThan(300);
}

/** A profile in the category Travel, with preset categories, tags and vibes. */
async function travelProfile(access: string): Promise<void> {
  const profile = {
    bio: 'Ich reise gern und zeige euch die schönsten Orte.',
    category: 'travel',
    subcategories: ['photography', 'nature'],
    tags: ['Behind the Scenes', 'Q&A Sessions', 'Cute Pets'],
    vibes: ['Playful', 'Mysterious'],
  };
  await ok(api('PUT', '/auth/profile/', profile, access));
}

/** A German creator with a travel profile, a tip, a subscriber and a message from one fan. */
async function germanCreatorWithNews() {
  const reader = await paidCreator({ price: '4.99' });
  await ok(api('PUT', '/auth/settings/', { language: 'de' }, reader.tokens.access));
  await travelProfile(reader.tokens.access);
  await createPostViaApi(reader.tokens.access, { content: 'Grüße aus den Bergen!' });
  // Someone the reader follows as a fan: their feed, a post, a profile and a search result.
  const mia = await paidCreator({ price: '4.99', post: 'Neue Fotos vom Wochenende.' });
  await travelProfile(mia.tokens.access);
  await topUpViaApi(reader.tokens.access, '20.00');
  await subscribeViaApi(reader.tokens.access, mia.id);

  const fan = await person();
  await topUpViaApi(fan.tokens.access, '20.00');
  await subscribeViaApi(fan.tokens.access, reader.id);
  await tipViaApi(fan.tokens.access, reader.id, '5.00');
  const conversation = await startConversationViaApi(fan.tokens.access, reader.id);
  await sendMessageViaApi(fan.tokens.access, conversation.id, 'Hallo, wie geht es dir?');
  if (!mia.post) throw new Error('no post');
  return { reader, mia, fan, postId: mia.post.id };
}

describe('a creator who chose German', () => {
  it('walks the app on a phone and meets no English sentence', { timeout: 240_000 }, async () => {
    const { reader, mia, fan, postId } = await germanCreatorWithNews();
    const english = englishTextsOf('de');
    // Their notifications and taxonomy as they would read in English.
    const facts = { sender_username: fan.username, amount_cents: 500, creator_cents: 450 };
    const subscribed = { subscriber_username: fan.username, price_cents: 499, period_months: 1 };
    for (const [kind, data] of [
      ['tipped', facts],
      ['subscribed', subscribed],
    ] as const) {
      const { title, message } = renderNotice(kind, data, 'en');
      english.set(`notification ${kind} title`, title);
      english.set(`notification ${kind}`, message.replace(`${fan.username} `, ''));
    }
    for (const label of ['Travel', 'Photography', 'Behind the Scenes', 'Q&A Sessions']) {
      english.set(`taxonomy ${label}`, label);
    }
    for (const label of ['Cute Pets', 'Playful', 'Mysterious']) {
      english.set(`taxonomy ${label}`, label);
    }
    const phrases = [...english];
    // The list holds the catalogue's sentences, and the matcher finds them as whole words only.
    expect(phrases.length).toBeGreaterThan(500);
    expect(englishFound('Mark all as read', phrases)).toEqual([
      'notifications.markAllRead: Mark all as read',
    ]);
    expect(englishFound('Remark all as reader', phrases)).toEqual([]);

    const { page } = t;
    await storeSession(page, reader.tokens);
    await page.evaluate(() => localStorage.setItem('zura-language', 'de'));
    const problems: string[] = [];
    /** Once `ready` shows, what the page shows (all of it, scrolled or not) is checked. */
    async function check(where: string, ready: (page: Page) => Promise<void>): Promise<string> {
      await ready(page);
      // What loads after the first answer (counts, a second query) has its moment to show.
      await page.waitForTimeout(800);
      // The options of a closed select (the category filter) are read too.
      const options = await page.$$eval('option', (nodes) => nodes.map((node) => node.text));
      const text = [await page.locator('body').innerText(), ...options].join('\n');
      for (const found of englishFound(text, phrases)) problems.push(`${where}: ${found}`);
      return text;
    }
    const main = () => page.getByRole('main');

    await page.goto('/');
    await check('feed', () => expectVisible(main().getByText('Neue Fotos vom Wochenende.')));

    await page.goto(`/posts/${postId}`);
    await check('post', () => expectVisible(main().getByText('Neue Fotos vom Wochenende.')));

    await page.goto(`/profile/${mia.username}`);
    await check("mia's profile", () =>
      expectVisible(main().getByRole('heading', { name: mia.username, level: 1 })),
    );

    await page.goto('/profile');
    await check('own profile', async () => {
      await expectVisible(main().getByText('#Hinter den Kulissen', { exact: true }));
      await expectVisible(main().getByText('Reisen', { exact: true }));
      await expectVisible(main().getByText('Verspielt', { exact: true }));
    });

    await page.goto(`/explore?q=${encodeURIComponent(mia.username)}`);
    await check('explore', async () => {
      const card = main().getByRole('article', { name: mia.username });
      await expectVisible(card.getByText(/· Reisen$/));
    });
    await page.goto('/explore?category=travel');
    await check('explore by category', () => expectVisible(main().getByRole('combobox').first()));

    await page.goto('/notifications');
    const notifications = await check('notifications', async () => {
      await expectVisible(main().getByText('Neues Trinkgeld', { exact: true }));
      await expectVisible(main().getByText('Neuer Abonnent', { exact: true }));
      await expectVisible(
        main().getByText(`${fan.username} hat dir 5,00 $ Trinkgeld gegeben (du erhältst 4,50 $).`),
      );
    });

    // The same matcher finds the German sentence the page shows.
    expect(englishFound(notifications, [['tip', 'Neues Trinkgeld']])).toEqual(['tip']);

    await page.goto('/wallet');
    await check('wallet', () => expectVisible(main().getByRole('heading', { level: 1 })));

    await page.goto('/subscriptions');
    await check('subscriptions', () =>
      expectVisible(main().getByText(mia.username, { exact: true }).first()),
    );

    await page.goto('/settings');
    for (const tab of ['Benachrichtigungen', 'Privatsphäre', 'Inhalte', 'Konto']) {
      await check(`settings ${tab}`, async () => {
        await main().getByRole('tab', { name: tab, exact: true }).click();
        await expectVisible(main().getByRole('tabpanel'));
      });
    }

    await page.goto('/messages');
    await check('messages', () =>
      expectVisible(main().getByText('Hallo, wie geht es dir?', { exact: true })),
    );

    expect(problems).toEqual([]);
  });
});
