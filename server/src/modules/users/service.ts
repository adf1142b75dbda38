import type { Database } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { presentOwnProfile, presentSuggestedProfile, type MediaUrlResolver } from './presenter.ts';
import { followedAmong } from '../follows/index.ts';
import { canViewProfiles } from '../profiles/index.ts';
import * as repo from './repo.ts';

const DISCOVER_LIMIT = 10;

export type UsersService = ReturnType<typeof createUsersService>;

export function createUsersService(deps: { db: Database; mediaUrl: MediaUrlResolver }) {
  const { db, mediaUrl } = deps;
  return {
    async getOwnProfile(userId: number) {
      const user = await repo.findUserById(db, userId);
      // A valid token of a deleted account: answer as for any unknown user.
      if (!user) throw new NotFoundError('User not found');
      return presentOwnProfile(user, mediaUrl);
    },

    async discover(viewerId: number) {
      const rows = await repo.listSuggestedUsers(db, viewerId, DISCOVER_LIMIT);
      const [following, visible] = await Promise.all([
        followedAmong(
          db,
          viewerId,
          rows.map((row) => row.id),
        ),
        canViewProfiles(db, viewerId, rows),
      ]);
      return rows.map((row) => ({
        ...presentSuggestedProfile(row, mediaUrl, visible.has(row.id)),
        is_following: following.has(row.id),
      }));
    },
  };
}
