import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { posts, users } from '../db/schema/index.ts';
import { call } from './demo-api.ts';

/** A seeded creator as the community step needs them. */
export type DemoMember = { id: number; access: string; open: number[] };

/**
 * The demo creators know each other: each follows the others and likes some of their open
 * posts, so profiles show followers and posts show likes beyond the one demo fan's. Which posts
 * a creator likes varies (two in three), so the counts differ from post to post.
 */
export async function seedCreatorCommunity(app: FastifyInstance, creators: DemoMember[]) {
  for (const [index, creator] of creators.entries()) {
    for (const other of creators) {
      if (other.id === creator.id) continue;
      await call(app, 'POST', `/api/auth/users/${other.id}/follow/`, creator.access);
      for (const [position, postId] of other.open.entries()) {
        if ((position + index) % 3 === 0) continue;
        await call(app, 'PUT', `/api/posts/${postId}/like/`, creator.access);
      }
    }
  }
}

/** How long before the seed the newest demo post appears, and the gap between two posts. */
const NEWEST_AGE_MS = 25 * 60_000;
const POST_GAP_MS = 7 * 60 * 60_000;

/**
 * Everything the seed posts is created within a minute, so the feed would say 'Just now' on
 * every card. This spreads the demo posts over the past days instead, the creators' posts
 * interleaved from the newest down and each creator's kept in the order written: the feed reads like a few days of
 * activity. Only the demo authors' posts are touched.
 */
export async function spreadDemoPostTimes(db: Database, usernames: string[], now = Date.now()) {
  const rows = await db
    .select({ id: posts.id, authorId: posts.authorId })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(inArray(users.username, usernames))
    .orderBy(asc(posts.id));
  const byAuthor = new Map<number, number[]>();
  for (const row of rows)
    byAuthor.set(row.authorId, [...(byAuthor.get(row.authorId) ?? []), row.id]);
  // Newest first, one of each creator in turn: the top of every feed mixes the creators.
  const newestFirst = interleave([...byAuthor.values()].map((ids) => [...ids].reverse()));
  for (const [index, id] of newestFirst.entries()) {
    await db
      .update(posts)
      .set({ createdAt: new Date(now - NEWEST_AGE_MS - index * POST_GAP_MS) })
      .where(eq(posts.id, id));
  }
}

/** One from each list in turn, until all are used: [[1,2,3],[4]] → [1,4,2,3]. */
export function interleave<T>(lists: T[][]): T[] {
  const result: T[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let i = 0; i < longest; i++) {
    for (const list of lists) if (i < list.length) result.push(list[i]!);
  }
  return result;
}
