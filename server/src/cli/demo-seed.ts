import { and, eq, inArray, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { uploads, users } from '../db/schema/index.ts';
import { call, demoAccount, multipart, type DemoFile } from './demo-api.ts';
import { seedCreatorCommunity, spreadDemoPostTimes } from './demo-community.ts';
import {
  DEMO_CREATORS,
  DEMO_FAN,
  DEMO_PASSWORD,
  demoImage,
  type DemoCreator,
} from './demo-content.ts';
import { demoVideo } from './demo-video.ts';

type Account = { access: string; id: number };
/** A seeded creator: their account, their posts by key, and the posts anyone may like. */
type SeededCreator = Account & { posts: Map<string, number>; open: number[] };

async function seedCreator(
  app: FastifyInstance,
  db: Database,
  creator: DemoCreator,
  index: number,
  video: () => Promise<Buffer>,
): Promise<SeededCreator> {
  const account = await demoAccount(app, { ...creator, password: DEMO_PASSWORD });
  const { access } = account;
  // The creator role comes from an approved application; the demo skips the review. It comes
  // first: only creators may sell posts.
  await db
    .update(users)
    .set({ isCreator: true, emailVerifiedAt: new Date() })
    .where(eq(users.id, account.id));
  const upload = async (context: string, width: number, height: number, seed: number) => {
    const bytes = await demoImage(creator.colors, width, height, seed);
    const file = { field: 'file', filename: `${context}.jpg`, type: 'image/jpeg', bytes };
    return (await call(app, 'POST', '/api/uploads/', access, await multipart({ context }, [file])))
      .id as string;
  };
  await call(app, 'PUT', '/api/auth/profile/', access, {
    bio: creator.bio,
    category: creator.category,
    subcategories: creator.subcategories,
    tags: creator.tags,
    vibes: creator.vibes,
    subscription_price: creator.price,
    profile_image_uuid: await upload('profile_image', 400, 400, index),
    cover_image_uuid: await upload('cover_image', 1200, 400, index + 7),
    social_links: { website: `https://example.com/${creator.username}` },
  });
  const keyed = new Map<string, number>();
  const open: number[] = [];
  for (const [postIndex, post] of creator.posts.entries()) {
    const fields: Record<string, string> = {
      content: post.content,
      is_locked: String(Boolean(post.lockedWith)),
    };
    if (post.lockedWith) fields.password = post.lockedWith;
    if (post.sale) {
      fields.price_cents = String(post.sale.priceCents);
      if (post.sale.subscriberPriceCents !== undefined) {
        fields.subscriber_price_cents = String(post.sale.subscriberPriceCents);
      }
    }
    const files: DemoFile[] = [];
    for (let i = 0; i < (post.images ?? 0); i++) {
      const bytes = await demoImage(creator.colors, 1080, 720, index * 10 + postIndex + i * 3);
      files.push({ field: 'media', filename: `post-${i + 1}.jpg`, type: 'image/jpeg', bytes });
    }
    if (post.video) {
      files.push({ field: 'media', filename: 'clip.mp4', type: 'video/mp4', bytes: await video() });
    }
    const created = await call<{ id: number }>(
      app,
      'POST',
      '/api/posts/',
      access,
      await multipart(fields, files),
    );
    if (post.key) keyed.set(post.key, created.id);
    // Free to see for anyone signed in, and playable at once (a video still transcodes).
    if (!post.lockedWith && !post.sale && !post.video && !creator.profilePassword) {
      open.push(created.id);
    }
  }
  if (creator.profilePassword) {
    await call(app, 'PUT', '/api/auth/profile/', access, {
      is_profile_locked: true,
      profile_password: creator.profilePassword,
    });
  }
  return { ...account, posts: keyed, open };
}

/**
 * The demo fan's activity, so a first visitor sees every feature in use: follows, likes, a
 * comment with the creator's reply, a wallet top-up (test mode), a subscription, a tip and a
 * conversation with a creator.
 */
async function seedFan(app: FastifyInstance, creators: Map<string, SeededCreator>) {
  const fan = await demoAccount(app, { ...DEMO_FAN, password: DEMO_PASSWORD });
  for (const [username, creator] of creators) {
    if (username === DEMO_FAN.notFollowing) continue;
    await call(app, 'POST', `/api/auth/users/${creator.id}/follow/`, fan.access);
  }
  const posts = new Map([...creators.values()].flatMap((creator) => [...creator.posts]));
  for (const key of DEMO_FAN.likes) {
    const postId = posts.get(key);
    if (postId !== undefined) await call(app, 'PUT', `/api/posts/${postId}/like/`, fan.access);
  }
  const favourite = creators.get(DEMO_FAN.favourite);
  if (!favourite) return;
  await call(app, 'POST', '/api/wallet/topups/', fan.access, { amount: DEMO_FAN.topUpDollars });
  await call(app, 'POST', '/api/auth/subscriptions/', fan.access, { creator_id: favourite.id });
  await call(app, 'POST', '/api/tips/', fan.access, {
    creator_id: favourite.id,
    amount: DEMO_FAN.tipDollars,
  });
  const commented = posts.get(DEMO_FAN.comment.on);
  if (commented !== undefined) {
    const { comment } = await call<{ comment: { id: number } }>(
      app,
      'POST',
      `/api/posts/${commented}/comments/`,
      fan.access,
      { content: DEMO_FAN.comment.text },
    );
    await call(app, 'POST', `/api/posts/${commented}/comments/`, favourite.access, {
      content: DEMO_FAN.comment.reply,
      parent_id: comment.id,
    });
  }
  const conversation = await call<{ id: number }>(
    app,
    'POST',
    '/api/messaging/conversations/start_conversation/',
    fan.access,
    { recipient_id: favourite.id },
  );
  for (const line of DEMO_FAN.conversation) {
    const sender = line.from === 'fan' ? fan : favourite;
    await call(
      app,
      'POST',
      `/api/messaging/conversations/${conversation.id}/send_message/`,
      sender.access,
      { text: line.text },
    );
  }
}

/**
 * Adds the demo creators and the demo fan through the platform's own API. Safe to run twice:
 * accounts that exist are left as they are. Answers what it did, one line per account.
 */
export async function seedDemo(deps: {
  app: FastifyInstance;
  db: Database;
  ffmpegPath: string | undefined;
}): Promise<string[]> {
  const { app, db } = deps;
  const names = [...DEMO_CREATORS.map((c) => c.username), DEMO_FAN.username];
  const existing = new Set(
    (
      await db
        .select({ username: users.username })
        .from(users)
        .where(inArray(users.username, names))
    ).map((row) => row.username),
  );
  // One clip, made only if a new creator posts a video.
  let clip: Promise<Buffer> | undefined;
  const video = () => (clip ??= demoVideo(deps.ffmpegPath));
  const lines: string[] = [];
  const created = new Map<string, SeededCreator>();
  for (const [index, creator] of DEMO_CREATORS.entries()) {
    if (existing.has(creator.username)) {
      lines.push(`= ${creator.username} exists, left as it is`);
      continue;
    }
    created.set(creator.username, await seedCreator(app, db, creator, index + 1, video));
    lines.push(`+ ${creator.username}`);
  }
  if (existing.has(DEMO_FAN.username)) {
    lines.push(`= ${DEMO_FAN.username} exists, left as it is`);
  } else if (created.size === DEMO_CREATORS.length) {
    await seedCreatorCommunity(app, [...created.values()]);
    await seedFan(app, created);
    await spreadDemoPostTimes(db, names);
    await db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.username, DEMO_FAN.username));
    lines.push(`+ ${DEMO_FAN.username}`);
  }
  return lines;
}

/**
 * Waits until the demo accounts' videos have their whole ladder (the runtime's own job
 * transcodes them), so the demo video plays in every rung as soon as the server starts. Answers how many still process
 * after `timeoutMs`: the server's job finishes those later.
 */
export async function waitForDemoVideos(db: Database, timeoutMs: number): Promise<number> {
  const names = [...DEMO_CREATORS.map((c) => c.username), DEMO_FAN.username];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const processing = await db
      .select({ id: uploads.id })
      .from(uploads)
      .innerJoin(users, eq(users.id, uploads.ownerId))
      .where(
        and(
          inArray(users.username, names),
          // Ready plays already, but its ladder may still grow (the higher rungs after the first).
          or(
            eq(uploads.videoState, 'processing'),
            and(eq(uploads.videoState, 'ready'), lt(uploads.videoProgress, 100)),
          ),
        ),
      );
    if (processing.length === 0 || Date.now() > deadline) return processing.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
