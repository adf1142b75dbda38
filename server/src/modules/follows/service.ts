import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isBlockedEitherWay } from '../blocks/index.ts';
import { recordNotice, type Notify } from '../notifications/index.ts';
import { canViewProfile, findUserByIdOrUsername } from '../profiles/index.ts';
import { findUserById } from '../users/index.ts';
import type { UserKey } from '../../lib/validation.ts';
import * as repo from './repo.ts';

export type FollowsService = ReturnType<typeof createFollowsService>;

export function createFollowsService(deps: {
  db: Database;
  notify: Notify;
  changes: ChangeNotices;
}) {
  const { db, notify, changes } = deps;

  async function target(followerId: number, idOrUsername: UserKey) {
    const followee = await findUserByIdOrUsername(db, idOrUsername);
    if (followee?.id === followerId) throw new BadRequestError('You cannot follow yourself.');
    if (!followee) throw new NotFoundError('User not found');
    return followee;
  }

  /**
   * The followee's new count, unless their profile is locked and the follower has not unlocked
   * it: the count is profile content, which the profile page hides from them too.
   */
  async function followersShownTo(
    followerId: number,
    followee: UserRow,
  ): Promise<{ followers?: number }> {
    if (!(await canViewProfile(db, followerId, followee))) return {};
    return { followers: await repo.followersCount(db, followee.id) };
  }

  return {
    /**
     * Following twice is harmless; the followee hears of the first time only, and of a follow
     * again after an unfollow only once the last notice from this follower is a day old.
     */
    async follow(followerId: number, idOrUsername: UserKey) {
      const followee = await target(followerId, idOrUsername);
      const followeeId = followee.id;
      if (await isBlockedEitherWay(db, followerId, followeeId)) {
        throw new ForbiddenError('You cannot follow this user.');
      }
      const follower = await findUserById(db, followerId);
      const notification = await db.transaction(async (tx) => {
        if (!(await repo.follow(tx, followerId, followeeId))) return undefined;
        if (await repo.recentlyNotified(tx, followerId, followeeId)) return undefined;
        return recordNotice(tx, {
          to: followeeId,
          kind: 'followed',
          follower: { id: followerId, username: follower?.username },
        });
      });
      changes.announce({ kind: 'following_changed', userId: followerId });
      if (notification) await notify([notification]);
      return { following: true, ...(await followersShownTo(followerId, followee)) };
    },

    async unfollow(followerId: number, idOrUsername: UserKey) {
      const followee = await target(followerId, idOrUsername);
      await db.transaction((tx) => repo.unfollow(tx, followerId, followee.id));
      changes.announce({ kind: 'following_changed', userId: followerId });
      return { following: false, ...(await followersShownTo(followerId, followee)) };
    },
  };
}
