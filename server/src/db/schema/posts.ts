import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
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
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
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
