import { messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { quickUser } from '../../../test/economy.ts';
import { buildPost } from '../../../test/factories.ts';
import { mp4, uploadRow } from '../../../test/media.ts';
import { ITEM_KEYS, sha256, uniquePng, PDF, libraryKit } from './library-test-kit.ts';

/**
 * My Content: the creator's post media, the chat attachments they sent and their library files,
 * merged into one list by content hash, with usage counts, sources and the ids to delete by.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const { wholeLibrary, itemOf, postWith, upload, conversation, sendFiles, sendAttachment } =
  libraryKit(() => t);

describe('GET /api/library/ merging', () => {
  it('merges post media, a sent attachment and a library file of the same bytes into one item', async () => {
    const [creator, fan] = [await quickUser(t, true), await quickUser(t)];
    const bytes = await uniquePng();
    const post = await postWith(creator, bytes);
    const attachment = await sendAttachment(creator, fan, bytes, 'chat-name.png');
    const file = await upload(creator, bytes, 'media', 'library-name.png');

    const items = await wholeLibrary(creator);
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
    expect(item).toMatchObject({
      file_hash: sha256(bytes),
      mediaType: 'image',
      size: bytes.length,
      content_type: 'image/png',
      source: 'several',
      sources: ['post', 'chat', 'user_media'],
      usage_count: 3,
      refs: { post_ids: [post.id], attachment_ids: [attachment], file_ids: [file] },
    });
    // The newest copy speaks for the item: the library file, uploaded last.
    expect(item.id).toBe(file);
    expect(item.file_name).toBe('library-name.png');
    expect(item.mediaUrl).toMatch(new RegExp(`^/media/${file}/original\\?exp=\\d+&sig=[\\w-]+$`));
    const media = await t.request({ method: 'GET', url: item.mediaUrl });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(bytes)).toBe(true);
    const row = await uploadRow(t, file);
    expect(item.created_at).toBe(row!.createdAt.toISOString());
  });

  it('counts every use: two posts, two messages and two library copies of one image', async () => {
    const [creator, fan, other] = [
      await quickUser(t, true),
      await quickUser(t),
      await quickUser(t),
    ];
    const bytes = await uniquePng();
    const first = await postWith(creator, bytes);
    const second = await postWith(creator, bytes);
    // The same bytes make one post upload, used by both posts.
    expect(second.uploadId).toBe(first.uploadId);
    const attachment = await upload(creator, bytes, 'message_attachment');
    await sendFiles(creator, await conversation(creator, fan), [attachment]);
    await sendFiles(creator, await conversation(creator, other), [attachment]);
    const media = await upload(creator, bytes, 'media');
    const userMedia = await upload(creator, bytes, 'user_media');

    const item = await itemOf(creator, bytes);
    expect(item).toMatchObject({ source: 'several', usage_count: 6 });
    expect(item!.refs.post_ids.sort()).toEqual([first.id, second.id].sort());
    expect(item!.refs.attachment_ids).toEqual([attachment]);
    expect(item!.refs.file_ids.sort()).toEqual([media, userMedia].sort());
    expect(await wholeLibrary(creator)).toHaveLength(1);
  });

  it('two posts with the same image count 2, with source post', async () => {
    const creator = await quickUser(t, true);
    const bytes = await uniquePng();
    const [a, b] = [await postWith(creator, bytes), await postWith(creator, bytes)];
    const item = await itemOf(creator, bytes);
    expect(item).toMatchObject({
      source: 'post',
      sources: ['post'],
      usage_count: 2,
      refs: { attachment_ids: [], file_ids: [] },
    });
    expect(item!.refs.post_ids.sort()).toEqual([a.id, b.id].sort());
  });

  it('names a single source: post, chat or user_media', async () => {
    const [creator, fan] = [await quickUser(t, true), await quickUser(t)];
    const [postBytes, chatBytes, fileBytes] = [
      await uniquePng(),
      await uniquePng(),
      await uniquePng(),
    ];
    await postWith(creator, postBytes);
    await sendAttachment(creator, fan, chatBytes);
    await upload(creator, fileBytes, 'user_media');
    const items = await wholeLibrary(creator);
    expect(items).toHaveLength(3);
    const bySource = Object.fromEntries(items.map((item) => [item.file_hash, item]));
    expect(bySource[sha256(postBytes)]).toMatchObject({ source: 'post', usage_count: 1 });
    expect(bySource[sha256(chatBytes)]).toMatchObject({ source: 'chat', usage_count: 1 });
    expect(bySource[sha256(fileBytes)]).toMatchObject({ source: 'user_media', usage_count: 1 });
    // Newest first.
    expect(items.map((item) => item.file_hash)).toEqual(
      [fileBytes, chatBytes, postBytes].map(sha256),
    );
  });

  it('keeps different bytes with the same name apart, and merges the same bytes under two names', async () => {
    const creator = await quickUser(t, true);
    const [one, two] = [await uniquePng(), await uniquePng()];
    // The same size too: only the content tells them apart.
    expect(one.length).toBe(two.length);
    await upload(creator, one, 'media', 'same.png');
    await upload(creator, two, 'media', 'same.png');
    let items = await wholeLibrary(creator);
    expect(items).toHaveLength(2);
    expect(items.map((item) => item.file_name)).toEqual(['same.png', 'same.png']);
    expect(new Set(items.map((item) => item.file_hash))).toEqual(
      new Set([sha256(one), sha256(two)]),
    );
    for (const item of items) expect(item.usage_count).toBe(1);

    await upload(creator, one, 'user_media', 'renamed.png');
    items = await wholeLibrary(creator);
    expect(items).toHaveLength(2);
    expect(items.find((item) => item.file_hash === sha256(one))).toMatchObject({
      usage_count: 2,
      file_name: 'renamed.png',
    });
  });

  it('tells images, videos and documents apart', async () => {
    const [creator, fan] = [await quickUser(t, true), await quickUser(t)];
    const video = await mp4(9001);
    const res = await buildPost(t, creator, { media: { content: video, type: 'video' } });
    await sendAttachment(creator, fan, PDF, 'terms.pdf', 'application/pdf');
    const items = await wholeLibrary(creator);
    expect(items.find((item) => item.file_hash === sha256(video))).toMatchObject({
      mediaType: 'video',
      content_type: 'video/mp4',
      source: 'post',
      refs: { post_ids: [res.id] },
    });
    expect(items.find((item) => item.file_hash === sha256(PDF))).toMatchObject({
      mediaType: 'document',
      content_type: 'application/pdf',
      file_name: 'terms.pdf',
      source: 'chat',
    });
  });

  it("never shows another user's files, nor attachments received from others", async () => {
    const [creator, other] = [await quickUser(t, true), await quickUser(t, true)];
    const theirs = await uniquePng();
    // The other user posts, uploads and sends these bytes to the creator.
    await postWith(other, theirs);
    await upload(other, theirs, 'media');
    await sendAttachment(other, creator, theirs);
    expect(await wholeLibrary(creator)).toEqual([]);

    // Once the creator has the same bytes in their own library, only their own use counts.
    const own = await upload(creator, theirs, 'media');
    const items = await wholeLibrary(creator);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      source: 'user_media',
      usage_count: 1,
      refs: { post_ids: [], attachment_ids: [], file_ids: [own] },
    });
    // And the other user's library knows nothing of the creator's copy.
    const theirItems = await wholeLibrary(other);
    expect(theirItems).toHaveLength(1);
    expect(theirItems[0]!.refs.file_ids).not.toContain(own);
    expect(theirItems[0]).toMatchObject({ source: 'several', usage_count: 3 });
  });

  it('leaves out message files never sent, avatars and covers', async () => {
    const creator = await quickUser(t, true);
    await upload(creator, await uniquePng(), 'message_attachment');
    await upload(creator, await uniquePng(), 'profile_image');
    await upload(creator, await uniquePng(), 'cover_image');
    expect(await wholeLibrary(creator)).toEqual([]);
  });

  it('requires a signed-in user', async () => {
    const res = await t.request({ method: 'GET', url: '/api/library/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: messages.authRequired });
  });
});
