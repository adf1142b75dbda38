import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { follows, posts, users } from '../../db/schema/index.ts';
import { visibleTo } from './visibility.ts';

export function findUserById(db: Executor, id: number) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

/**
 * Creators worth following: a creator with at least one published post, whom the viewer does
 * not follow yet, most followed first. Never the viewer, a blocked or suspended user, a plain
 * fan or an admin without a creator profile: a suggestion should lead somewhere with content.
 */
export function listSuggestedUsers(db: Executor, viewerId: number, limit: number) {
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.isCreator, true),
        ne(users.id, viewerId),
        visibleTo(viewerId, users.id),
        sql`not exists (select 1 from ${follows}
          where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${users.id})`,
        sql`exists (select 1 from ${posts}
          where ${posts.authorId} = ${users.id} and not ${posts.isDraft})`,
      ),
    )
    .orderBy(desc(users.followersCount), desc(users.id))
    .limit(limit);
}
