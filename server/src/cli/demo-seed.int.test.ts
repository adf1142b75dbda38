import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { users } from '../db/schema/index.ts';
import { DEMO_CREATORS, DEMO_FAN } from './demo-content.ts';
import { seedDemo } from './demo-seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function tokenOf(username: string): Promise<{ id: number; access: string }> {
  const [row] = await t.db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error(`${username} was not seeded`);
  return { id: row.id, access: await t.signIn(row.id) };
}

async function getJson<T>(access: string, url: string): Promise<T> {
  const res = await t.request({ method: 'GET', url, token: access });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

type FeedPost = {
  id: number;
  created_at: string;
  username: string;
  content: string;
  type: string;
  image?: string;
  is_locked: boolean;
  media?: unknown[];
  like_count: number;
  comment_count: number;
  liked_by_me: boolean;
  price_for_viewer: number | null;
};

describe('npm run seed:demo', () => {
  it('gives a fresh install creators with content and a fan who uses every feature', async () => {
    const lines = await seedDemo({ app: t.app, db: t.db, ffmpegPath: t.config.video.ffmpegPath });
    expect(lines).toEqual([
      ...DEMO_CREATORS.map((c) => `+ ${c.username}`),
      `+ ${DEMO_FAN.username}`,
    ]);

    const fan = await tokenOf(DEMO_FAN.username);
    // The fan's home feed: posts of the creators they follow, with images and a locked post.
    const feed = await getJson<FeedPost[]>(fan.access, '/api/posts/?source=following&limit=50');
    const authors = new Set(feed.map((post) => post.username));
    expect(authors).toEqual(new Set(['luna_art', 'max_fitness']));
    expect(feed.length).toBeGreaterThanOrEqual(8);
    expect(feed.filter((post) => post.image).length).toBeGreaterThanOrEqual(4);
    expect(feed.some((post) => post.is_locked)).toBe(true);
    // A carousel of several pictures, a post for sale at the subscriber's price, likes and a
    // comment thread.
    expect(feed.some((post) => (post.media?.length ?? 0) >= 3)).toBe(true);
    expect(feed.filter((post) => post.price_for_viewer === 4)).toHaveLength(1);
    expect(feed.filter((post) => post.liked_by_me)).toHaveLength(DEMO_FAN.likes.length);
    const harbour = feed.find((post) => post.content.startsWith('Tonight’s sketch'));
    // Liked by the fan and by other creators (they like two in three of each other's posts).
    expect(harbour).toMatchObject({ comment_count: 2, liked_by_me: true });
    expect(harbour!.like_count).toBeGreaterThanOrEqual(2);
    expect(new Set(feed.map((post) => post.like_count)).size).toBeGreaterThan(1);
    const thread = await getJson<{ results: { content: string; reply_count: number }[] }>(
      fan.access,
      `/api/posts/${harbour!.id}/comments/`,
    );
    expect(thread.results).toEqual([
      expect.objectContaining({ content: DEMO_FAN.comment.text, reply_count: 1 }),
    ]);

    // The posts read like days of activity, the creators' interleaved, not all 'Just now'.
    const ages = feed.map((post) => Date.now() - Date.parse(post.created_at));
    expect(ages).toEqual([...ages].sort((a, b) => a - b));
    expect(new Set(ages).size).toBe(ages.length);
    expect(ages[0]).toBeGreaterThan(60_000);
    expect(ages[0]).toBeLessThan(60 * 60_000);
    expect(ages.at(-1)).toBeGreaterThan(2 * 24 * 60 * 60_000);
    expect(new Set(feed.slice(0, 2).map((post) => post.username)).size).toBe(2);

    // The one creator the fan does not follow is their suggestion.
    const forFan = await getJson<{ username: string }[]>(fan.access, '/api/auth/users/discover/');
    expect(forFan.map((s) => s.username)).toEqual([DEMO_FAN.notFollowing]);

    // Every creator has followers: the fan and the other creators (as the owner sees it: a
    // locked profile hides its count from visitors).
    for (const creator of DEMO_CREATORS) {
      const owner = await tokenOf(creator.username);
      const profile = await getJson<{ followers?: number }>(
        owner.access,
        `/api/auth/users/${creator.username}/`,
      );
      const fromFan = creator.username === DEMO_FAN.notFollowing ? 0 : 1;
      expect(profile.followers, creator.username).toBe(DEMO_CREATORS.length - 1 + fromFan);
    }

    // The video post exists (its author sees it while it transcodes; others once it plays).
    const max = await tokenOf('max_fitness');
    const own = await getJson<FeedPost[]>(max.access, `/api/posts/user/${max.id}/`);
    expect(own.filter((post) => post.type === 'video')).toHaveLength(1);

    // A subscription, paid from a test-mode top-up, and a tip: the wallet shows what is left.
    const active = await getJson<{ creator_username?: string; username?: string }[]>(
      fan.access,
      '/api/auth/subscriptions/active/',
    );
    expect(JSON.stringify(active)).toContain(DEMO_FAN.favourite);
    const wallet = await getJson<{ balance_cents: number }>(fan.access, '/api/wallet/');
    expect(wallet.balance_cents).toBe(5000 - 499 - 500);

    // A conversation with the favourite creator, both sides writing.
    const conversations = await getJson<{ id: number }[]>(
      fan.access,
      '/api/messaging/conversations/',
    );
    expect(conversations).toHaveLength(1);
    const messages = await getJson<{ text: string }[]>(
      fan.access,
      `/api/messaging/conversations/${conversations[0]!.id}/messages/`,
    );
    expect(messages.map((m) => m.text)).toEqual(DEMO_FAN.conversation.map((line) => line.text));

    // The creators show among the fan-free suggestions of a newcomer.
    const newcomer = await t.signIn(
      (
        await t.db
          .insert(users)
          .values({ username: 'newcomer', email: 'newcomer@example.com', passwordHash: 'x' })
          .returning()
      )[0]!.id,
    );
    const suggested = await getJson<{ username: string }[]>(newcomer, '/api/auth/users/discover/');
    expect(suggested.map((s) => s.username)).toEqual(
      expect.arrayContaining(['luna_art', 'max_fitness', 'kai_travels']),
    );
  });

  it('leaves existing accounts as they are when run again', async () => {
    const lines = await seedDemo({ app: t.app, db: t.db, ffmpegPath: t.config.video.ffmpegPath });
    expect(lines).toEqual([
      ...DEMO_CREATORS.map((c) => `= ${c.username} exists, left as it is`),
      `= ${DEMO_FAN.username} exists, left as it is`,
    ]);
  });
});
