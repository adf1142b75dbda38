import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ledgerTransactions } from './ledger.ts';
import { posts } from './posts.ts';
import { remoteActors } from './remote-actors.ts';
import { uploads } from './uploads.ts';
import { users } from './users.ts';

/**
 * One like per viewer and post: the primary key makes parallel clicks count once. The post's
 * `like_count` is kept beside it in the same transaction, so a feed never counts likes.
 */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    // "Posts I liked", newest like first, with a keyset cursor.
    index('post_likes_user_created_idx').on(
      t.userId,
      t.createdAt.desc().nullsFirst(),
      t.postId.desc().nullsFirst(),
    ),
  ],
);

/**
 * Comments, threaded one level: a reply names its top-level comment in `parent_id`. A top-level
 * comment keeps its replies' count; the post keeps the count of all its comments. A comment is
 * a local user's (`author_id`) or a remote actor's reply from the fediverse (`remote_actor_id`
 * and its Note's id, issue 36), never both.
 */
export const postComments = pgTable(
  'post_comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'cascade',
    }),
    remoteActorId: bigint('remote_actor_id', { mode: 'number' }).references(() => remoteActors.id, {
      onDelete: 'cascade',
    }),
    /** The remote Note's id: its `Update` and `Delete` find it, a replay adds nothing. */
    remoteObjectUri: text('remote_object_uri').unique('post_comments_remote_object_uri_key'),
    parentId: bigint('parent_id', { mode: 'number' }).references(
      (): AnyPgColumn => postComments.id,
      {
        onDelete: 'cascade',
      },
    ),
    content: text('content').notNull(),
    replyCount: integer('reply_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    // A post's top-level comments, newest first, keyset-paged.
    index('post_comments_post_top_idx')
      .on(t.postId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is null`),
    // A comment's replies.
    index('post_comments_parent_idx')
      .on(t.parentId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is not null`),
    index('post_comments_author_idx').on(t.authorId),
    index('post_comments_remote_actor_idx').on(t.remoteActorId),
    check(
      'post_comments_one_author',
      sql`(${t.authorId} is null) <> (${t.remoteActorId} is null) and (${t.remoteActorId} is null) = (${t.remoteObjectUri} is null)`,
    ),
  ],
);

/**
 * A pay-per-view post bought by a viewer: one row per buyer and post (the primary key makes 50
 * parallel unlocks charge once), with the ledger transaction that paid for it (none when the
 * creator gives the post to subscribers free).
 */
export const postPurchases = pgTable(
  'post_purchases',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_purchases_user_idx').on(t.userId),
    check('post_purchases_amount_non_negative', sql`${t.amountCents} >= 0`),
  ],
);

/** The files of a post, in the order the author gave them (up to 20). */
export const postMedia = pgTable(
  'post_media',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.position] }),
    // Media delivery finds the post that holds an upload, to gate it like the post.
    index('post_media_upload_idx').on(t.uploadId),
    check('post_media_position_range', sql`${t.position} >= 0 and ${t.position} < 20`),
  ],
);
