import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { posts } from './posts.ts';

/**
 * What remote servers told us of local posts (issue 36, `modules/federation/inbox-likes.ts`).
 * One row per post and remote actor (the primary key): a `Like` delivered twice, or liked again
 * by the same actor, counts once. `activity_id` is the activity's own id, so an `Undo` naming
 * it by id only finds it. Rows go with their post.
 */
const perPostAndActor = (name: string) =>
  pgTable(
    name,
    {
      postId: bigint('post_id', { mode: 'number' })
        .notNull()
        .references(() => posts.id, { onDelete: 'cascade' }),
      /** The remote actor's URI (its `id`), which signed the delivery. */
      actorUri: text('actor_uri').notNull(),
      activityId: text('activity_id').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [
      primaryKey({ columns: [t.postId, t.actorUri] }),
      index(`${name}_activity_idx`).on(t.actorUri, t.activityId),
    ],
  );

/** Remote likes of local fully public posts; each is one in the post's `like_count`. */
export const remotePostLikes = perPostAndActor('remote_post_likes');

/**
 * Remote boosts (`Announce`) of local fully public posts. No payload of the spec shows a share
 * count, so these are kept for the creator's analytics and counted nowhere else yet.
 */
export const remotePostShares = perPostAndActor('remote_post_shares');
