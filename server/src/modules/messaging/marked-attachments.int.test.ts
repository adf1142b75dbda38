import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { topUp } from '../../../test/economy.ts';
import { buildUser } from '../../../test/factories.ts';
import { getMedia, uploadRow } from '../../../test/media.ts';
import {
  listMessages,
  sendMessage,
  startConversation,
  unlockRequest,
  uploadAttachment,
} from '../../../test/messaging.ts';

/** Issue 35: a paid message's image reaches its buyer marked for them; its sender sees it plain. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const toOf = (url: string) => new URL(url, 'http://zura.test').searchParams.get('to');

/** A creator's locked message holding an image, which a fan has bought. */
async function boughtImageMessage() {
  const creator = await buildUser(t, { isCreator: true });
  const fan = await buildUser(t);
  await topUp(t, fan, '20');
  const conversation = await startConversation(t, fan, creator);
  const upload = await uploadAttachment(t, creator);
  const message = await sendMessage(t, creator, conversation.id, {
    text: 'for you',
    is_locked: true,
    price: '3',
    uploaded_file_uuids: [upload],
  });
  expect((await unlockRequest(t, fan, message.id)).statusCode).toBe(200);
  return { creator, fan, conversation, upload, message };
}

describe("a locked message's image", () => {
  it('goes to its buyer as their marked copy and to its sender as the stored bytes', async () => {
    const { creator, fan, conversation, upload, message } = await boughtImageMessage();
    const key = (await uploadRow(t, upload))?.storageKey ?? '';
    const stored = await t.storage.readBuffer(key);

    const seen = (await listMessages(t, fan, conversation.id)).find((m) => m.id === message.id);
    const fanUrl = String(seen?.attachments[0]?.file_url);
    expect(toOf(fanUrl)).toBe(String(fan.id));
    const marked = await getMedia(t, fanUrl);
    expect(marked.statusCode).toBe(200);
    expect(marked.headers['cache-control']).toBe('private, no-store');
    expect(marked.rawPayload.equals(stored)).toBe(false);

    const sent = (await listMessages(t, creator, conversation.id)).find((m) => m.id === message.id);
    const ownUrl = String(sent?.attachments[0]?.file_url);
    expect(toOf(ownUrl)).toBeNull();
    expect((await getMedia(t, ownUrl)).rawPayload.equals(stored)).toBe(true);
  });

  it("carries the visible mark as its sender's default says, at once after a change", async () => {
    const { creator, fan, conversation, message } = await boughtImageMessage();
    const fanUrl = async () => {
      const seen = (await listMessages(t, fan, conversation.id)).find((m) => m.id === message.id);
      return String(seen?.attachments[0]?.file_url);
    };
    const queryOf = (url: string) => new URL(url, 'http://zura.test').searchParams;
    const setDefault = (on: boolean) =>
      t.request({
        method: 'PUT',
        url: '/api/auth/profile/',
        token: creator.access,
        payload: { visible_mark_default: on },
      });
    expect(queryOf(await fanUrl()).get('v')).toBeNull();
    expect((await setDefault(true)).statusCode).toBe(200);
    const visible = await fanUrl();
    expect(queryOf(visible).get('to')).toBe(String(fan.id));
    expect(queryOf(visible).get('v')).toBe('1');
    const served = await getMedia(t, visible);
    expect(served.statusCode).toBe(200);
    // The sender's own view stays the stored bytes.
    const sent = (await listMessages(t, creator, conversation.id)).find((m) => m.id === message.id);
    expect(toOf(String(sent?.attachments[0]?.file_url))).toBeNull();
    expect((await setDefault(false)).statusCode).toBe(200);
    expect(queryOf(await fanUrl()).get('v')).toBeNull();
  });

  it('stays plain in a message that costs nothing', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const conversation = await startConversation(t, a, b);
    const upload = await uploadAttachment(t, b);
    await sendMessage(t, b, conversation.id, { text: 'hi', uploaded_file_uuids: [upload] });
    const [seen] = await listMessages(t, a, conversation.id);
    expect(toOf(String(seen?.attachments[0]?.file_url))).toBeNull();
  });
});
