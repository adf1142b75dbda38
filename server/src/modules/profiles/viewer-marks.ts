import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { followedAmong } from '../follows/index.ts';
import { unlockedAmong } from './repo.ts';

/**
 * What a viewer has done to a list of profiles, for presenting it: which of them they follow and
 * which locked ones they unlocked. One query each, whatever the length of the list.
 */
export async function viewerMarksOf(
  db: Executor,
  viewerId: number,
  profiles: Pick<UserRow, 'id' | 'isProfileLocked'>[],
): Promise<{ following: Set<number>; unlocked: Set<number> }> {
  const [following, unlocked] = await Promise.all([
    followedAmong(
      db,
      viewerId,
      profiles.map((profile) => profile.id),
    ),
    unlockedAmong(db, viewerId, profiles),
  ]);
  return { following, unlocked };
}
