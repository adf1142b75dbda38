import { createHash } from 'node:crypto';
import { messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { quickUser } from '../../../test/economy.ts';
import { buildPost, type TestUser } from '../../../test/factories.ts';
import {
  mp4,
  png,
  storedFileExists,
  tempFiles,
  uploadFile,
  uploadRow,
} from '../../../test/media.ts';
import { multipart } from '../../../test/multipart.ts';
import { buildSecondInstance } from '../../../test/second-instance.ts';

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

const ITEM_KEYS = [
  'content_type',
  'created_at',
  'file_hash',
  'file_name',
  'id',
  'mediaType',
  'mediaUrl',
  'poster_url',
  'refs',
  'size',
  'source',
  'sources',
  'thumbnail_url',
  'usage_count',
];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A PNG whose bytes no other call makes: its colour comes from a counter. */
let colour = 0;
function uniquePng(): Promise<Buffer> {
  colour += 1;
  return png(12, 9, { r: colour & 255, g: (colour >> 8) & 255, b: 77 });
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

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
    expect(res.json()).toEqual({ detail: messages.authRequired });
  });
});

describe('GET /api/library/ pages', () => {
  let creator: TestUser;
  let expected: string[];
  beforeAll(async () => {
    creator = await quickUser(t, true);
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) ids.push(await upload(creator, await uniquePng(), 'media'));
    // Ten items share one instant to the microsecond, five more sit within the same
    // millisecond a microsecond apart: the order must come from the hash, and the cursor
    // must keep the microseconds.
    await t.pool.query(
      `UPDATE uploads SET created_at = timestamptz '2026-03-01 10:00:00.123456+00' WHERE id = ANY($1)`,
      [ids.slice(0, 10)],
    );
    for (const [i, id] of ids.slice(10, 15).entries()) {
      await t.pool.query(
        `UPDATE uploads SET created_at = timestamptz '2026-03-01 10:00:00.123000+00'
                                         + make_interval(secs => $2 / 1000000.0) WHERE id = $1`,
        [id, i * 100 + 1],
      );
    }
    const { rows } = await t.pool.query<{ sha256: string }>(
      'SELECT sha256 FROM uploads WHERE owner_id = $1 ORDER BY created_at DESC, sha256 DESC',
      [creator.id],
    );
    expected = rows.map((row) => row.sha256);
    expect(expected).toHaveLength(23);
  });

  it.each([1, 2, 3, 4, 7, 10, 22, 23, 60])(
    'visits each item once, newest first, with limit=%i',
    async (limit) => {
      const items = await wholeLibrary(creator, limit);
      expect(items.map((item) => item.file_hash)).toEqual(expected);
    },
  );

  it('places a content by its newest copy, across pages and long runs of one instant', async () => {
    const big = await quickUser(t, true);
    const ids: string[] = [];
    for (let i = 0; i < 140; i++) ids.push(await upload(big, await uniquePng(), 'media'));
    // 90 uploads share one instant: more than a page walks at once, so the walk must read
    // every upload of that instant before it can know which contents come first.
    await t.pool.query(
      `UPDATE uploads SET created_at = timestamptz '2026-04-01 08:00:00.5+00' WHERE id = ANY($1)`,
      [ids.slice(20, 110)],
    );
    // One file made the oldest; and a new content with a copy older than everything else: it
    // is placed by its newest copy, on the first page, and its old copy never lists it again.
    const oldest = await t.pool.query<{ sha256: string }>(
      'SELECT sha256 FROM uploads WHERE id = $1',
      [ids[0]],
    );
    await t.pool.query(
      `UPDATE uploads SET created_at = timestamptz '2020-01-01 00:00:00+00' WHERE id = $1`,
      [ids[0]],
    );
    const bytes = await uniquePng();
    await upload(big, bytes, 'media');
    const copy = await upload(big, bytes, 'user_media');
    await t.pool.query(
      `UPDATE uploads SET created_at = timestamptz '2019-01-01 00:00:00+00' WHERE id = $1`,
      [copy],
    );
    const { rows } = await t.pool.query<{ sha256: string }>(
      `SELECT sha256 FROM uploads WHERE owner_id = $1
        GROUP BY sha256 ORDER BY max(created_at) DESC, sha256 DESC`,
      [big.id],
    );
    const expectedOrder = rows.map((row) => row.sha256);
    expect(expectedOrder).toHaveLength(141);
    for (const limit of [1, 7, 45, 60, 200]) {
      const items = await wholeLibrary(big, limit);
      expect(
        items.map((item) => item.file_hash),
        `limit=${limit}`,
      ).toEqual(expectedOrder);
    }
    const twoCopies = (await wholeLibrary(big)).find((item) => item.file_hash === sha256(bytes));
    expect(twoCopies).toMatchObject({ usage_count: 2 });
    expect(twoCopies!.refs.file_ids).toHaveLength(2);
    expect(oldest.rows[0]!.sha256).toBe(expectedOrder.at(-1));
  }, 60_000);

  it('answers 60 items by default', async () => {
    const many = await quickUser(t, true);
    const ids: string[] = [];
    for (let i = 0; i < 61; i++) ids.push(await upload(many, await uniquePng(), 'media'));
    const first = (await libraryPage(many)).json<Page>();
    expect(first.results).toHaveLength(60);
    expect(first.next_cursor).not.toBeNull();
    const rest = (
      await libraryPage(many, `?cursor=${encodeURIComponent(first.next_cursor!)}`)
    ).json<Page>();
    expect(rest.results).toHaveLength(1);
    expect(rest.next_cursor).toBeNull();
    expect([...first.results, ...rest.results].map((item) => item.id).sort()).toEqual(ids.sort());
  });

  it('answers 400 for a cursor it never made, never a 5xx', async () => {
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const hash = 'a'.repeat(64);
    for (const cursor of [
      'garbage',
      b64('not a time|' + hash),
      b64('2026-03-01 10:00:00+00|not-a-hash'),
      b64('2026-03-01 10:00:00+00'),
      // Well-formed, but no such time.
      b64('2026-13-01 10:00:00+00|' + hash),
      b64('2026-02-30 10:00:00+00|' + hash),
      b64('2026-03-01 24:00:00+00|' + hash),
      b64('2026-03-01 10:61:00+00|' + hash),
      b64('2026-03-01 10:00:00+99|' + hash),
      b64('0000-03-01 10:00:00+00|' + hash),
    ]) {
      const res = await libraryPage(creator, `?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, `${cursor}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({ cursor: ['cursor is not valid.'] });
    }
    // A real time in any offset is a valid cursor.
    for (const at of ['2026-02-28 23:59:59.999999+00', '2024-02-29 10:00:00+05:30']) {
      const res = await libraryPage(creator, `?cursor=${b64(`${at}|${hash}`)}`);
      expect(res.statusCode, at).toBe(200);
    }
  });

  it.each(['0', '201', 'many'])('answers 400 for limit=%s', async (limit) => {
    const res = await libraryPage(creator, `?limit=${limit}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['limit']);
  });
});

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

describe('bad uploads', () => {
  it.each(['media', 'user_media', 'message_attachment'])(
    'answers 400 for a zero-byte file in %s, and stores nothing',
    async (context) => {
      const creator = await quickUser(t, true);
      const res = await uploadFile(t, creator, {
        content: Buffer.alloc(0),
        context,
        filename: 'empty.png',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ file: ['The submitted file is empty.'] });
      const { rows } = await t.pool.query('SELECT 1 FROM uploads WHERE owner_id = $1', [
        creator.id,
      ]);
      expect(rows).toEqual([]);
      expect(await wholeLibrary(creator)).toEqual([]);
    },
  );

  it.each([
    ['../../etc/\u0001pass\u007fwd.png', 'passwd.png'],
    ['C:\\Users\\me\\Desktop\\holiday.png', 'holiday.png'],
    ['folder/sub folder/\tphoto\u000b.png', 'photo.png'],
    ['..\\..\\', 'file'],
    ['\u0000\u001f', 'file'],
  ])('cleans the name %j to %j in file_name', async (filename, cleaned) => {
    const creator = await quickUser(t, true);
    const bytes = await uniquePng();
    const res = await t.request({
      method: 'POST',
      url: '/api/uploads/',
      ...multipart({
        fields: { context: 'media' },
        files: [
          { name: 'file', filename, content: bytes, type: 'image/png', encodedFilename: true },
        ],
      }),
      token: creator.access,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().original_filename).toBe(cleaned);
    const item = await itemOf(creator, bytes);
    expect(item!.file_name).toBe(cleaned);
  });

  it('never answers a 5xx for CR or LF in a name', async () => {
    const creator = await quickUser(t, true);
    // As browsers send it: CR and LF percent-encoded inside the quoted name, kept as text.
    const quoted = await uploadFile(t, creator, {
      content: await uniquePng(),
      context: 'media',
      filename: 'a\r\nb.png',
    });
    expect(quoted.statusCode).toBe(201);
    expect(quoted.json().original_filename).toBe('a%0D%0Ab.png');
    // Raw in an RFC 5987 name, the parser drops the name and the part is no file at all.
    const raw = await t.request({
      method: 'POST',
      url: '/api/uploads/',
      ...multipart({
        fields: { context: 'media' },
        files: [
          {
            name: 'file',
            filename: 'a\r\nb.png',
            content: await uniquePng(),
            type: 'image/png',
            encodedFilename: true,
          },
        ],
      }),
      token: creator.access,
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toEqual({ file: ['No file was submitted.'] });
    expect(await wholeLibrary(creator)).toHaveLength(1);
  });

  it('answers a clear 413, never a 5xx, for a folder of thousands of files in one request', async () => {
    const creator = await quickUser(t, true);
    const before = (await tempFiles(t)).length;
    const files = await Promise.all(
      Array.from({ length: 2000 }, async (_, i) => ({
        name: 'file',
        filename: `holiday/photo-${i}.png`,
        content: Buffer.from(`not really a png ${i}`),
        type: 'image/png',
      })),
    );
    const res = await t.request({
      method: 'POST',
      url: '/api/uploads/',
      ...multipart({ fields: { context: 'media' }, files }),
      token: creator.access,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ file: ['Too many or too large form fields.'] });
    const { rows } = await t.pool.query('SELECT 1 FROM uploads WHERE owner_id = $1', [creator.id]);
    expect(rows).toEqual([]);
    expect((await tempFiles(t)).length).toBeLessThanOrEqual(before);
  });

  it('takes a folder of files one request each, and lists each of them', async () => {
    const creator = await quickUser(t, true);
    const made: string[] = [];
    for (let i = 0; i < 30; i++) {
      made.push(
        await upload(creator, await uniquePng(), 'media', `holiday/day-${i}/photo-${i}.png`),
      );
    }
    const items = await wholeLibrary(creator, 7);
    expect(items.map((item) => item.id).sort()).toEqual(made.sort());
    expect(new Set(items.map((item) => item.file_name))).toEqual(
      new Set(Array.from({ length: 30 }, (_, i) => `photo-${i}.png`)),
    );
  });
});

describe('the first page, kept per owner', () => {
  const firstPage = async (user: TestUser, on: Pick<TestApp, 'request'> = t) => {
    const res = await on.request({ method: 'GET', url: '/api/library/', token: user.access });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>().results.map((item) => item.file_hash);
  };

  it('shows every change on the very next request, as the unkept walk does', async () => {
    const owner = await quickUser(t);
    const fan = await quickUser(t);
    expect(await firstPage(owner)).toEqual([]);

    const file = await uniquePng();
    const fileId = await upload(owner, file, 'user_media');
    expect(await firstPage(owner)).toEqual([sha256(file)]);
    const posted = await uniquePng();
    const post = await postWith(owner, posted);
    expect(await firstPage(owner)).toEqual([sha256(posted), sha256(file)]);
    const sent = await uniquePng();
    await sendAttachment(owner, fan, sent);
    expect(await firstPage(owner)).toEqual([sha256(sent), sha256(posted), sha256(file)]);
    // A page larger than what is kept is walked each time: the same answer.
    const walked = await libraryPage(owner, '?limit=150');
    expect(walked.json<Page>().results.map((item) => item.file_hash)).toEqual(
      await firstPage(owner),
    );

    expect((await del(owner, `/api/posts/${post.id}/`)).statusCode).toBe(204);
    expect(await firstPage(owner)).toEqual([sha256(sent), sha256(file)]);
    expect((await del(owner, `/api/uploads/${fileId}/`)).statusCode).toBe(204);
    expect(await firstPage(owner)).toEqual([sha256(sent)]);
    // Another user's library is their own.
    expect(await firstPage(fan)).toEqual([]);
  });

  it('is dropped on a second instance when the first changes the library', async () => {
    const second = await buildSecondInstance(t);
    try {
      const owner = await quickUser(t);
      expect(await firstPage(owner, second)).toEqual([]);
      const file = await uniquePng();
      await upload(owner, file, 'user_media');
      await expect
        .poll(() => firstPage(owner, second), { timeout: 2_000, interval: 20 })
        .toEqual([sha256(file)]);
    } finally {
      await second.close();
    }
  });
});
