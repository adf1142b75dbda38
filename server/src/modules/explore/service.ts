import type { Database } from '../../db/client.ts';
import { presentProfile, viewerMarksOf } from '../profiles/index.ts';
import type { MediaUrlResolver } from '../users/index.ts';
import { searchCreators, type CreatorSort } from './repo.ts';

export type ExploreService = ReturnType<typeof createExploreService>;

export function createExploreService(deps: { db: Database; mediaUrl: MediaUrlResolver }) {
  const { db, mediaUrl } = deps;
  return {
    /**
     * Creator cards as this viewer may see them: a locked profile they have not unlocked shows
     * only its header, as on its profile page.
     */
    async creators(
      viewerId: number,
      options: {
        q: string;
        category: string | undefined;
        sort: CreatorSort;
        limit: number;
        offset: number;
      },
    ) {
      const rows = await searchCreators(db, { ...options, viewerId, limit: options.limit + 1 });
      const page = rows.slice(0, options.limit);
      const users = page.map((row) => row.user);
      const { following, unlocked } = await viewerMarksOf(db, viewerId, users);
      return {
        results: users.map((user) => ({
          ...presentProfile(user, { id: viewerId, unlocked: unlocked.has(user.id) }, mediaUrl),
          is_following: following.has(user.id),
        })),
        next_offset: rows.length > options.limit ? options.offset + options.limit : null,
      };
    },
  };
}
