import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import type { PostCursor } from './cursor.ts';
import * as repo from './repo.ts';
import { FEED_MAX_LIMIT } from './policy.ts';
import { isPast, viewerPage } from './viewer-page.ts';

/** Each author's newest posts kept: one full page at the largest page size. */
const PER_AUTHOR = FEED_MAX_LIMIT;
/** The most posts kept for all authors together. */
const MAX_ROWS = 100_000;
/** Bounds how long an author's posts could be wrong if a notice were ever lost. */
const MAX_AGE_MS = 60_000;

type Entry = { rows: repo.NewestPostRow[]; complete: boolean; loadedAt: number };

/**
 * Each author's newest posts, shared by every viewer, for home feeds of a few authors: those
 * whose authors post rarely find nothing in the window of everyone's newest posts, and their
 * page is the merge of each author's newest posts. An author's entry is dropped when the
 * database notices a change to their posts, and all entries when author fields or media change.
 */
export function createAuthorPosts(db: Database, notices: ChangeNotices) {
  const entries = new Map<number, Entry>();
  let rowCount = 0;
  /** Per author, counts changes, so that a read that raced a change is not kept. */
  const changes = new Map<number, number>();
  let resets = 0;

  const drop = (authorId: number) => {
    const entry = entries.get(authorId);
    if (!entry) return;
    entries.delete(authorId);
    rowCount -= entry.rows.length;
  };

  notices.subscribe((notice) => {
    if (notice.kind === 'posts_changed' || notice.kind === 'account_deleted') {
      changes.set(notice.userId, (changes.get(notice.userId) ?? 0) + 1);
      drop(notice.userId);
    } else if (notice.kind === 'feed' || notice.kind === 'reset') {
      resets += 1;
      entries.clear();
      changes.clear();
      rowCount = 0;
    }
  });

  function keep(authorId: number, entry: Entry) {
    drop(authorId);
    entries.set(authorId, entry);
    rowCount += entry.rows.length;
    for (const [oldest] of entries) {
      if (rowCount <= MAX_ROWS) break;
      drop(oldest);
    }
  }

  async function entriesOf(authorIds: Iterable<number>): Promise<Entry[]> {
    const found: Entry[] = [];
    const missing: number[] = [];
    const now = Date.now();
    for (const id of authorIds) {
      const entry = entries.get(id);
      if (entry && now - entry.loadedAt < MAX_AGE_MS) found.push(entry);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const seen = new Map(missing.map((id) => [id, changes.get(id) ?? 0]));
    const seenResets = resets;
    const rows = await repo.listLatestPostsOf(db, missing, PER_AUTHOR);
    const byAuthor = new Map<number, repo.NewestPostRow[]>(missing.map((id) => [id, []]));
    for (const row of rows) byAuthor.get(row.post.authorId)?.push(row);
    const loadedAt = Date.now();
    for (const [authorId, own] of byAuthor) {
      const entry = { rows: own, complete: own.length < PER_AUTHOR, loadedAt };
      found.push(entry);
      const unchanged = (changes.get(authorId) ?? 0) === seen.get(authorId);
      if (unchanged && resets === seenResets && notices.live) keep(authorId, entry);
    }
    return found;
  }

  /**
   * A page of the posts of `authors` for one viewer, or undefined when what is kept cannot tell
   * it (the page reaches past an author's kept posts, or notices are not arriving).
   */
  async function page(
    viewerId: number,
    cursor: PostCursor | undefined,
    limit: number,
    authors: ReadonlySet<number>,
  ): Promise<repo.PostWithAuthor[] | undefined> {
    if (!notices.live) return undefined;
    const merged: repo.NewestPostRow[] = [];
    // Posts not kept are older than the oldest kept post of their author; so the merge is
    // whole only down to the newest of those oldest kept posts.
    let knownDownTo: repo.NewestPostRow['post'] | undefined;
    for (const entry of await entriesOf(authors)) {
      for (const row of entry.rows) if (!cursor || isPast(row.post, cursor)) merged.push(row);
      const oldest = entry.rows.at(-1)?.post;
      if (!entry.complete && oldest && (!knownDownTo || isPast(knownDownTo, oldest))) {
        knownDownTo = oldest;
      }
    }
    merged.sort((a, b) => (isPast(a.post, b.post) ? 1 : -1));
    const known = knownDownTo ? merged.filter((row) => !isPast(row.post, knownDownTo)) : merged;
    return viewerPage(db, viewerId, known, limit, knownDownTo === undefined);
  }

  return { page };
}

export type AuthorPosts = ReturnType<typeof createAuthorPosts>;
