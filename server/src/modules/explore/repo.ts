import { and, desc, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { canViewProfileSql } from '../profiles/index.ts';
import { visibleTo } from '../users/index.ts';

export type CreatorSort = 'relevance' | 'newest' | 'followers';

/** LIKE's wildcards in user text match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

// Must stay the very expression of users_search_idx (migration 0021) for the index to serve it.
// A list its owner hides (show_* off) is left out: hidden is not searchable either.
const searchVector = sql`to_tsvector('simple', zura_profile_search_text(${users.username}, ${users.bio}, ${users.category},
  case when ${users.showSubcategories} then ${users.subcategories} end,
  case when ${users.showTags} then ${users.tags} end,
  case when ${users.showVibes} then ${users.vibes} end))`;

/**
 * Creators matching `q` by full text (username, bio, categories, tags, vibes) or by username
 * (substring or trigram similarity). Locked profiles are found by username only, and lists their
 * owners hide not at all: what is not public must not be searchable either.
 */
export function searchCreators(
  db: Executor,
  options: {
    viewerId: number;
    q: string;
    category: string | undefined;
    sort: CreatorSort;
    limit: number;
    offset: number;
  },
) {
  const q = options.q.trim().toLowerCase();
  // Never the viewer: the results are other creators, and a card of one's own would carry the
  // owner's private fields.
  // Nor anyone hidden from the viewer: a block either way, a suspension.
  const conditions: SQL[] = [
    sql`${users.isCreator}`,
    sql`${users.id} <> ${options.viewerId}`,
    visibleTo(options.viewerId, users.id),
  ];
  const query = sql`websearch_to_tsquery('simple', ${q})`;
  if (q) {
    conditions.push(sql`(
      (not ${users.isProfileLocked} and ${searchVector} @@ ${query})
      or lower(${users.username}) like ${`%${escapeLike(q)}%`}
      or similarity(lower(${users.username}), ${q}) > 0.35)`);
  }
  if (options.category) {
    // A locked profile's categories are not public, nor hidden ones, so a filter must not reveal
    // them; a viewer who unlocked the profile sees its categories, so the filter finds it for them.
    conditions.push(
      sql`(${canViewProfileSql(options.viewerId)} and (${users.category} = ${options.category} or (${users.showSubcategories} and ${options.category} = any(${users.subcategories}))))`,
    );
  }
  const rank = q
    ? sql<number>`(case when lower(${users.username}) = ${q} then 2 else 0 end
        + similarity(lower(${users.username}), ${q})
        + case when ${users.isProfileLocked} then 0 else ts_rank(${searchVector}, ${query}) end)`
    : // Typed, so ORDER BY reads an expression, not "column number 0" (an error).
      sql<number>`0::real`;
  const order =
    options.sort === 'newest'
      ? [desc(users.createdAt), desc(users.id)]
      : options.sort === 'followers'
        ? [desc(users.followersCount), desc(users.id)]
        : [desc(rank), desc(users.followersCount), desc(users.id)];
  return db
    .select({ user: users, rank })
    .from(users)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
}
