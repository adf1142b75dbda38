import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import {
  getAs,
  listMessages,
  sendMessage,
  signedMediaUrl,
  uploadAttachment,
} from '../../../test/messaging.ts';
import { isoDate, conversationsKit } from './conversations-test-kit.ts';

/**
 * Conversations and plain messages: one conversation per pair, the list by last activity,
 * pages of messages, unread counts, and who may read or post.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { pair } = conversationsKit(() => t);

describe('the attachment library', () => {
  it('lists the sender’s own sent files only, newest first, once each', async () => {
    const { alice, bob, conversation } = await pair();
    const older = await uploadAttachment(t, alice, 'message_attachment', 'older.png');
    const newer = await uploadAttachment(t, alice, 'message_attachment', 'newer.png');
    const unsent = await uploadAttachment(t, alice, 'message_attachment', 'unsent.png');
    const first = await sendMessage(t, alice, conversation.id, { uploaded_file_uuids: [older] });
    const second = await sendMessage(t, alice, conversation.id, {
      text: 'again',
      uploaded_file_uuids: [newer, older],
    });
    const bobs = await uploadAttachment(t, bob, 'message_attachment', 'bobs.png');
    await sendMessage(t, bob, conversation.id, { uploaded_file_uuids: [bobs] });

    const res = await getAs(t, alice, '/api/messaging/attachments/');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((a: { id: string }) => a.id)).toEqual([newer, older]);
    expect(list[0]).toEqual({
      id: newer,
      original_filename: 'newer.png',
      file_size: expect.any(Number),
      content_type: 'image/png',
      file_url: expect.stringMatching(signedMediaUrl(newer)),
      thumbnail_url: list[0].thumbnail_url,
      is_image: true,
      uploaded_at: isoDate,
      sender_id: alice.id,
      sender_username: alice.username,
      message_id: second.id,
    });
    expect(list.map((a: { id: string }) => a.id)).not.toContain(unsent);
    expect(first.attachments.map((a) => a.id)).toEqual([older]);
    const bobsList = (await getAs(t, bob, '/api/messaging/attachments/')).json();
    expect(bobsList.map((a: { id: string }) => a.id)).toEqual([bobs]);
    const mallory = await buildUser(t);
    expect((await getAs(t, mallory, '/api/messaging/attachments/')).json()).toEqual([]);
  });

  it('deletes the sender’s own attachment from every message; anyone else gets 404', async () => {
    const { alice, bob, conversation } = await pair();
    const id = await uploadAttachment(t, alice);
    const sent = await sendMessage(t, alice, conversation.id, {
      text: 'look',
      uploaded_file_uuids: [id],
    });
    const fileUrl = sent.attachments[0]!.file_url;
    const remove = (user: TestUser, uploadId: string) =>
      t.request({
        method: 'DELETE',
        url: `/api/messaging/attachments/${uploadId}/delete_attachment/`,
        token: user.access,
      });

    for (const other of [bob, await buildUser(t)]) {
      const res = await remove(other, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Attachment not found.' });
    }
    const notAnId = await t.request({
      method: 'DELETE',
      url: '/api/messaging/attachments/abc/delete_attachment/',
      token: alice.access,
    });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json()).toMatchObject({ id: ['Not a valid attachment id.'] });
    // An upload of another context is not a message attachment.
    const postImage = await uploadAttachment(t, alice, 'post_image');
    expect((await remove(alice, postImage)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: fileUrl })).statusCode).toBe(200);

    const done = await remove(alice, id);
    expect(done.statusCode).toBe(204);
    expect(done.body).toBe('');
    expect((await getAs(t, alice, '/api/messaging/attachments/')).json()).toEqual([]);
    const [message] = await listMessages(t, bob, conversation.id);
    expect(message).toMatchObject({ id: sent.id, text: 'look', has_media: false, attachments: [] });
    expect((await t.request({ method: 'GET', url: fileUrl })).statusCode).toBe(404);
    expect((await remove(alice, id)).statusCode).toBe(404);
  });
});
