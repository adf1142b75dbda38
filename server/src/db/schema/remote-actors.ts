import { index, pgTable, text, timestamp, bigint } from 'drizzle-orm/pg-core';

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
