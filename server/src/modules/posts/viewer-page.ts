import type { Database } from '../../db/client.ts';
import type { PostCursor } from './cursor.ts';
import type * as repo from './repo.ts';
import { findViewerFacts, type ViewerMarks } from './viewer-facts.ts';

/** Whether a post comes after the cursor in feed order (newest first, then by id). */
export function isPast(post: { createdAt: Date; id: number }, cursor: PostCursor): boolean {
  const at = post.createdAt.getTime();
  const cursorAt = cursor.createdAt.getTime();
  return at < cursorAt || (at === cursorAt && post.id < cursor.id);
}

/**
 * A page's rows as one viewer sees them, and which of their authors that viewer must not see:
 * the caller drops those after taking the next cursor from the rows read.
 */
export type ViewerRows = { rows: repo.PostWithAuthor[]; hiddenAuthors: ReadonlySet<number> };

export const NO_ROWS: ViewerRows = { rows: [], hiddenAuthors: new Set() };

/**
 * One viewer's page from shared rows (the same for every viewer), in feed order. Rows are taken
 * until `limit` of them are surely visible: posts of locked profiles in between count only if
 * this viewer unlocked that profile. Then the database is asked only what depends on the viewer
 * (unlocked profiles, subscriptions, unlocked and bought posts, hidden authors) and what moves
 * often (like and comment counts, the viewer's likes), about those rows, in one statement
 * (`viewer-facts.ts`). Undefined when the rows run out first and `complete` says more exist
 * beyond them.
 */
export async function viewerPage(
  db: Database,
  viewerId: number,
  rows: Iterable<repo.NewestPostRow>,
  limit: number,
  complete: boolean,
): Promise<ViewerRows | undefined> {
  const candidates: repo.NewestPostRow[] = [];
  let surelyVisible = 0;
  for (const row of rows) {
    if (surelyVisible === limit) break;
    candidates.push(row);
    if (!row.authorIsProfileLocked || row.post.authorId === viewerId) surelyVisible += 1;
  }
  if (surelyVisible < limit && !complete) return undefined;

  const asked: ViewerMarks = { profiles: [], creators: [], posts: [], purchases: [] };
  for (const { post, authorIsProfileLocked, authorIsCreator, authorPriceCents } of candidates) {
    if (post.authorId === viewerId) continue;
    if (authorIsProfileLocked) asked.profiles.push(post.authorId);
    // A post for sale costs subscribers their own price, whatever the author's monthly price.
    const forSale = post.priceCents !== null;
    if ((authorIsCreator && authorPriceCents > 0) || forSale) asked.creators.push(post.authorId);
    if (post.isLocked) asked.posts.push(post.id);
    if (forSale) asked.purchases.push(post.id);
  }
  const { marks, paidCreators, hiddenAuthors, engagement } = await findViewerFacts(
    db,
    viewerId,
    asked,
    candidates.map((row) => row.post.id),
    candidates.map((row) => row.post.authorId),
  );
  const unlockedProfiles = new Set(marks.profiles);
  const subscribedTo = new Set(marks.creators);
  const unlockedPosts = new Set(marks.posts);
  const purchasedPosts = new Set(marks.purchases);

  const result: repo.PostWithAuthor[] = [];
  for (const { authorIsProfileLocked, ...row } of candidates) {
    const authorId = row.post.authorId;
    if (authorIsProfileLocked && authorId !== viewerId && !unlockedProfiles.has(authorId)) {
      continue;
    }
    const current = engagement.get(row.post.id);
    result.push({
      ...row,
      // Kept rows are shared: the counts of this read go into a copy of the post.
      post: current
        ? { ...row.post, likeCount: current.likeCount, commentCount: current.commentCount }
        : row.post,
      subscribed: subscribedTo.has(authorId),
      paidSubscription: paidCreators.has(authorId),
      unlocked: unlockedPosts.has(row.post.id),
      purchased: purchasedPosts.has(row.post.id),
      likedByMe: current?.likedByMe ?? false,
    });
    if (result.length === limit) break;
  }
  return { rows: result, hiddenAuthors };
}
