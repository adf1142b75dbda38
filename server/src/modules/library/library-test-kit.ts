import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildPost, type TestUser } from '../../../test/factories.ts';
import { startConversation } from '../../../test/messaging.ts';
import { png, uploadFile } from '../../../test/media.ts';

/** What the library's test files share: its answer's shape and the calls a client makes. */

export type Item = {
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
export type Page = { results: Item[]; next_cursor: string | null };

export const ITEM_KEYS = [
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

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A PNG whose bytes no other call makes: its colour comes from a counter. */
let colour = 0;
export function uniquePng(): Promise<Buffer> {
  colour += 1;
  return png(12, 9, { r: colour & 255, g: (colour >> 8) & 255, b: 77 });
}

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
);

/** The calls, on the app `app()` answers (each test file builds its own). */
export function libraryKit(app: () => TestApp) {
  function libraryPage(user: TestUser, query = '') {
    return app().request({ method: 'GET', url: `/api/library/${query}`, token: user.access });
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
    const post = await buildPost(app(), user, { media: { content: bytes, type: 'image' } });
    const { rows } = await app().pool.query<{ image_id: string }>(
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
    const res = await uploadFile(app(), user, { content: bytes, context, filename, type });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  /** The conversation between the two (started if new); its id. */
  async function conversation(sender: TestUser, recipient: TestUser): Promise<number> {
    return (await startConversation(app(), sender, recipient)).id;
  }

  async function sendFiles(sender: TestUser, conversationId: number, uploadIds: string[]) {
    const res = await app().request({
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
    app().request({ method: 'DELETE', url, token: user.access });

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

  return {
    libraryPage,
    wholeLibrary,
    itemOf,
    postWith,
    upload,
    conversation,
    sendFiles,
    sendAttachment,
    del,
    deleteItem,
  };
}
