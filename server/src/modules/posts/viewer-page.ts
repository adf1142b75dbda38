import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { createSuspendedUsers } from '../users/index.ts';
import type { PostCursor } from './cursor.ts';
import { createPostCounts, type PostCounts } from './post-counts.ts';
import type * as repo from './repo.ts';
import { findViewerFacts, type ViewerFacts, type ViewerMarks } from './viewer-facts.ts';
import { createMadePages, type RowsSource } from './made-pages.ts';
import { createViewerStates, type ViewerState } from './viewer-state.ts';

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

/** Rows taken until `limit` of them are surely visible; undefined when they run out first. */
function takeCandidates(
  viewerId: number,
  rows: Iterable<repo.NewestPostRow>,
  limit: number,
  complete: boolean,
): repo.NewestPostRow[] | undefined {
  const candidates: repo.NewestPostRow[] = [];
  let surelyVisible = 0;
  for (const row of rows) {
    if (surelyVisible === limit) break;
    candidates.push(row);
    if (!row.authorIsProfileLocked || row.post.authorId === viewerId) surelyVisible += 1;
  }
  return surelyVisible < limit && !complete ? undefined : candidates;
}

/** What to ask the database about the candidates when the viewer's facts are not kept. */
function markedIds(viewerId: number, candidates: repo.NewestPostRow[]): ViewerMarks {
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
  return asked;
}

/** What a page needs to know of its viewer and of its rows as they are now. */
type PageFacts = {
  unlockedProfiles: ReadonlySet<number>;
  subscribedTo: ReadonlySet<number>;
  /** Of those, the creators whose subscription the viewer pays for (not a free trial). */
  paidCreators: ReadonlySet<number>;
  unlockedPosts: ReadonlySet<number>;
  purchasedPosts: ReadonlySet<number>;
  hiddenAuthors: ReadonlySet<number>;
  engagement: ViewerFacts['engagement'];
};

/** The page's facts from the viewer's kept facts and the kept suspensions: no round trip. */
function factsFromKept(
  viewerId: number,
  candidates: repo.NewestPostRow[],
  kept: { state: ViewerState; suspended: ReadonlySet<number>; counts: PostCounts },
): PageFacts {
  const { state, suspended, counts } = kept;
  const hiddenAuthors = new Set<number>();
  const engagement: ViewerFacts['engagement'] = new Map();
  for (const { post } of candidates) {
    const author = post.authorId;
    if (author !== viewerId && (suspended.has(author) || state.blocked.has(author))) {
      hiddenAuthors.add(author);
    }
    const moved = counts.get(post.id);
    engagement.set(post.id, {
      likeCount: moved?.likeCount ?? post.likeCount,
      commentCount: moved?.commentCount ?? post.commentCount,
      likedByMe: state.liked.has(post.id),
    });
  }
  return {
    unlockedProfiles: state.profiles,
    subscribedTo: state.creators,
    paidCreators: state.paidCreators,
    unlockedPosts: state.posts,
    purchasedPosts: state.purchases,
    hiddenAuthors,
    engagement,
  };
}

/** The same from the database, about the page's ids alone. */
async function factsFromDatabase(
  db: Database,
  viewerId: number,
  candidates: repo.NewestPostRow[],
): Promise<PageFacts> {
  const { marks, paidCreators, hiddenAuthors, engagement } = await findViewerFacts(
    db,
    viewerId,
    markedIds(viewerId, candidates),
    candidates.map((row) => row.post.id),
    candidates.map((row) => row.post.authorId),
  );
  return {
    unlockedProfiles: new Set(marks.profiles),
    subscribedTo: new Set(marks.creators),
    paidCreators,
    unlockedPosts: new Set(marks.posts),
    purchasedPosts: new Set(marks.purchases),
    hiddenAuthors,
    engagement,
  };
}

/**
 * One viewer's pages from shared rows (the same for every viewer), in feed order. Rows are taken
 * until `limit` of them are surely visible: posts of locked profiles in between count only if
 * this viewer unlocked that profile. What depends on the viewer (unlocked profiles,
 * subscriptions, unlocked, bought and liked posts, authors in a block with them or suspended)
 * comes from their kept facts (`viewer-state.ts`), and counts that moved since the rows were read
 * from the counts heard since (`post-counts.ts`): a page costs no round trip. A viewer with too
 * many facts to keep, or a moment when notices are not arriving, asks the database about the
 * page's ids in one statement (`viewer-facts.ts`).
 */
export function createViewerPages(db: Database, notices: ChangeNotices) {
  const viewerStates = createViewerStates(db, notices);
  const suspendedUsers = createSuspendedUsers(db, notices);
  const postCounts = createPostCounts(notices);

  const madePages = createMadePages(postCounts);

  /** The viewer's kept facts, or undefined when they are not kept (ask the database). */
  async function keptFacts(viewerId: number) {
    const [state, suspended] = await Promise.all([viewerStates(viewerId), suspendedUsers()]);
    return state && suspended ? { state, suspended } : undefined;
  }

  /**
   * The viewer's page of `rows`; undefined when the rows run out and `complete` says more exist.
   * `from` names what the rows were taken from (the cached rows and the page asked of them):
   * a page made from kept facts is then cached, and the same object answered while the rows,
   * the viewer's facts and the page's counts stay the same objects.
   */
  async function page(
    viewerId: number,
    rows: Iterable<repo.NewestPostRow>,
    limit: number,
    complete: boolean,
    from?: RowsSource,
  ): Promise<ViewerRows | undefined> {
    const cachedFacts = from && (await keptFacts(viewerId));
    const cached = from && cachedFacts && madePages.find(viewerId, from, cachedFacts);
    if (cached) return cached;
    const candidates = takeCandidates(viewerId, rows, limit, complete);
    if (!candidates) return undefined;
    // An empty page (a new user's own posts, before the fall-back to everyone's) asks nothing.
    if (candidates.length === 0) return NO_ROWS;
    const kept = from ? cachedFacts : await keptFacts(viewerId);
    const facts = kept
      ? factsFromKept(viewerId, candidates, { ...kept, counts: postCounts })
      : await factsFromDatabase(db, viewerId, candidates);
    const result: repo.PostWithAuthor[] = [];
    for (const { authorIsProfileLocked, ...row } of candidates) {
      const authorId = row.post.authorId;
      if (authorIsProfileLocked && authorId !== viewerId && !facts.unlockedProfiles.has(authorId)) {
        continue;
      }
      const current = facts.engagement.get(row.post.id);
      result.push({
        ...row,
        // Kept rows are shared: the counts of this read go into a copy of the post.
        post: current
          ? { ...row.post, likeCount: current.likeCount, commentCount: current.commentCount }
          : row.post,
        subscribed: facts.subscribedTo.has(authorId),
        paidSubscription: facts.paidCreators.has(authorId),
        unlocked: facts.unlockedPosts.has(row.post.id),
        purchased: facts.purchasedPosts.has(row.post.id),
        likedByMe: current?.likedByMe ?? false,
      });
      if (result.length === limit) break;
    }
    const made: ViewerRows = { rows: result, hiddenAuthors: facts.hiddenAuthors };
    if (from && kept) madePages.keep(viewerId, from, kept, candidates, made);
    return made;
  }

  /**
   * Whether the viewer may see this author and their posts, from the kept facts alone: `hidden`
   * (a block either way, a suspension: as if they did not exist), `locked` (a locked profile
   * they have not unlocked), `open`; undefined when the facts are not kept (ask the database).
   */
  async function sees(
    viewerId: number,
    author: { id: number; isProfileLocked: boolean },
  ): Promise<'hidden' | 'locked' | 'open' | undefined> {
    if (author.id === viewerId) return 'open';
    const kept = await keptFacts(viewerId);
    if (!kept) return undefined;
    const { state, suspended } = kept;
    if (suspended.has(author.id) || state.blocked.has(author.id)) return 'hidden';
    return author.isProfileLocked && !state.profiles.has(author.id) ? 'locked' : 'open';
  }

  return { page, sees };
}

export type ViewerPages = ReturnType<typeof createViewerPages>;
