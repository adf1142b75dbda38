import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@zura/contracts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { makeAdmin } from '../../../test/economy.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import {
  png,
  storedFileExists,
  storedKeys,
  uploadFile,
  uploadRow,
  waitForVariants,
} from '../../../test/media.ts';
import {
  getAs,
  listMessages,
  sendMessage,
  startConversation,
  uploadAttachment,
} from '../../../test/messaging.ts';
import {
  groupOf,
  notificationTexts,
  queueOf,
  reportOf,
  resolveRequest,
} from '../../../test/reports.ts';

/**
 * The admin's moderation queue: reports grouped by what they are about, and each way of
 * resolving them with its effects on the content, its owner, the reporters and the audit log.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t);
  await makeAdmin(t, admin);
});
afterAll(async () => {
  await t.close();
});

const THANKS = 'Thank you for your report. A moderator reviewed it and';
const resolve = (reportId: number, body: unknown) => resolveRequest(t, admin, reportId, body);
const auditEntries = async () =>
  (await getAs(t, admin, '/api/admin/audit-log/')).json<{
    results: { action: string; target_type: string; target_id: number; reason: string | null }[];
  }>().results;
const uploadIdsOfPost = async (postId: number) =>
  (
    await t.pool.query<{ image_id: string | null }>('SELECT image_id FROM posts WHERE id = $1', [
      postId,
    ])
  ).rows[0]?.image_id;

describe('the queue', () => {
  it('groups reports by target, newest first, and shows admins a locked post’s text', async () => {
    const author = await buildUser(t);
    const [first, second] = [await buildUser(t), await buildUser(t)];
    const post = await buildPost(t, author, { content: 'Hidden words', password: 'secret pass' });
    const a = await reportOf(t, first, 'post', post.id, 'harassment');
    const b = await reportOf(t, second, 'post', post.id, 'spam');

    const [group] = await queueOf(t, admin);
    expect(group).toEqual({
      target_type: 'post',
      target_id: post.id,
      owner: { id: author.id, username: author.username },
      content: { text: 'Hidden words', media: [] },
      reports: [
        expect.objectContaining({
          id: b,
          reporter: { id: second.id, username: second.username },
          reason: 'spam',
          status: 'open',
          resolution: null,
        }),
        expect.objectContaining({ id: a, reporter: { id: first.id, username: first.username } }),
      ],
    });

    // A target reported later comes first.
    await reportOf(t, first, 'profile', author.id);
    const targets = (await queueOf(t, admin)).map((row) => [row.target_type, row.target_id]);
    expect(targets.slice(0, 2)).toEqual([
      ['profile', author.id],
      ['post', post.id],
    ]);
  });

  it('is for admins only: others get 404, and no token 401', async () => {
    const user = await buildUser(t);
    const reportId = await reportOf(t, user, 'profile', admin.id);
    expect((await getAs(t, user, '/api/admin/reports/')).statusCode).toBe(404);
    expect((await getAs(t, undefined, '/api/admin/reports/')).statusCode).toBe(401);
    const asUser = await resolveRequest(t, user, reportId, { action: 'dismiss' });
    expect(asUser.statusCode).toBe(404);
    const anonymous = await resolveRequest(t, undefined, reportId, { action: 'dismiss' });
    expect(anonymous.statusCode).toBe(401);
    expect((await groupOf(t, admin, 'profile', admin.id))[0]?.reports[0]?.status).toBe('open');
  });
});

describe('resolving a report', () => {
  it('dismisses every open report of the target at once and thanks each reporter', async () => {
    const author = await buildUser(t);
    const [first, second] = [await buildUser(t), await buildUser(t)];
    const post = await buildPost(t, author, { content: 'Fine post' });
    const reportId = await reportOf(t, first, 'post', post.id);
    await reportOf(t, second, 'post', post.id);

    const res = await resolve(reportId, { action: 'dismiss' });
    expect(res.statusCode).toBe(200);
    const [group] = await groupOf(t, admin, 'post', post.id);
    expect(group?.reports.map((report) => [report.status, report.resolution])).toEqual([
      [
        'resolved',
        {
          action: 'dismiss',
          note: null,
          resolved_at: expect.any(String) as string,
          resolved_by: { id: admin.id, username: admin.username },
        },
      ],
      ['resolved', expect.objectContaining({ action: 'dismiss' })],
    ]);
    expect(await queueOf(t, admin)).not.toContainEqual(
      expect.objectContaining({ target_id: post.id, target_type: 'post' }),
    );
    expect(await notificationTexts(t, first)).toContain(`${THANKS} found no rule broken.`);
    expect(await notificationTexts(t, second)).toContain(`${THANKS} found no rule broken.`);
    expect(await notificationTexts(t, author)).toEqual([]);
    expect((await auditEntries())[0]).toMatchObject({
      action: 'report_dismissed',
      target_type: 'post',
      target_id: post.id,
    });
    expect(await uploadIdsOfPost(post.id)).toBeNull();

    // Already resolved: nothing left to resolve.
    expect((await resolve(reportId, { action: 'dismiss' })).statusCode).toBe(404);
  });

  it('refuses unknown reports and actions, and a removal without a note', async () => {
    const reporter = await buildUser(t);
    const reportId = await reportOf(t, reporter, 'profile', admin.id, 'other');
    expect((await resolve(999_999_999, { action: 'dismiss' })).statusCode).toBe(404);
    const unknown = await resolve(reportId, { action: 'ban' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json<{ fields: object }>().fields)).toEqual(['action']);
    for (const action of ['remove_content', 'suspend_user']) {
      const noNote = await resolve(reportId, { action, note: '  ' });
      expect(noNote.statusCode).toBe(400);
      expect(noNote.json()).toMatchObject({
        note: ['Write a note for the owner: it tells them why.'],
      });
    }
    const badId = await t.request({
      method: 'POST',
      url: '/api/admin/reports/abc/resolve/',
      token: admin.access,
      payload: { action: 'dismiss' },
    });
    expect(badId.statusCode).toBe(400);

    // A refused suspension (admins cannot be) resolves nothing and tells no one.
    const refused = await resolve(reportId, { action: 'suspend_user', note: 'x' });
    expect(refused.json()).toMatchObject({ error: messages.cannotSuspendSelf });
    const [group] = await groupOf(t, admin, 'profile', admin.id);
    expect(group?.reports.find((report) => report.id === reportId)?.status).toBe('open');
    expect(await notificationTexts(t, reporter)).toEqual([]);
  });

  it('removes a post for everyone with its files, bans illegal bytes, tells owner and reporters', async () => {
    const author = await buildUser(t);
    const reporter = await buildUser(t);
    const bytes = await png();
    const post = await buildPost(t, author, {
      content: 'Illegal',
      media: { content: bytes, type: 'image' },
    });
    const uploadId = await uploadIdsOfPost(post.id);
    if (uploadId) await waitForVariants(t, uploadId, ['feed', 'medium', 'thumb', 'blur']);
    const stored = uploadId ? await uploadRow(t, uploadId) : undefined;
    expect(stored && (await storedFileExists(t, stored.storageKey))).toBe(true);
    // Feed, medium and thumbnail sizes and blurred preview.
    expect(await storedKeys(t, `variants/${author.id}/`)).toHaveLength(4);
    const reportId = await reportOf(t, reporter, 'post', post.id, 'illegal_content');
    const [group] = await groupOf(t, admin, 'post', post.id);
    expect(group?.content?.media).toEqual([
      { url: expect.stringMatching(/^\/media\//) as string, kind: 'image', name: 'image.png' },
    ]);

    const res = await resolve(reportId, { action: 'remove_content', note: 'Not allowed here.' });
    expect(res.statusCode).toBe(200);

    const posts = await getAs(t, reporter, `/api/posts/user/${author.id}/`);
    expect(JSON.stringify(posts.json())).not.toContain('Illegal');
    expect(await uploadIdsOfPost(post.id)).toBeUndefined();
    expect(stored && (await uploadRow(t, stored.id))).toBeUndefined();
    expect(stored && (await storedFileExists(t, stored.storageKey))).toBe(false);
    // The original, its feed size and its thumbnail all leave storage.
    expect(await storedKeys(t, `originals/${author.id}/`)).toEqual([]);
    expect(await storedKeys(t, `variants/${author.id}/`)).toEqual([]);
    expect((await groupOf(t, admin, 'post', post.id))[0]?.content).toBeNull();

    expect(await notificationTexts(t, author)).toContain(
      'A moderator removed your post: Not allowed here.',
    );
    expect(await notificationTexts(t, reporter)).toContain(`${THANKS} took action.`);
    expect((await auditEntries())[0]).toMatchObject({
      action: 'content_removed',
      target_type: 'post',
      target_id: post.id,
      reason: 'Not allowed here.',
    });

    // The same bytes never come back, from anyone, in any context.
    const again = await uploadFile(t, await buildUser(t), {
      content: bytes,
      context: 'post_image',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'This file cannot be uploaded.' });
    const other = await uploadFile(t, author, { content: await png(), context: 'post_image' });
    expect(other.statusCode).toBe(201);
  });

  it('removes a message’s text and attachments but keeps it in the conversation', async () => {
    const sender = await buildUser(t);
    const recipient = await buildUser(t);
    const conversation = await startConversation(t, sender, recipient);
    const attachment = await uploadAttachment(t, sender);
    const stored = await uploadRow(t, attachment);
    const message = await sendMessage(t, sender, conversation.id, {
      text: 'Threatening words',
      uploaded_file_uuids: [attachment],
    });
    const reportId = await reportOf(t, recipient, 'message', message.id, 'harassment');
    const [group] = await groupOf(t, admin, 'message', message.id);
    expect(group?.content).toEqual({
      text: 'Threatening words',
      media: [expect.objectContaining({ kind: 'image', name: 'photo.png' })],
    });

    const res = await resolve(reportId, { action: 'remove_content', note: 'No threats.' });
    expect(res.statusCode).toBe(200);
    for (const party of [sender, recipient]) {
      const shown = (await listMessages(t, party, conversation.id)).find(
        (row) => row.id === message.id,
      );
      expect(shown).toMatchObject({
        text: 'This message was removed by a moderator.',
        attachments: [],
      });
    }
    expect(await uploadRow(t, attachment)).toBeUndefined();
    expect(stored && (await storedFileExists(t, stored.storageKey))).toBe(false);
    expect(await notificationTexts(t, sender)).toContain(
      'A moderator removed your message: No threats.',
    );
  });

  it('clears a profile: bio, avatar and cover', async () => {
    const owner = await buildUser(t);
    const reporter = await buildUser(t);
    const ids: string[] = [];
    for (const context of ['profile_image', 'cover_image']) {
      const res = await uploadFile(t, owner, { content: await png(), context });
      ids.push(res.json<{ id: string }>().id);
    }
    await t.pool.query(
      `UPDATE users SET bio = 'Fake brand account', profile_image_id = $1, cover_image_id = $2
        WHERE id = $3`,
      [...ids, owner.id],
    );
    const hashes = await Promise.all(ids.map(async (id) => (await uploadRow(t, id))?.sha256));
    const reportId = await reportOf(t, reporter, 'profile', owner.id, 'impersonation');
    const [group] = await groupOf(t, admin, 'profile', owner.id);
    expect(group?.content?.text).toBe(`${owner.username}\nFake brand account`);
    expect(group?.content?.media).toHaveLength(2);

    const res = await resolve(reportId, { action: 'remove_content', note: 'Impersonation.' });
    expect(res.statusCode).toBe(200);
    const { rows } = await t.pool.query(
      'SELECT bio, profile_image_id, cover_image_id FROM users WHERE id = $1',
      [owner.id],
    );
    expect(rows[0]).toEqual({ bio: '', profile_image_id: null, cover_image_id: null });
    for (const id of ids) expect(await uploadRow(t, id)).toBeUndefined();
    expect(await notificationTexts(t, owner)).toContain(
      'A moderator removed your profile: Impersonation.',
    );
    // Not an illegal-content reason: the bytes are not banned.
    const { rows: banned } = await t.pool.query(
      'SELECT 1 FROM banned_media WHERE sha256 = ANY($1::text[])',
      [hashes],
    );
    expect(hashes).toHaveLength(2);
    expect(banned).toEqual([]);
  });

  it('suspends the owner: their sessions end, the suspension is in the audit log', async () => {
    const owner = await buildUser(t);
    const reporter = await buildUser(t);
    const reportId = await reportOf(t, reporter, 'profile', owner.id, 'spam');
    expect((await getAs(t, owner, '/api/auth/profile/')).statusCode).toBe(200);

    const res = await resolve(reportId, { action: 'suspend_user', note: 'Spam everywhere.' });
    expect(res.statusCode).toBe(200);
    expect((await getAs(t, owner, '/api/auth/profile/')).statusCode).toBe(401);
    const { rows } = await t.pool.query('SELECT suspension_reason FROM users WHERE id = $1', [
      owner.id,
    ]);
    expect(rows[0]).toEqual({ suspension_reason: 'Spam everywhere.' });
    expect((await auditEntries())[0]).toMatchObject({
      action: 'user_suspended',
      target_type: 'user',
      target_id: owner.id,
      reason: 'Spam everywhere.',
    });
    expect(await notificationTexts(t, reporter)).toContain(`${THANKS} took action.`);
    expect((await groupOf(t, admin, 'profile', owner.id))[0]?.reports[0]?.resolution).toMatchObject(
      { action: 'suspend_user', note: 'Spam everywhere.' },
    );
  });
});
