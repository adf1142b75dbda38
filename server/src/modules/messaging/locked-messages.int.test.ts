import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  balance,
  ledgerViolations,
  moneySnapshot,
  platformBalance,
  topUp,
} from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import {
  conversationOf,
  getAs,
  listMessages,
  sendMessage,
  sendMessageRequest,
  signedMediaUrl,
  startConversation,
  unlockRequest,
  uploadAttachment,
  type MessageBody,
} from '../../../test/messaging.ts';

/**
 * Locked messages: only creators send them, the recipient sees neither text nor files until
 * paying, and the wallet is charged exactly once however many unlocks arrive together.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const INSUFFICIENT = { detail: 'Insufficient funds. Top up your wallet and try again.' };

/**
 * A creator, a fan, their conversation and a locked message with a file, at `price` (`null`:
 * no price sent).
 */
async function lockedMessage(price: string | null = '7.50', fanTopUp?: string) {
  const creator = await buildUser(t, { isCreator: true });
  const fan = await buildUser(t);
  if (fanTopUp) await topUp(t, fan, fanTopUp);
  const conversation = await startConversation(t, fan, creator);
  const upload = await uploadAttachment(t, creator, 'message_attachment', 'exclusive.png');
  const secret = `exclusive text ${Math.random().toString(36).slice(2)}`;
  const message = await sendMessage(t, creator, conversation.id, {
    text: secret,
    is_locked: true,
    ...(price === null ? {} : { price }),
    uploaded_file_uuids: [upload],
  });
  return { creator, fan, conversation, upload, secret, message };
}

async function unlockTransactions(messageId: number) {
  const { rows } = await t.pool.query<{
    kind: string;
    payer_id: number;
    payee_id: number;
    amount_cents: number;
    fee_cents: number;
  }>(
    `SELECT kind, payer_id::int, payee_id::int, amount_cents::int, fee_cents::int FROM ledger_transactions
      WHERE kind = 'message_unlock' AND reference->>'message_id' = $1`,
    [String(messageId)],
  );
  return rows;
}

async function unlockRows(messageId: number): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM message_unlocks WHERE message_id = $1',
    [messageId],
  );
  return rows[0]?.n ?? 0;
}

describe('a locked message', () => {
  it('shows its text and files to the creator who sent it', async () => {
    const { creator, conversation, upload, secret, message } = await lockedMessage();
    expect(message).toMatchObject({
      text: secret,
      is_locked: true,
      is_unlocked: true,
      price: 7.5,
      price_cents: 750,
      has_media: true,
      attachments: [{ id: upload, file_url: expect.stringMatching(signedMediaUrl(upload)) }],
    });
    const [own] = await listMessages(t, creator, conversation.id);
    expect(own).toMatchObject({ text: secret, is_unlocked: true, attachments: [{ id: upload }] });
    expect((await conversationOf(t, creator, conversation.id))?.last_message).toMatchObject({
      text: secret,
      has_media: true,
      is_locked: true,
      is_unlocked: true,
    });
  });

  it('hides text and files from the recipient in messages, the conversation and the notification', async () => {
    const { creator, fan, conversation, upload, secret, message } = await lockedMessage();
    const res = await getAs(t, fan, `/api/messaging/conversations/${conversation.id}/messages/`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain(upload);
    expect(res.json()).toEqual([
      {
        ...message,
        text: '',
        attachments: [],
        has_media: true,
        is_locked: true,
        is_unlocked: false,
        price: 7.5,
        price_cents: 750,
      },
    ]);

    const list = await getAs(t, fan, '/api/messaging/conversations/');
    expect(list.body).not.toContain(secret);
    expect(list.json()[0].last_message).toEqual({
      id: message.id,
      text: '',
      has_media: true,
      is_locked: true,
      is_unlocked: false,
      is_system: false,
      sender: creator.id,
      created_at: message.created_at,
    });

    const notes = await getAs(t, fan, '/api/notifications/');
    expect(notes.body).not.toContain(secret);
    expect(notes.json()).toEqual([
      expect.objectContaining({
        notification_type: 'message',
        title: `New message from ${creator.username}`,
        message: 'Locked message · $7.50',
        kind: 'message_received',
        data: {
          conversation_id: conversation.id,
          sender_id: creator.id,
          sender_username: creator.username,
          has_media: true,
          price_cents: 750,
          currency: 'USD',
        },
      }),
    ]);
  });

  it('costs 5.00 when no price is given', async () => {
    const { fan, conversation, message } = await lockedMessage(null);
    expect(message).toMatchObject({ price: 5, price_cents: 500 });
    const [seen] = await listMessages(t, fan, conversation.id);
    expect(seen).toMatchObject({ price: 5, text: '', is_unlocked: false });
  });

  it('accepts the bounds 1.00 and 1000.00', async () => {
    const creator = await buildUser(t, { isCreator: true });
    const fan = await buildUser(t);
    const { id } = await startConversation(t, creator, fan);
    for (const [price, cents] of [
      ['1', 100],
      ['1000.00', 100_000],
      [12.5, 1250],
    ] as const) {
      const sent = await sendMessage(t, creator, id, { text: 'paid', is_locked: true, price });
      expect(sent.price_cents).toBe(cents);
    }
  });

  describe('is refused with a field message, and nothing is written', () => {
    let creator: TestUser;
    let fan: TestUser;
    let conversationId: number;
    beforeAll(async () => {
      creator = await buildUser(t, { isCreator: true });
      fan = await buildUser(t);
      conversationId = (await startConversation(t, creator, fan)).id;
    });

    async function refused(
      sender: TestUser,
      body: Record<string, unknown>,
      expected: Record<string, unknown>,
    ) {
      const res = await sendMessageRequest(t, sender, conversationId, { text: 'pay me', ...body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(expected);
      expect(await listMessages(t, creator, conversationId)).toEqual([]);
    }

    it('from a user who is not a creator', async () => {
      await refused(
        fan,
        { is_locked: true },
        { is_locked: ['Only creators can send locked messages.'] },
      );
      await refused(
        fan,
        { is_locked: true, price: '10' },
        { is_locked: ['Only creators can send locked messages.'] },
      );
    });

    it.each([['0.99'], [0], ['0'], ['1000.01'], [1001], ['999999999']])(
      'at a price out of range (%s)',
      async (price) => {
        await refused(
          creator,
          { is_locked: true, price },
          { price: ['The amount must be between $1.00 and $1000.00.'] },
        );
      },
    );

    it.each([['-5'], [-5], ['1.001'], ['abc'], ['1e3'], ['']])(
      'at a negative or malformed price (%s)',
      async (price) => {
        await refused(
          creator,
          { is_locked: true, price },
          { price: ['Enter a positive amount in dollars with at most two decimals.'] },
        );
      },
    );

    it('at a price that is not a number or text', async () => {
      await refused(
        creator,
        { is_locked: true, price: { amount: 5 } },
        { price: ['Enter an amount in dollars, like 5 or 12.50.'] },
      );
    });
  });
});

describe('unlocking', () => {
  it('charges the price exactly once when fifty unlocks arrive together', async () => {
    const { creator, fan, conversation, upload, secret, message } = await lockedMessage(
      '7.50',
      '50',
    );
    const walletBefore = await balance(t, fan);
    const earningsBefore = await balance(t, creator, 'earnings');
    const revenueBefore = await platformBalance(t, 'platform_revenue');
    expect(walletBefore).toBe(5000);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => unlockRequest(t, fan, message.id)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    for (const res of answers) {
      expect(res.json()).toMatchObject({
        id: message.id,
        text: secret,
        is_locked: true,
        is_unlocked: true,
        attachments: [{ id: upload, file_url: expect.stringMatching(signedMediaUrl(upload)) }],
      });
    }

    expect(await unlockTransactions(message.id)).toEqual([
      {
        kind: 'message_unlock',
        payer_id: fan.id,
        payee_id: creator.id,
        amount_cents: 750,
        fee_cents: 75,
      },
    ]);
    expect(await unlockRows(message.id)).toBe(1);
    expect(await balance(t, fan)).toBe(walletBefore - 750);
    expect(await balance(t, creator, 'earnings')).toBe(earningsBefore + 675);
    expect(await platformBalance(t, 'platform_revenue')).toBe(revenueBefore + 75);
    expect(await ledgerViolations(t)).toEqual([]);

    // The creator hears of it once.
    const notes = (await getAs(t, creator, '/api/notifications/')).json();
    expect(
      notes.filter((n: { notification_type: string }) => n.notification_type === 'unlock'),
    ).toEqual([
      expect.objectContaining({
        title: 'Message unlocked',
        message: `${fan.username} unlocked your message for $7.50 (you receive $6.75).`,
        kind: 'message_unlocked',
        data: {
          conversation_id: conversation.id,
          message_id: message.id,
          sender_id: fan.id,
          sender_username: fan.username,
          amount_cents: 750,
          creator_cents: 675,
          currency: 'USD',
        },
      }),
    ]);

    // From now on the fan sees it everywhere, and unlocking again costs nothing.
    const [seen] = await listMessages(t, fan, conversation.id);
    expect(seen).toMatchObject({ text: secret, is_unlocked: true, attachments: [{ id: upload }] });
    expect((await conversationOf(t, fan, conversation.id))?.last_message).toMatchObject({
      text: secret,
      is_unlocked: true,
    });
    const snapshot = await moneySnapshot(t);
    expect((await unlockRequest(t, fan, message.id)).statusCode).toBe(200);
    expect(await moneySnapshot(t)).toEqual(snapshot);
  });

  it('answers 402 without enough money and moves nothing; it works after a top-up', async () => {
    const { fan, conversation, secret, message } = await lockedMessage('5.00', '3');
    const before = await moneySnapshot(t);
    const res = await unlockRequest(t, fan, message.id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject(INSUFFICIENT);
    expect(res.body).not.toContain(secret);
    expect(await moneySnapshot(t)).toEqual(before);
    expect(await unlockRows(message.id)).toBe(0);
    expect((await listMessages(t, fan, conversation.id))[0]).toMatchObject({
      text: '',
      is_unlocked: false,
    });

    await topUp(t, fan, '2');
    const paid = await unlockRequest(t, fan, message.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ text: secret, is_unlocked: true });
    expect(await balance(t, fan)).toBe(0);
    expect(await unlockTransactions(message.id)).toHaveLength(1);
  });

  it('answers 402 to a fan who never had a wallet', async () => {
    const { fan, message } = await lockedMessage('1.00');
    const before = await moneySnapshot(t);
    const res = await unlockRequest(t, fan, message.id);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject(INSUFFICIENT);
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('refuses the sender unlocking their own message', async () => {
    const { creator, message } = await lockedMessage('5.00');
    const before = await moneySnapshot(t);
    const res = await unlockRequest(t, creator, message.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'You cannot unlock your own message.' });
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('of a message that is not locked answers it and charges nothing', async () => {
    const creator = await buildUser(t, { isCreator: true });
    const fan = await buildUser(t);
    await topUp(t, fan, '10');
    const { id } = await startConversation(t, fan, creator);
    const free = await sendMessage(t, creator, id, 'free for all');
    const before = await moneySnapshot(t);
    const res = await unlockRequest(t, fan, free.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<MessageBody>()).toMatchObject({ id: free.id, text: 'free for all' });
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('answers 404 to anyone outside the conversation, as for a missing message', async () => {
    const { message, secret } = await lockedMessage('5.00');
    const mallory = await buildUser(t);
    await topUp(t, mallory, '20');
    const before = await moneySnapshot(t);
    const foreign = await unlockRequest(t, mallory, message.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ detail: 'Message not found.' });
    expect(foreign.body).not.toContain(secret);
    const missing = await unlockRequest(t, mallory, 987_654_321);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ detail: 'Message not found.' });
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('refuses a message id that is not one', async () => {
    const fan = await buildUser(t);
    for (const id of ['abc', '0', '-3', '1.5']) {
      const res = await unlockRequest(t, fan, id);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ id: ['Not a valid message id.'] });
    }
  });
});
