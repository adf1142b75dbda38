import { Create, Note, OrderedCollectionPage, Person, Video } from '@fedify/vocab';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator } from '../../../test/economy.ts';
import type { TestUser } from '../../../test/factories.ts';
import { storeVideo, storeVideoPost } from '../../../test/renditions.ts';
import { getAp, ORIGIN } from './federation-test-kit.ts';

/**
 * A public video goes out as a `Video` attachment at its stable address (the MP4); a video still
 * processing keeps its post out of every answer until it plays. Fedify's own vocabulary reads
 * the documents back, as a remote Fedify server would.
 */
let t: TestApp;

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
let creator: TestUser;
let ready: { postId: number; uploadId: string };
let processing: { postId: number; uploadId: string };

beforeAll(async () => {
  t = await buildTestApp();
  creator = await buildCreator(t, 0);
  const readyId = await storeVideo(t, creator, { state: 'ready' });
  ready = { postId: await storeVideoPost(t, creator, readyId, 'A clip'), uploadId: readyId };
  const busyId = await storeVideo(t, creator, { state: 'processing', progress: 40 });
  processing = { postId: await storeVideoPost(t, creator, busyId, 'Not yet'), uploadId: busyId };
});

afterAll(async () => {
  await t.close();
});

it('sends a playable video as a Video attachment, and no post whose video is processing', async () => {
  const collection = await getAp(t, `/ap/users/${creator.id}/outbox`);
  expect(collection.json<{ totalItems: number }>().totalItems).toBe(1);
  const first = collection.json<{ first: string }>().first;
  const res = await getAp(t, first);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).not.toContain(processing.uploadId);
  expect(res.body).not.toContain(`/ap/posts/${processing.postId}`);

  const page = await OrderedCollectionPage.fromJsonLd(res.json());
  const items = await collect(page.getItems());
  expect(items.length).toBe(1);
  const create = items[0];
  if (!(create instanceof Create)) throw new Error('a Create expected');
  const note = await create.getObject();
  if (!(note instanceof Note)) throw new Error('a Note expected');
  expect(note.id?.href).toBe(`${ORIGIN}/ap/posts/${ready.postId}`);
  expect(note.content?.toString()).toBe('<p>A clip</p>');
  const attachments = await collect(note.getAttachments());
  const video = attachments[0];
  if (!(video instanceof Video)) throw new Error('a Video expected');
  expect(video.mediaType).toBe('video/mp4');
  expect(video.url?.href).toBe(`${ORIGIN}/ap/media/posts/${ready.postId}/0`);

  const media = await t.request({ method: 'GET', url: `/ap/media/posts/${ready.postId}/0` });
  expect(media.statusCode).toBe(302);
  expect(media.headers.location).toContain(`/media/${ready.uploadId}/mp4?exp=`);
  const bytes = await t.request({
    method: 'GET',
    url: String(media.headers.location).replace(ORIGIN, ''),
  });
  expect(bytes.statusCode).toBe(200);

  expect((await getAp(t, `/ap/posts/${processing.postId}`)).statusCode).toBe(404);
  const busy = await t.request({ method: 'GET', url: `/ap/media/posts/${processing.postId}/0` });
  expect(busy.statusCode).toBe(404);
  const feed = await t.request({ method: 'GET', url: `/profile/${creator.username}/feed.atom` });
  expect(feed.body).toContain(`/posts/${ready.postId}<`);
  expect(feed.body).not.toContain(`/posts/${processing.postId}<`);
  expect(feed.body).toContain('type="video/mp4"');
  // A media-only post's placeholder text is the web app's, not the post's.
  const onlyVideo = await storeVideoPost(
    t,
    creator,
    await storeVideo(t, creator, { state: 'ready' }),
  );
  const bare = await getAp(t, `/ap/posts/${onlyVideo}`);
  expect(bare.json<{ content?: string }>().content ?? '').toBe('');
});

it('is an actor Fedify reads back, keys and all', async () => {
  const res = await getAp(t, `/ap/users/${creator.id}`);
  const person = await Person.fromJsonLd(res.json());
  expect(person.preferredUsername?.toString()).toBe(creator.username);
  expect(person.inboxId?.href).toBe(`${ORIGIN}/ap/users/${creator.id}/inbox`);
  const key = await person.getPublicKey();
  expect(key?.ownerId?.href).toBe(`${ORIGIN}/ap/users/${creator.id}`);
  expect(key?.publicKey?.algorithm.name).toBe('RSASSA-PKCS1-v1_5');
  const methods = await collect(person.getAssertionMethods());
  const algorithms = methods.map((method) => method.publicKey?.algorithm.name);
  expect(algorithms.sort()).toEqual(['Ed25519', 'RSASSA-PKCS1-v1_5']);
});
