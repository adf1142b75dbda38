import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { profileUnlocks, subscriptions, users, type UserRow } from '../../db/schema/index.ts';
import { canViewProfileContent } from './policy.ts';
import { unlockedAmong } from './repo.ts';

type ProfileLock = Pick<UserRow, 'id' | 'isProfileLocked'>;

/**
 * Of these profiles, the ids whose content (bio, extras, posts, a conversation) the viewer sees:
 * their own, open ones, and locked ones they unlocked or subscribe to (the lock is for visitors). The one rule every module asks, in one
 * query however long the list.
 */
export async function canViewProfiles(
  db: Executor,
  viewerId: number,
  profiles: readonly ProfileLock[],
): Promise<Set<number>> {
  const unlocked = await unlockedAmong(db, viewerId, [...profiles]);
  const visible = profiles.filter((p) => canViewProfileContent(p, viewerId, unlocked.has(p.id)));
  return new Set(visible.map((profile) => profile.id));
}

export async function canViewProfile(
  db: Executor,
  viewerId: number,
  profile: ProfileLock,
): Promise<boolean> {
  return (await canViewProfiles(db, viewerId, [profile])).has(profile.id);
}

/**
 * The same rule as a SQL condition on a users row (the `users` table, or an alias's columns),
 * so a list query filters before its limit.
 */
export function canViewProfileSql(
  viewerId: number | Placeholder,
  profile: { id: AnyPgColumn | SQL; isProfileLocked: AnyPgColumn | SQL } = users,
): SQL {
  return sql`(not ${profile.isProfileLocked} or ${profile.id} = ${viewerId} or exists (
    select 1 from ${profileUnlocks}
     where ${profileUnlocks.profileId} = ${profile.id} and ${profileUnlocks.viewerId} = ${viewerId})
    or exists (select 1 from ${subscriptions}
     where ${subscriptions.creatorId} = ${profile.id} and ${subscriptions.fanId} = ${viewerId}
       and ${subscriptions.status} = 'active'))`;
}
