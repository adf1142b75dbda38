import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import { unfollow } from '../follows/index.ts';
import { findUserByIdOrUsername } from '../profiles/index.ts';
import type { UserKey } from '../../lib/validation.ts';
import { stopRenewalsBetween } from '../subscriptions/index.ts';
import type { MediaUrlResolver } from '../users/index.ts';
import * as repo from './repo.ts';

export type BlocksService = ReturnType<typeof createBlocksService>;

export function createBlocksService(deps: {
  db: Database;
  mediaUrl: MediaUrlResolver;
  changes: ChangeNotices;
}) {
  const { db, mediaUrl, changes } = deps;

  async function target(blockerId: number, idOrUsername: UserKey) {
    const user = await findUserByIdOrUsername(db, idOrUsername);
    if (!user) throw new NotFoundError('User not found');
    if (user.id === blockerId) throw new BadRequestError('You cannot block yourself.');
    return user;
  }

  return {
    isBlockedEitherWay: (a: number, b: number) => repo.isBlockedEitherWay(db, a, b),

    /**
     * Blocks a user. Follows end both ways, and running subscriptions either way are not
     * renewed: they run out at the end of the period already paid, seeing nothing meanwhile.
     * A call between the two ends at once, on whichever instances hold it (the notice).
     */
    async block(blockerId: number, idOrUsername: UserKey) {
      const blocked = await target(blockerId, idOrUsername);
      await db.transaction(async (tx) => {
        await repo.insertBlock(tx, blockerId, blocked.id);
        await unfollow(tx, blockerId, blocked.id);
        await unfollow(tx, blocked.id, blockerId);
        await stopRenewalsBetween(tx, blockerId, blocked.id);
        await repo.notifyBlock(tx, blockerId, blocked.id);
      });
      // Both users' feeds of followed authors change.
      changes.announce({ kind: 'following_changed', userId: blockerId });
      changes.announce({ kind: 'following_changed', userId: blocked.id });
      // This instance ends its part of their call now; the notice reaches the others.
      changes.announce({ kind: 'blocked', userIds: [blockerId, blocked.id] });
      return { blocked: true };
    },

    /** Unblocking restores visibility only: follows and subscriptions that ended stay ended. */
    async unblock(blockerId: number, idOrUsername: UserKey) {
      const blocked = await target(blockerId, idOrUsername);
      await repo.deleteBlock(db, blockerId, blocked.id);
      return { blocked: false };
    },

    async list(blockerId: number) {
      const rows = await repo.listBlockedBy(db, blockerId);
      return {
        results: rows.map(({ user, blockedAt }) => ({
          id: user.id,
          username: user.username,
          profile_image: mediaUrl(user.profileImageId),
          blocked_at: blockedAt.toISOString(),
        })),
      };
    },
  };
}
