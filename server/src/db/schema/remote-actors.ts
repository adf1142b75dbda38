import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Remote ActivityPub accounts this server has met (issue 36, `modules/federation/remote-actors.ts`):
 * looked up, followed by a local user, or the author of what reached an inbox. One row per actor
 * URI, refreshed each time its document is fetched again. `summary` is the bio as plain text: a
 * remote bio is HTML we did not write and is never rendered as such.
 */
export const remoteActors = pgTable(
  'remote_actors',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uri: text('uri').notNull().unique('remote_actors_uri_key'),
    /** `@name@host`, when the actor names itself (`preferredUsername`). */
    handle: text('handle'),
    displayName: text('display_name'),
    avatarUrl: text('avatar_url'),
    /** The actor's human-readable page (`url`), else its URI. */
    profileUrl: text('profile_url'),
    inbox: text('inbox'),
    sharedInbox: text('shared_inbox'),
    summary: text('summary'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('remote_actors_handle_idx').on(t.handle)],
);

/**
 * Local users following remote accounts (issue 36, following out): the `Follow` we sent (its id,
 * which the remote's `Accept` or `Reject` names and our `Undo` repeats), `pending` until the
 * remote accepts it. Only accepted follows bring the account's posts to the home feed.
 */
export const remoteFollows = pgTable(
  'remote_follows',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remoteActorId: bigint('remote_actor_id', { mode: 'number' })
      .notNull()
      .references(() => remoteActors.id, { onDelete: 'cascade' }),
    followUri: text('follow_uri').notNull(),
    state: text('state', { enum: ['accepted', 'pending'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('remote_follows_user_actor_idx').on(t.userId, t.remoteActorId),
    index('remote_follows_actor_idx').on(t.remoteActorId, t.state),
    uniqueIndex('remote_follows_follow_uri_idx').on(t.followUri),
    check('remote_follows_state', sql`${t.state} in ('accepted', 'pending')`),
  ],
);
