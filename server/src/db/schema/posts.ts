import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { uploads } from './uploads.ts';
import { users } from './users.ts';

export const posts = pgTable(
  'posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    type: text('type', { enum: ['post', 'video'] })
      .notNull()
      .default('post'),
    isLocked: boolean('is_locked').notNull().default(false),
    passwordHash: text('password_hash'),
    imageId: uuid('image_id').references(() => uploads.id, { onDelete: 'set null' }),
    videoId: uuid('video_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** Kept beside post_likes and post_comments in the same transaction: feeds never count. */
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    commentsEnabled: boolean('comments_enabled').notNull().default(true),
    /** Pay-per-view: the price in cents of opening the post, or null when it is not for sale. */
    priceCents: integer('price_cents'),
    /**
     * What the author's active subscribers pay instead: null for the full price, 0 for free,
     * anything between for a discount.
     */
    subscriberPriceCents: integer('subscriber_price_cents'),
    /**
     * Whether this post's gated media carry a visible mark naming each viewer (issue 35): null
     * follows the author's `users.visible_mark_default`, true or false overrides it.
     */
    visibleMark: boolean('visible_mark'),
    /** A draft is its author's alone until published; feeds, profiles and search skip it. */
    isDraft: boolean('is_draft').notNull().default(false),
    /**
     * A scheduled post: a draft that publishes itself at this time (a job turns it into a post
     * made then). Null for posts and for drafts without a schedule.
     */
    publishAt: timestamp('publish_at', { withTimezone: true, precision: 3 }),
    // Millisecond precision, so a keyset cursor made from a JS Date matches the stored value.
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // Keyset pagination of the feed and of one author's posts, newest first. NULLS FIRST is
    // what a plain `ORDER BY ... DESC` means; an index with the other NULLS order cannot serve it.
    index('posts_created_id_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_author_created_id_idx').on(
      t.authorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('posts_image_idx')
      .on(t.imageId)
      .where(sql`${t.imageId} is not null`),
    index('posts_video_idx')
      .on(t.videoId)
      .where(sql`${t.videoId} is not null`),
    // An author's drafts, for their drafts list; drafts are few, so the index is small.
    index('posts_author_drafts_idx')
      .on(t.authorId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.isDraft}`),
    // The scheduler's queue: drafts due to publish, soonest first.
    index('posts_publish_at_idx')
      .on(t.publishAt)
      .where(sql`${t.publishAt} is not null`),
    check('posts_scheduled_is_draft', sql`${t.publishAt} is null or ${t.isDraft}`),
    check('posts_counts_non_negative', sql`${t.likeCount} >= 0 and ${t.commentCount} >= 0`),
    check(
      'posts_price_range',
      sql`(${t.priceCents} is null or ${t.priceCents} > 0) and (${t.subscriberPriceCents} is null or (${t.priceCents} is not null and ${t.subscriberPriceCents} >= 0 and ${t.subscriberPriceCents} <= ${t.priceCents}))`,
    ),
  ],
);

/** A viewer who gave a post's password; remembered so the post stays open for them. */
export const postUnlocks = pgTable(
  'post_unlocks',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // By viewer: what one viewer opened is read whole and kept (posts/viewer-state.ts).
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_unlocks_user_idx').on(t.userId, t.postId),
  ],
);

/** A viewer who gave a profile's password; cleared when the owner changes the password. */
export const profileUnlocks = pgTable(
  'profile_unlocks',
  {
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewerId: bigint('viewer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.viewerId] }),
    index('profile_unlocks_viewer_idx').on(t.viewerId),
  ],
);

export type PostRow = typeof posts.$inferSelect;
