import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { quickUser } from '../../../test/economy.ts';
import { buildPost, type TestUser } from '../../../test/factories.ts';
import { png, storedFileExists, uploadFile, uploadRow } from '../../../test/media.ts';

/**
 * My Content: the creator's post media, the chat attachments they sent and their library files,
 * merged into one list by content hash, with usage counts, sources and the ids to delete by.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Item = {
  id: string;
  file_hash: string;
  mediaType: string;
  mediaUrl: string;
  thumbnail_url: string | null;
  poster_url: string | null;
  file_name: string;
  size: number;
  content_type: string;
  created_at: string;
  source: string;
  sources: string[];
  usage_count: number;
  refs: { post_ids: number[]; attachment_ids: string[]; file_ids: string[] };
};
type Page = { results: Item[]; next_cursor: string | null };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A PNG whose bytes no other call makes: its colour comes from a counter. */
let colour = 0;
function uniquePng(): Promise<Buffer> {
  colour += 1;
  return png(12, 9, { r: colour & 255, g: (colour >> 8) & 255, b: 77 });
}

function libraryPage(user: TestUser, query = '') {
  return t.request({ method: 'GET', url: `/api/library/${query}`, token: user.access });
}

/** Every item of `user`'s library, following next_cursor with pages of `limit`. */
async function wholeLibrary(user: TestUser, limit = 200): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  for (let pages = 0; ; pages++) {
    expect(pages).toBeLessThan(500);
    const res = await libraryPage(
      user,
      `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<Page>();
    items.push(...page.results);
    if (page.next_cursor) expect(page.results).toHaveLength(limit);
    cursor = page.next_cursor;
    if (!cursor) return items;
  }
}

async function itemOf(user: TestUser, bytes: Buffer): Promise<Item | undefined> {
  return (await wholeLibrary(user)).find((item) => item.file_hash === sha256(bytes));
}

/** A post with `bytes` as its image; answers the post and its upload id. */
async function postWith(user: TestUser, bytes: Buffer) {
  const post = await buildPost(t, user, { media: { content: bytes, type: 'image' } });
  const { rows } = await t.pool.query<{ image_id: string }>(
    'SELECT image_id FROM posts WHERE id = $1',
    [post.id],
  );
  return { id: post.id, uploadId: rows[0]!.image_id };
}

async function upload(
  user: TestUser,
  bytes: Buffer,
  context: string,
  filename = 'picture.png',
  type = 'image/png',
): Promise<string> {
  const res = await uploadFile(t, user, { content: bytes, context, filename, type });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function conversation(sender: TestUser, recipient: TestUser): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: '/api/messaging/conversations/start_conversation/',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ recipient_id: recipient.id }),
    token: sender.access,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().id;
}

async function sendFiles(sender: TestUser, conversationId: number, uploadIds: string[]) {
  const res = await t.request({
    method: 'POST',
    url: `/api/messaging/conversations/${conversationId}/send_message/`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ text: 'for you', uploaded_file_uuids: uploadIds }),
    token: sender.access,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** Uploads `bytes` as a message file and sends it to `recipient`; answers the upload id. */
async function sendAttachment(
  sender: TestUser,
  recipient: TestUser,
  bytes: Buffer,
  filename = 'sent.png',
  type = 'image/png',
): Promise<string> {
  const id = await upload(sender, bytes, 'message_attachment', filename, type);
  await sendFiles(sender, await conversation(sender, recipient), [id]);
  return id;
}

const del = (user: TestUser, url: string) =>
  t.request({ method: 'DELETE', url, token: user.access });

/** The client's delete of one item: every source by its own endpoint, failures tolerated. */
async function deleteItem(user: TestUser, item: Item): Promise<number[]> {
  const statuses: number[] = [];
  for (const id of item.refs.post_ids)
    statuses.push((await del(user, `/api/posts/${id}/`)).statusCode);
  for (const id of item.refs.attachment_ids) {
    statuses.push(
      (await del(user, `/api/messaging/attachments/${id}/delete_attachment/`)).statusCode,
    );
  }
  for (const id of item.refs.file_ids)
    statuses.push((await del(user, `/api/uploads/${id}/`)).statusCode);
  return statuses;
}

describe('deleting an item across its sources', () => {
  async function itemInEverySource() {
    const [creator, fan] = [await quickUser(t, true), await quickUser(t)];
    const bytes = await uniquePng();
    const posts = [await postWith(creator, bytes), await postWith(creator, bytes)];
    const attachment = await sendAttachment(creator, fan, bytes);
    const file = await upload(creator, bytes, 'media');
    const item = await itemOf(creator, bytes);
    expect(item).toMatchObject({ source: 'several', usage_count: 4 });
    const keys = await Promise.all(
      [posts[0]!.uploadId, attachment, file].map(
        async (id) => (await uploadRow(t, id))!.storageKey,
      ),
    );
    return { creator, fan, bytes, posts, attachment, file, item: item!, keys };
  }

  it('removes the item once the posts, the attachment and the file are deleted', async () => {
    const { creator, fan, bytes, posts, attachment, file, item, keys } = await itemInEverySource();
    // Source by source, the item stays until the last one goes.
    expect((await del(creator, `/api/posts/${posts[0]!.id}/`)).statusCode).toBe(204);
    expect(await itemOf(creator, bytes)).toMatchObject({ usage_count: 3, source: 'several' });
    expect((await del(creator, `/api/posts/${posts[1]!.id}/`)).statusCode).toBe(204);
    expect(await itemOf(creator, bytes)).toMatchObject({
      usage_count: 2,
      sources: ['chat', 'user_media'],
    });
    expect(
      (await del(creator, `/api/messaging/attachments/${attachment}/delete_attachment/`))
        .statusCode,
    ).toBe(204);
    expect(await itemOf(creator, bytes)).toMatchObject({ usage_count: 1, source: 'user_media' });
    expect((await del(creator, `/api/uploads/${file}/`)).statusCode).toBe(204);
    expect(await itemOf(creator, bytes)).toBeUndefined();
    expect(item.refs.post_ids).toHaveLength(2);

    for (const id of [posts[0]!.uploadId, attachment, file]) {
      expect(await uploadRow(t, id)).toBeUndefined();
    }
    for (const key of keys) expect(await storedFileExists(t, key)).toBe(false);
    // The message the attachment went with is still there for the recipient, without it.
    const convs = await t.request({
      method: 'GET',
      url: '/api/messaging/conversations/',
      token: fan.access,
    });
    expect(convs.statusCode).toBe(200);
  });

  it('tolerates a source already gone: it answers 404, the rest are deleted, the item goes', async () => {
    const { creator, bytes, posts, file, item } = await itemInEverySource();
    // Deleted meanwhile, in another tab.
    expect((await del(creator, `/api/posts/${posts[1]!.id}/`)).statusCode).toBe(204);
    expect((await del(creator, `/api/uploads/${file}/`)).statusCode).toBe(204);
    const statuses = await deleteItem(creator, item);
    expect(statuses).toEqual([204, 404, 204, 404]);
    expect(await itemOf(creator, bytes)).toBeUndefined();
    expect(await wholeLibrary(creator)).toEqual([]);
  });

  it('a source that fails leaves the item with what is left, until it too is deleted', async () => {
    const { creator, bytes, posts, attachment, file } = await itemInEverySource();
    const stranger = await quickUser(t, true);
    // Someone else cannot delete any of it: 404 for each, and nothing changes.
    const refused = [
      await del(stranger, `/api/posts/${posts[0]!.id}/`),
      await del(stranger, `/api/messaging/attachments/${attachment}/delete_attachment/`),
      await del(stranger, `/api/uploads/${file}/`),
    ];
    expect(refused.map((res) => res.statusCode)).toEqual([404, 404, 404]);
    expect(await itemOf(creator, bytes)).toMatchObject({ usage_count: 4 });

    // The owner's delete of the attachment and the file go through; one post id is wrong.
    const statuses = [
      (await del(creator, `/api/posts/${posts[0]!.id}/`)).statusCode,
      (await del(creator, `/api/posts/999999999/`)).statusCode,
      (await del(creator, `/api/messaging/attachments/${attachment}/delete_attachment/`))
        .statusCode,
      (await del(creator, `/api/uploads/${file}/`)).statusCode,
    ];
    expect(statuses).toEqual([204, 404, 204, 204]);
    const left = await itemOf(creator, bytes);
    expect(left).toMatchObject({
      source: 'post',
      usage_count: 1,
      refs: { post_ids: [posts[1]!.id], attachment_ids: [], file_ids: [] },
    });
    expect(await deleteItem(creator, left!)).toEqual([204]);
    expect(await itemOf(creator, bytes)).toBeUndefined();
  });

  it('deleting the file of one item leaves an item of other bytes untouched', async () => {
    const creator = await quickUser(t, true);
    const [a, b] = [await uniquePng(), await uniquePng()];
    const fileA = await upload(creator, a, 'media', 'same.png');
    await upload(creator, b, 'media', 'same.png');
    expect((await del(creator, `/api/uploads/${fileA}/`)).statusCode).toBe(204);
    const items = await wholeLibrary(creator);
    expect(items.map((item) => item.file_hash)).toEqual([sha256(b)]);
  });
});
