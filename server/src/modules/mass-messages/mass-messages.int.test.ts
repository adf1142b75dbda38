import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  balance,
  buildCreator,
  ledgerViolations,
  makeDue,
  renewAllDue,
  subscribe,
  topUp,
} from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { waitForJobsDone } from '../../../test/jobs.ts';
import {
  copiesTo,
  createMass,
  muteAs,
  sendAs,
  waitSent,
  type MassBody,
} from '../../../test/mass-messages.ts';
import { listMessages, uploadAttachment, unlockRequest } from '../../../test/messaging.ts';
import { claim, createOffer } from '../../../test/offers.ts';
import { createMassMessagesService } from './service.ts';

/**
 * A mass message's copies are ordinary messages: locked at its price, unlocked (and charged once)
 * through the message unlock path, counted in the creator's figures; a retried job sends none
 * twice; the welcome message reaches new subscribers only.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function creatorWithFans(n: number) {
  const creator = await buildCreator(t, 499);
  const fans: TestUser[] = [];
  for (let i = 0; i < n; i++) {
    const fan = await buildUser(t);
    await topUp(t, fan, '50');
    const res = await subscribe(t, fan, creator);
    if (res.statusCode !== 201) throw new Error(`subscribe failed: ${res.body}`);
    fans.push(fan);
  }
  return { creator, fans };
}

async function listOf(creator: TestUser) {
  const res = await t.request({
    method: 'GET',
    url: '/api/creator/mass-messages/',
    token: creator.access,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ results: MassBody[] }>().results;
}

async function conversationWith(fan: TestUser, creator: TestUser) {
  const { rows } = await t.pool.query<{ id: number }>(
    'SELECT id::int FROM conversations WHERE user_low_id = $1 AND user_high_id = $2',
    [Math.min(fan.id, creator.id), Math.max(fan.id, creator.id)],
  );
  return rows[0]?.id ?? 0;
}

describe('a priced mass message', () => {
  it('is locked for each fan, charged once under 50 parallel unlocks, and counted', async () => {
    const { creator, fans } = await creatorWithFans(2);
    const [fan] = fans as [TestUser, TestUser];
    const upload = await uploadAttachment(t, creator, 'post_image', 'secret.png');
    const mass = await createMass(t, creator, {
      text: 'exclusive words',
      media_ids: [upload],
      price: '7.50',
      segment: { kind: 'active' },
    });
    await waitSent(t, mass.id);
    const conversation = await conversationWith(fan, creator);
    const [copy] = await listMessages(t, fan, conversation);
    expect(copy).toMatchObject({
      text: '',
      is_locked: true,
      is_unlocked: false,
      price_cents: 750,
      attachments: [],
    });
    expect(JSON.stringify(copy)).not.toContain(upload);

    const before = await balance(t, fan);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => unlockRequest(t, fan, copy?.id ?? 0)),
    );
    expect(results.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    expect(await balance(t, fan)).toBe(before - 750);
    const { rows } = await t.pool.query(
      `SELECT 1 FROM ledger_transactions WHERE kind = 'message_unlock' AND payer_id = $1`,
      [fan.id],
    );
    expect(rows).toHaveLength(1);
    expect(results[0]?.json()).toMatchObject({
      text: 'exclusive words',
      is_unlocked: true,
      attachments: [{ id: upload }],
    });
    // Its library file, signed for the fan now that they paid, opens.
    const opened = await t.request({
      method: 'GET',
      url:
        results[0]?.json<{ attachments: { file_url: string }[] }>().attachments[0]?.file_url ?? '',
    });
    expect(opened.statusCode).toBe(200);
    expect(await ledgerViolations(t)).toEqual([]);

    // The other fan has not read theirs: one read (the fan listed the conversation), one unlock.
    const [stats] = await listOf(creator);
    expect(stats).toMatchObject({
      id: mass.id,
      status: 'sent',
      recipient_count: 2,
      sent_count: 2,
      read_count: 1,
      unlocked_count: 1,
      revenue_gross_cents: 750,
      revenue_net_cents: 675,
    });
  });
});

describe('the delivery job', () => {
  it('sends nobody a second copy when retried, even twice at once', async () => {
    const { creator, fans } = await creatorWithFans(3);
    const mass = await createMass(t, creator, { text: 'once only', segment: { kind: 'active' } });
    await waitSent(t, mass.id);
    await t.pool.query(`UPDATE mass_messages SET status = 'sending' WHERE id = $1`, [mass.id]);
    await Promise.all([t.services.massSender.send(mass.id), t.services.massSender.send(mass.id)]);
    expect(await copiesTo(t, mass.id, creator.id)).toEqual(
      fans.map((f) => f.id).sort((a, b) => a - b),
    );
    const { rows } = await t.pool.query<{ sent_count: number; status: string }>(
      'SELECT sent_count, status FROM mass_messages WHERE id = $1',
      [mass.id],
    );
    expect(rows[0]).toEqual({ sent_count: 3, status: 'sent' });
  });

  it('finishes a delivery cut short, sending only what is missing', async () => {
    const { creator, fans } = await creatorWithFans(3);
    const mass = await createMass(t, creator, { text: 'resume', segment: { kind: 'active' } });
    await waitSent(t, mass.id);
    // As if the first run died after one fan's copy.
    await t.pool.query(
      `DELETE FROM messages WHERE mass_message_id = $1 AND conversation_id <> $2`,
      [mass.id, await conversationWith(fans[0] as TestUser, creator)],
    );
    await t.pool.query(
      `UPDATE mass_messages SET status = 'sending', sent_count = 1 WHERE id = $1`,
      [mass.id],
    );
    await t.services.massSender.send(mass.id);
    expect(await copiesTo(t, mass.id, creator.id)).toHaveLength(3);
    const [stats] = await listOf(creator);
    expect(stats).toMatchObject({ sent_count: 3, status: 'sent' });
  });
});

describe('a mass message whose job cannot be queued', () => {
  it('is marked failed, and the request fails', async () => {
    const { creator } = await creatorWithFans(1);
    const withQueueDown = createMassMessagesService({
      db: t.db,
      uploads: t.services.uploads,
      jobs: {
        send: async () => {
          throw new Error('job queue unreachable');
        },
      },
    });
    await expect(
      withQueueDown.create(
        creator.id,
        { text: 'never queued', mediaIds: [], priceCents: null },
        { kind: 'active' },
      ),
    ).rejects.toThrow('job queue unreachable');
    const { rows } = await t.pool.query<{ status: string; finished: boolean }>(
      `SELECT status, finished_at IS NOT NULL AS finished FROM mass_messages
        WHERE creator_id = $1 AND text = 'never queued'`,
      [creator.id],
    );
    expect(rows).toEqual([{ status: 'failed', finished: true }]);
  });
});

describe('a delivery that keeps failing', () => {
  it('stays sending while retries remain, and is marked failed after the last', async () => {
    const { creator } = await creatorWithFans(1);
    const mass = await createMass(t, creator, { text: 'doomed', segment: { kind: 'active' } });
    await waitSent(t, mass.id);
    // A stored segment no delivery can read: every run fails.
    await t.pool.query(
      `UPDATE mass_messages SET status = 'sending', segment = '{"kind":"gone"}' WHERE id = $1`,
      [mass.id],
    );
    const status = async () =>
      (
        await t.pool.query<{ status: string }>('SELECT status FROM mass_messages WHERE id = $1', [
          mass.id,
        ])
      ).rows[0]?.status;
    await expect(t.services.massSender.send(mass.id, { lastAttempt: false })).rejects.toThrow();
    expect(await status()).toBe('sending');
    await expect(t.services.massSender.send(mass.id, { lastAttempt: true })).rejects.toThrow();
    expect(await status()).toBe('failed');
  });
});

describe('the welcome message', () => {
  async function welcomeCopies(creator: TestUser) {
    const { rows } = await t.pool.query<{ id: number; fan: number }>(
      `SELECT mm.id::int, (CASE WHEN c.user_low_id = $1 THEN c.user_high_id ELSE c.user_low_id END)::int AS fan
         FROM messages m JOIN mass_messages mm ON mm.id = m.mass_message_id
         JOIN conversations c ON c.id = m.conversation_id
        WHERE mm.creator_id = $1 AND mm.kind = 'welcome' ORDER BY m.id`,
      [creator.id],
    );
    return rows;
  }

  async function waitCopies(creator: TestUser, n: number) {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if ((await welcomeCopies(creator)).length >= n) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('welcome message not delivered');
  }

  it('reaches each new subscriber once, not on renewal, not when muted', async () => {
    const {
      creator,
      fans: [early],
    } = await creatorWithFans(1);
    const put = await sendAs(t, creator, 'PUT', '/api/creator/welcome-message/', {
      text: 'welcome!',
      price: '3',
    });
    expect(put.statusCode, put.body).toBe(200);
    const first = put.json<{ current: MassBody }>().current;
    const fan = await buildUser(t);
    await topUp(t, fan, '50');
    const subscribed = await subscribe(t, fan, creator);
    await waitCopies(creator, 1);
    expect(await welcomeCopies(creator)).toEqual([{ id: first.id, fan: fan.id }]);
    // The fan who subscribed before the welcome message existed gets none.
    expect(early?.id).not.toBe(fan.id);

    // A renewal is no new subscription.
    await makeDue(t, subscribed.json<{ id: number }>().id);
    await renewAllDue(t);
    const muted = await buildUser(t);
    await topUp(t, muted, '50');
    await muteAs(t, muted, creator);
    await subscribe(t, muted, creator);
    // A later fan proves the queue moved past the muted one.
    const later = await buildUser(t);
    await topUp(t, later, '50');
    await subscribe(t, later, creator);
    await waitCopies(creator, 2);
    expect((await welcomeCopies(creator)).map((row) => row.fan)).toEqual([fan.id, later.id]);

    const state = await t.request({
      method: 'GET',
      url: '/api/creator/welcome-message/',
      token: creator.access,
    });
    expect(state.json()).toMatchObject({
      current: { id: first.id, sent_count: 2, recipient_count: 2, price_cents: 300 },
    });
  });

  it('reaches a fan who starts a free trial', async () => {
    const creator = await buildCreator(t, 499);
    await sendAs(t, creator, 'PUT', '/api/creator/welcome-message/', { text: 'hello trial' });
    const offer = await createOffer(t, creator, { kind: 'trial', trial_days: 7 });
    const fan = await buildUser(t);
    const claimed = await claim(t, fan, offer.code);
    expect(claimed.statusCode, claimed.body).toBe(201);
    await waitCopies(creator, 1);
    expect((await welcomeCopies(creator)).map((row) => row.fan)).toEqual([fan.id]);
  });

  it('keeps a replaced version with its figures, and turns off', async () => {
    const creator = await buildCreator(t, 0);
    const first = (
      await sendAs(t, creator, 'PUT', '/api/creator/welcome-message/', { text: 'v1' })
    ).json<{ current: MassBody }>().current;
    const second = (
      await sendAs(t, creator, 'PUT', '/api/creator/welcome-message/', { text: 'v2' })
    ).json<{ current: MassBody }>().current;
    expect(second.id).not.toBe(first.id);
    const { rows } = await t.pool.query<{ id: number; retired: boolean }>(
      'SELECT id::int, retired_at IS NOT NULL AS retired FROM mass_messages WHERE creator_id = $1 ORDER BY id',
      [creator.id],
    );
    expect(rows).toEqual([
      { id: first.id, retired: true },
      { id: second.id, retired: false },
    ]);
    const off = await sendAs(t, creator, 'DELETE', '/api/creator/welcome-message/');
    expect(off.json()).toEqual({ current: null });
    const fan = await buildUser(t);
    await subscribe(t, fan, creator);
    // The job that would have sent it has run: nothing was sent.
    await waitForJobsDone(t, 'welcome-message-send', { creatorId: creator.id, fanId: fan.id });
    expect(await welcomeCopies(creator)).toEqual([]);
  });
});

describe('who may send, and what', () => {
  it('answers 401 signed out and 403 to a fan, before reading the body', async () => {
    const fan = await buildUser(t);
    for (const [method, url] of [
      ['POST', '/api/creator/mass-messages/'],
      ['POST', '/api/creator/mass-messages/count/'],
      ['PUT', '/api/creator/welcome-message/'],
    ] as const) {
      expect((await sendAs(t, undefined, method, url, { bad: true })).statusCode).toBe(401);
      expect((await sendAs(t, fan, method, url, { bad: true })).statusCode).toBe(403);
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/creator/mass-messages/', token: fan.access }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: '/api/creator/mass-messages/' })).statusCode,
    ).toBe(401);
  });

  it.each([
    ['no text nor media', { text: '  ', segment: { kind: 'active' } }, 'Write a message'],
    ['a price too low', { text: 'x', price: '0.50', segment: { kind: 'active' } }, 'between'],
    ['a price as a boolean', { text: 'x', price: true, segment: { kind: 'active' } }, 'price'],
    ['an unknown segment', { text: 'x', segment: { kind: 'everyone' } }, 'segment'],
    [
      'days as text',
      { text: 'x', segment: { kind: 'spenders', min_amount: '5', days: '30' } },
      'days',
    ],
    ['an id as text', { text: 'x', segment: { kind: 'list', user_ids: ['7'] } }, 'user id'],
    [
      'media not owned',
      {
        text: 'x',
        media_ids: ['00000000-0000-4000-8000-000000000000'],
        segment: { kind: 'active' },
      },
      'library',
    ],
    ['text too long', { text: 'x'.repeat(5001), segment: { kind: 'active' } }, '5000'],
  ])('refuses %s with 400', async (_name, body, message) => {
    const { creator } = await creatorWithFans(0);
    const res = await sendAs(t, creator, 'POST', '/api/creator/mass-messages/', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(message);
  });
});
