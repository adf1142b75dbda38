import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadVariants } from '../src/db/schema/index.ts';
import type { S3Storage } from '../src/storage/s3.ts';
import type { MediaStorage } from '../src/storage/storage.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { buildPost, buildUser, type TestUser } from './factories.ts';
import {
  getMedia,
  hasFfmpeg,
  mp4,
  png,
  signerOf,
  storedKeys,
  tempFilesLeft,
  uploadFile,
  uploadRow,
  waitForVariants,
} from './media.ts';
import { buildSecondInstance, type SecondInstance } from './second-instance.ts';
import { startS3, type TestS3 } from './s3.ts';

/**
 * Two instances on one PostgreSQL database and one s3rver bucket, each with a DATA_DIR of its
 * own, as replicas behind a load balancer run: nothing one of them keeps on its disk can reach
 * the other, so every byte served here came from the bucket. Media needs no Redis; when
 * TEST_REDIS_URL is set the instances share it too, as they would in production.
 */
const redisEnv: Record<string, string> = process.env.TEST_REDIS_URL
  ? { REDIS_URL: process.env.TEST_REDIS_URL }
  : {};

let s3: TestS3;
/** Instance 1: redirects viewers to presigned bucket URLs. */
let one: TestApp;
/** Instance 2, redirecting as well. */
let two: SecondInstance;
/** Instance 2 as an operator whose bucket browsers cannot reach runs it: S3_PROXY=true. */
let twoProxied: SecondInstance;

/** The header by which the bucket's request log tells which instance sent a request. */
const INSTANCE_HEADER = 'x-test-instance';
type InstanceName = 'one' | 'two' | 'two-proxied';

/** Marks every request of the instance's S3 client with its name, as the bucket receives it. */
function nameRequests(storage: MediaStorage, name: InstanceName) {
  if (storage.kind !== 's3') throw new Error('not on S3');
  (storage as S3Storage).client.middlewareStack.add(
    (next) => (args) => {
      (args.request as { headers: Record<string, string> }).headers[INSTANCE_HEADER] = name;
      return next(args);
    },
    { step: 'build', name: 'nameInstance' },
  );
}

/** Which instance wrote the object under `key` to the bucket. */
function writerOf(key: string): InstanceName {
  const puts = s3.requests.filter(
    (request) =>
      request.method === 'PUT' &&
      new URL(request.url, s3.endpoint).pathname === `/${s3.bucket}/${key}`,
  );
  expect(puts, key).toHaveLength(1);
  return puts[0]!.headers[INSTANCE_HEADER] as InstanceName;
}

/** An image whose variants instance 1 made while it ran alone: surely not made by the others. */
let madeByOne: { id: string; variants: UploadVariants };

beforeAll(async () => {
  s3 = await startS3();
  one = await buildTestApp({ ...s3.env, ...redisEnv });
  nameRequests(one.storage, 'one');
  const early = await uploadFile(one, await buildUser(one), {
    content: await png(400, 300),
    context: 'post_image',
  });
  const { id } = early.json<{ id: string }>();
  madeByOne = { id, variants: await waitForVariants(one, id, ['feed', 'thumb']) };
  two = await buildSecondInstance(one, { ...s3.env, ...redisEnv });
  twoProxied = await buildSecondInstance(one, { ...s3.env, ...redisEnv, S3_PROXY: 'true' });
  nameRequests(two.storage, 'two');
  nameRequests(twoProxied.storage, 'two-proxied');
});
afterAll(async () => {
  await twoProxied?.close();
  await two?.close();
  await one?.close();
  await s3?.close();
});

/** A signed media URL as the API hands it out, made relative to our own origin. */
const local = (url: string) => {
  const parsed = new URL(url, 'http://zura.test');
  return parsed.pathname + parsed.search;
};

/** Every object of the user in the bucket, originals and variants. */
async function objectsOf(userId: number): Promise<string[]> {
  return [
    ...(await storedKeys(one, `originals/${userId}/`)),
    ...(await storedKeys(one, `variants/${userId}/`)),
  ];
}

/** The stored keys of an upload: its original and every variant the media job made. */
async function keysOf(uploadId: string, variants: (keyof UploadVariants)[]): Promise<string[]> {
  await waitForVariants(one, uploadId, variants);
  const row = await uploadRow(one, uploadId);
  if (!row) throw new Error(`no upload ${uploadId}`);
  return [row.storageKey, ...Object.values(row.variants)].sort();
}

async function uploadedUserMedia(user: TestUser, bytes: Buffer) {
  const res = await uploadFile(one, user, { content: bytes, context: 'user_media' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; file_url: string }>();
}

describe('media with two instances on one database and one bucket', () => {
  it('are on the same bucket and not on their own disks', () => {
    expect(one.storage.kind).toBe('s3');
    expect(two.storage.kind).toBe('s3');
    expect(twoProxied.storage.kind).toBe('s3');
  });

  it('serves an image uploaded through one through the other, byte for byte, by redirect', async () => {
    const user = await buildUser(one);
    const bytes = await png(300, 200);
    const created = await uploadedUserMedia(user, bytes);

    const served = await getMedia(two, local(created.file_url));
    expect(served.redirectedTo).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/originals/`));
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(bytes)).toBe(true);

    // The bucket answers a range itself once the browser follows the redirect.
    const slice = await getMedia(two, local(created.file_url), { range: 'bytes=100-299' });
    expect(slice.statusCode).toBe(206);
    expect(slice.rawPayload.equals(bytes.subarray(100, 300))).toBe(true);
  });

  it('streams it through the other with S3_PROXY=true, a Range giving exactly that slice', async () => {
    const user = await buildUser(one);
    const bytes = await png(600, 400);
    const created = await uploadedUserMedia(user, bytes);
    const url = local(created.file_url);

    const whole = await twoProxied.request({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers.location).toBeUndefined();
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const start = Math.floor(bytes.length / 3);
    const end = start + 999;
    const ranged = await twoProxied.request({
      method: 'GET',
      url,
      headers: { range: `bytes=${start}-${end}` },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
    expect(ranged.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
  });

  it('serves through the other instances the variants that instance 1 made', async () => {
    const signer = signerOf(one);
    for (const variant of ['feed', 'thumb'] as const) {
      const key = madeByOne.variants[variant]!;
      expect(writerOf(key)).toBe('one');
      const stored = await one.storage.readBuffer(key);
      const url = signer.url(madeByOne.id, variant);
      const redirected = await getMedia(two, url);
      expect(redirected.statusCode).toBe(200);
      expect(redirected.headers['content-type']).toBe('image/webp');
      expect(redirected.rawPayload.equals(stored)).toBe(true);
      const proxied = await twoProxied.request({ method: 'GET', url });
      expect(proxied.statusCode).toBe(200);
      expect(proxied.rawPayload.equals(stored)).toBe(true);
    }
  });

  it('serves the image variants through every instance, whichever one made them', async () => {
    const user = await buildUser(one);
    // Several uploads through both, so the instances' workers share the jobs out.
    const created = await Promise.all(
      [one, two, one, two].map(async (on) => {
        const res = await uploadFile(on, user, {
          content: await png(400, 300),
          context: 'post_image',
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json<{ id: string }>();
      }),
    );
    const signer = signerOf(one);
    for (const { id } of created) {
      const variants = await waitForVariants(one, id, ['feed', 'thumb']);
      for (const variant of ['feed', 'thumb'] as const) {
        // The job ran on one instance, which wrote the variant to the bucket; the others, whose
        // disks never saw it, serve the same bytes.
        const maker = writerOf(variants[variant]!);
        expect(['one', 'two', 'two-proxied']).toContain(maker);
        const url = signer.url(id, variant);
        const fromOne = await getMedia(one, url);
        const fromTwo = await getMedia(two, url);
        const proxied = await twoProxied.request({ method: 'GET', url });
        expect(fromOne.statusCode).toBe(200);
        expect(fromOne.headers['content-type']).toBe('image/webp');
        expect(fromOne.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
        expect(fromTwo.rawPayload.equals(fromOne.rawPayload)).toBe(true);
        expect(proxied.statusCode).toBe(200);
        expect(proxied.rawPayload.equals(fromOne.rawPayload)).toBe(true);
        const bucketCopy = await one.storage.readBuffer(variants[variant]!);
        expect(fromOne.rawPayload.equals(bucketCopy)).toBe(true);
      }
    }
  });

  it('serves a video uploaded through the other, and its poster when ffmpeg is there', async () => {
    const user = await buildUser(one);
    const bytes = await mp4(16);
    const res = await uploadFile(two, user, {
      content: bytes,
      context: 'post_video',
      filename: 'clip.mp4',
      type: 'video/mp4',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ id: string; file_url: string }>();

    const served = await getMedia(one, local(created.file_url));
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
    const ranged = await twoProxied.request({
      method: 'GET',
      url: local(created.file_url),
      headers: { range: 'bytes=8-47' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(bytes.subarray(8, 48))).toBe(true);

    if (!(await hasFfmpeg())) return;
    const { poster } = await waitForVariants(one, created.id, ['poster', 'thumb']);
    expect(['one', 'two', 'two-proxied']).toContain(writerOf(poster!));
    const url = signerOf(one).url(created.id, 'poster');
    const fromOne = await getMedia(one, url);
    const fromTwo = await getMedia(two, url);
    expect(fromOne.statusCode).toBe(200);
    expect(fromOne.headers['content-type']).toBe('image/webp');
    expect(fromOne.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(fromTwo.rawPayload.equals(fromOne.rawPayload)).toBe(true);
  });

  it('keeps one object when the same bytes arrive through both instances at once', async () => {
    const user = await buildUser(one);
    const bytes = await png();
    const answers = await Promise.all(
      [one, two, one, two].map((on) =>
        uploadFile(on, user, { content: bytes, context: 'post_image' }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    const ids = new Set(answers.map((res) => res.json<{ id: string }>().id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const row = await uploadRow(one, id!);
    expect(await storedKeys(one, `originals/${user.id}/`)).toEqual([row!.storageKey]);
    expect(await one.storage.readBuffer(row!.storageKey)).toEqual(bytes);
    expect(await tempFilesLeft(one)).toEqual([]);
  });

  it('removes every object of a post with media when it is deleted through the other', async () => {
    const user = await buildUser(one);
    const post = await buildPost(one, user, { media: { content: await png(), type: 'image' } });
    const { rows } = await one.pool.query<{ id: string }>(
      'SELECT id FROM uploads WHERE owner_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    const keys = await keysOf(rows[0]!.id, ['feed', 'medium', 'thumb', 'blur']);
    // The original, its feed and medium sizes, thumbnail and blurred preview.
    expect(keys).toHaveLength(5);
    expect(await objectsOf(user.id)).toEqual(keys);

    const res = await two.request({
      method: 'DELETE',
      url: `/api/posts/${post.id}/`,
      token: user.access,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await objectsOf(user.id)).toEqual([]);
    for (const key of keys) expect(await one.storage.stat(key)).toBeUndefined();
  });

  it('removes every object of a library item when it is deleted through the other', async () => {
    const user = await buildUser(one);
    const kept = await uploadedUserMedia(user, await png());
    const gone = await uploadedUserMedia(user, await png());
    const keptKeys = await keysOf(kept.id, ['feed', 'thumb']);
    const goneKeys = await keysOf(gone.id, ['feed', 'thumb']);
    expect(await objectsOf(user.id)).toEqual([...keptKeys, ...goneKeys].sort());

    const res = await two.request({
      method: 'DELETE',
      url: `/api/uploads/${gone.id}/`,
      token: user.access,
    });
    expect(res.statusCode, res.body).toBe(204);
    // Only the deleted item's objects went; the other item is untouched and still served.
    expect(await objectsOf(user.id)).toEqual(keptKeys);
    expect((await getMedia(two, local(gone.file_url))).statusCode).toBe(404);
    expect((await getMedia(two, local(kept.file_url))).statusCode).toBe(200);
  });

  it('removes every object of an account deleted through the other, and only those', async () => {
    const [user, other] = [await buildUser(one), await buildUser(one)];
    const profileImage = (
      await uploadFile(one, user, { content: await png(), context: 'profile_image' })
    ).json<{ id: string }>().id;
    const put = await one.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ profile_image_uuid: profileImage }),
      token: user.access,
    });
    expect(put.statusCode, put.body).toBe(200);
    await buildPost(one, user, { media: { content: await png(), type: 'image' } });
    await uploadedUserMedia(user, await png());
    const othersItem = await uploadedUserMedia(other, await png());
    const { rows } = await one.pool.query<{ id: string }>(
      'SELECT id FROM uploads WHERE owner_id = $1',
      [user.id],
    );
    expect(rows).toHaveLength(3);
    const keys = (await Promise.all(rows.map(({ id }) => keysOf(id, ['feed', 'thumb'])))).flat();
    const othersKeys = await keysOf(othersItem.id, ['feed', 'thumb']);
    expect(await objectsOf(user.id)).toEqual(keys.sort());

    const res = await two.request({
      method: 'POST',
      url: '/api/auth/account/delete/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ password: user.password }),
      token: user.access,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await objectsOf(user.id)).toEqual([]);
    for (const key of keys) expect(await two.storage.stat(key)).toBeUndefined();
    expect(await objectsOf(other.id)).toEqual(othersKeys);
  });

  it('leaves no temporary object in the bucket', async () => {
    expect(await tempFilesLeft(one)).toEqual([]);
  });
});
