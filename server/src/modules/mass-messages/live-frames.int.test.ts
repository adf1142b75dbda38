import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator, subscribe, topUp } from '../../../test/economy.ts';
import { buildUser } from '../../../test/factories.ts';
import { createMass, waitSent } from '../../../test/mass-messages.ts';
import { uploadAttachment } from '../../../test/messaging.ts';
import { authedSocket, closeAllSockets, listen } from '../../../test/sockets.ts';

/**
 * A mass message reaches online recipients live, as an ordinary message does, without leaking a
 * locked copy's text or files; the creator's sockets get its progress.
 */
let t: TestApp;
let ws: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ ws } = await listen(t.app));
});
afterAll(async () => {
  await closeAllSockets();
  await t.close();
});

describe('live delivery', () => {
  it('sends each online fan the locked copy, its notification and badges; the creator progress', async () => {
    const creator = await buildCreator(t, 0);
    const fan = await buildUser(t);
    await topUp(t, fan, '20');
    expect((await subscribe(t, fan, creator)).statusCode).toBe(201);
    const fanSocket = await authedSocket(ws, fan.access);
    const creatorSocket = await authedSocket(ws, creator.access);
    const upload = await uploadAttachment(t, creator, 'message_attachment', 'locked.png');
    const secret = `only after paying ${Math.random().toString(36).slice(2)}`;
    const mass = await createMass(t, creator, {
      text: secret,
      media_ids: [upload],
      price: '4.00',
      segment: { kind: 'active' },
    });
    await waitSent(t, mass.id);

    const message = await fanSocket.waitForType('message');
    expect(message.message).toMatchObject({
      text: '',
      is_locked: true,
      is_unlocked: false,
      price_cents: 400,
      has_media: true,
      attachments: [],
    });
    const notification = await fanSocket.waitForType('notification');
    expect(notification.notification).toMatchObject({ message: 'Locked message · $4.00' });
    await fanSocket.waitFor((f) => f.type === 'unread_counts' && f.messages === 1);
    expect(fanSocket.texts.join('\n')).not.toContain(secret);
    expect(fanSocket.texts.join('\n')).not.toContain(upload);

    const done = await creatorSocket.waitFor(
      (f) => f.type === 'mass_message_progress' && f.status === 'sent',
    );
    expect(done).toMatchObject({ mass_message_id: mass.id, sent_count: 1, recipient_count: 1 });
  });
});
