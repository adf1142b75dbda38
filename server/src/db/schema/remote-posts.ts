import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { remoteActors } from './remote-actors.ts';
import { users } from './users.ts';

/** A file of a remote post as its `Note` described it; shown as a link, never loaded inline. */
export type RemoteAttachment = { url: string; mediaType: string | null; alt: string | null };

/**
 * Public posts of remote accounts a local user follows (issue 36, following out): stored once
 * per note URI, whoever follows its author, and changed only by the `Update` or `Delete` of the
 * same origin. The text is plain text made from the remote's HTML (`remote-text.ts`).
 */
export const remotePosts = pgTable(
  'remote_posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uri: text('uri').notNull(),
    remoteActorId: bigint('remote_actor_id', { mode: 'number' })
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    /** The note's own page (`url`), else its URI. */
    url: text('url').notNull(),
    content: text('content').notNull(),
    /** A content warning (`summary`), shown before the text. */
    contentWarning: text('content_warning'),
    attachments: jsonb('attachments').$type<RemoteAttachment[]>().notNull().default([]),
    sensitive: boolean('sensitive').notNull().default(false),
    inReplyTo: text('in_reply_to'),
    published: timestamp('published', { withTimezone: true, precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('remote_posts_uri_idx').on(t.uri),
    index('remote_posts_actor_published_idx').on(t.remoteActorId, t.published.desc(), t.id.desc()),
  ],
);

/**
 * What local users did to remote posts: a like, a boost, a reply (its text), each with the
 * activity id we sent, which its `Undo` names.
 */
export const remoteInteractions = pgTable(
  'remote_interactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remotePostId: bigint('remote_post_id', { mode: 'number' })
      .notNull()
      .references(() => remotePosts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['like', 'boost', 'reply'] }).notNull(),
    activityUri: text('activity_uri').notNull(),
    /** A reply's text. */
    content: text('content'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('remote_interactions_once_idx')
      .on(t.userId, t.remotePostId, t.kind)
      .where(sql`${t.kind} <> 'reply'`),
    index('remote_interactions_post_idx').on(t.remotePostId),
    check('remote_interactions_kind', sql`${t.kind} in ('like', 'boost', 'reply')`),
  ],
);

/**
 * Boosts (`Announce`) by remote accounts a local user follows: the boosted note (stored in
 * `remote_posts` under its own author) shows in their followers' home feeds at the boost's
 * time, marked with who boosted it. Removed by the booster's `Undo`.
 */
export const remoteBoosts = pgTable(
  'remote_boosts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    announceUri: text('announce_uri').notNull(),
    boosterId: bigint('booster_id', { mode: 'number' })
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    remotePostId: bigint('remote_post_id', { mode: 'number' })
      .notNull()
      .references(() => remotePosts.id, { onDelete: 'cascade' }),
    published: timestamp('published', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('remote_boosts_announce_idx').on(t.announceUri),
    index('remote_boosts_booster_published_idx').on(t.boosterId, t.published.desc(), t.id.desc()),
  ],
);
