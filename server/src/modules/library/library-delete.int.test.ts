import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { quickUser } from '../../../test/economy.ts';
import { storedFileExists, uploadRow } from '../../../test/media.ts';
import { sha256, uniquePng, libraryKit } from './library-test-kit.ts';

/**
 * My Content: the creator's post media, the chat attachments they sent and their library files,
 * merged into one list by content hash, with usage counts, sources and the ids to delete by.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const { wholeLibrary, itemOf, postWith, upload, sendAttachment, del, deleteItem } = libraryKit(
  () => t,
);

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
