import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionContents, type SubscriptionContents } from '@zura/contracts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block } from '../../../test/blocks.ts';
import { buildCreator, get } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { postMedia, posts, uploads, users } from '../../db/schema/index.ts';
import { LOCKED_PROFILE_CONTENTS_MESSAGE } from './service.ts';

/*
 * What a subscription includes: exact counts of a creator's published posts, files by kind,
 * subscriber-only posts and recent posts, with drafts, scheduled drafts and unplayable videos
 * left out; hidden from blocked viewers (404) and behind a profile's password (403).
 */
let t: TestApp;
let creator: TestUser;
let fan: TestUser;

type VideoState = 'processing' | 'ready' | 'failed' | null;

/** A post written as the app stores it, with its files in post_media. */
async function post(
  author: TestUser,
  options: {
    files?: { kind: 'image' | 'video'; videoState?: VideoState }[];
    isDraft?: boolean;
    publishAt?: Date;
    priceCents?: number;
    subscriberPriceCents?: number;
    createdAt?: Date;
  } = {},
) {
  const [row] = await t.db
    .insert(posts)
    .values({
      authorId: author.id,
      content: 'counted',
      isDraft: options.isDraft ?? options.publishAt !== undefined,
      publishAt: options.publishAt ?? null,
      priceCents: options.priceCents ?? null,
      subscriberPriceCents: options.subscriberPriceCents ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: posts.id });
  if (!row) throw new Error('post insert failed');
  const files = options.files ?? [];
  for (const [position, file] of files.entries()) {
    const [upload] = await t.db
      .insert(uploads)
      .values({
        ownerId: author.id,
        context: file.kind === 'image' ? 'post_image' : 'post_video',
        storageKey: `test/${randomBytes(8).toString('hex')}`,
        originalFilename: file.kind === 'image' ? 'a.png' : 'a.mp4',
        contentType: file.kind === 'image' ? 'image/png' : 'video/mp4',
        sizeBytes: 10,
        sha256: randomBytes(32).toString('hex'),
        videoState: file.kind === 'video' ? (file.videoState ?? 'ready') : null,
      })
      .returning({ id: uploads.id });
    if (!upload) throw new Error('upload insert failed');
    await t.db
      .insert(postMedia)
      .values({ postId: row.id, position, uploadId: upload.id, kind: file.kind });
  }
  return row.id;
}

async function contents(
  viewer: TestUser,
  target: TestUser | string,
): Promise<SubscriptionContents> {
  const id = typeof target === 'string' ? target : target.id;
  const res = await get(t, viewer, `/api/auth/users/${id}/contents/`);
  expect(res.statusCode, res.body).toBe(200);
  return subscriptionContents.parse(res.json());
}

beforeAll(async () => {
  t = await buildTestApp();
  creator = await buildCreator(t, 999);
  fan = await buildUser(t);
  const longAgo = new Date(Date.now() - 40 * 24 * 3600 * 1000);
  // Published: a text post (old), a carousel of 3 images and 2 videos, a video post.
  await post(creator, { createdAt: longAgo });
  await post(creator, {
    files: [
      { kind: 'image' },
      { kind: 'video' },
      { kind: 'image' },
      { kind: 'video' },
      { kind: 'image' },
    ],
  });
  await post(creator, { files: [{ kind: 'video', videoState: null }] });
  // For sale: one at full price for everyone, one free to subscribers (old, with an image).
  await post(creator, { priceCents: 500 });
  await post(creator, {
    priceCents: 800,
    subscriberPriceCents: 0,
    createdAt: longAgo,
    files: [{ kind: 'image' }],
  });
  // Not counted: drafts, a scheduled draft, posts whose video is not playable yet.
  await post(creator, { isDraft: true, files: [{ kind: 'image' }, { kind: 'video' }] });
  await post(creator, { publishAt: new Date(Date.now() + 3600_000), files: [{ kind: 'image' }] });
  await post(creator, { files: [{ kind: 'image' }, { kind: 'video', videoState: 'processing' }] });
  await post(creator, { files: [{ kind: 'video', videoState: 'failed' }] });
  // Someone else's post never counts.
  await post(fan, { files: [{ kind: 'image' }] });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/auth/users/:id/contents/', () => {
  it('counts published posts, files by kind, subscriber-only and recent posts exactly', async () => {
    expect(await contents(fan, creator)).toEqual({
      price_cents: 999,
      posts: 5,
      photos: 4,
      videos: 3,
      subscriber_only_posts: 3,
      posts_last_30_days: 3,
      covers: { included_posts: 4, messages: false, calls: false },
    });
  });

  it('answers by username too, and is live: a published draft counts at once', async () => {
    const before = await contents(fan, creator.username);
    await post(creator, { files: [{ kind: 'image' }, { kind: 'image' }] });
    const after = await contents(fan, creator.username);
    expect(after.posts).toBe(before.posts + 1);
    expect(after.photos).toBe(before.photos + 2);
    expect(after.subscriber_only_posts).toBe(before.subscriber_only_posts + 1);
    expect(after.posts_last_30_days).toBe(before.posts_last_30_days + 1);
  });

  it('has no subscriber-only posts for a free creator or a fan', async () => {
    const free = await buildCreator(t, 0);
    await post(free, { files: [{ kind: 'image' }] });
    expect(await contents(fan, free)).toMatchObject({
      price_cents: 0,
      posts: 1,
      photos: 1,
      subscriber_only_posts: 0,
      covers: { included_posts: 0 },
    });
    const other = await buildUser(t);
    await post(other);
    expect(await contents(fan, other)).toMatchObject({ posts: 1, subscriber_only_posts: 0 });
  });

  it('is 404 for a blocked viewer, either way, and for a suspended creator', async () => {
    const blocked = await buildUser(t);
    await block(t, creator, blocked);
    const res = await get(t, blocked, `/api/auth/users/${creator.id}/contents/`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'User not found' });

    const blocker = await buildUser(t);
    await block(t, blocker, creator);
    expect((await get(t, blocker, `/api/auth/users/${creator.id}/contents/`)).statusCode).toBe(404);

    const suspended = await buildCreator(t);
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    expect((await get(t, fan, `/api/auth/users/${suspended.id}/contents/`)).statusCode).toBe(404);
    expect((await get(t, fan, '/api/auth/users/nobody_here_at_all/contents/')).statusCode).toBe(
      404,
    );
  });

  it('hides a locked profile’s counts from a viewer without its password, not from its owner', async () => {
    const locked = await buildCreator(t);
    await t.db.update(users).set({ isProfileLocked: true }).where(eq(users.id, locked.id));
    await post(locked);
    const res = await get(t, fan, `/api/auth/users/${locked.id}/contents/`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: LOCKED_PROFILE_CONTENTS_MESSAGE });
    expect((await contents(locked, locked)).posts).toBe(1);
  });

  it('asks for a sign-in first', async () => {
    const res = await t.request({ method: 'GET', url: `/api/auth/users/${creator.id}/contents/` });
    expect(res.statusCode).toBe(401);
  });
});
