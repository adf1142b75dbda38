import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { cursorKey, type PostCursor } from './cursor.ts';
import { createKeptValues } from '../../lib/kept-values.ts';
import * as repo from './repo.ts';
import { FEED_MAX_LIMIT } from './policy.ts';
import { isPast, type ViewerPages, type ViewerRows } from './viewer-page.ts';

/** Each author's newest posts kept: one full page at the largest page size. */
const PER_AUTHOR = FEED_MAX_LIMIT;

type Entry = { rows: repo.NewestPostRow[]; complete: boolean };

/**
 * The authors' kept posts past the cursor, newest first, down to what is surely whole; merged
 * only when iterated, so a page answered from the cache of made pages merges nothing.
 */
function mergedRows(
  entries: readonly Entry[],
  cursor: PostCursor | undefined,
  knownDownTo: repo.NewestPostRow['post'] | undefined,
): Iterable<repo.NewestPostRow> {
  return {
    [Symbol.iterator]() {
      const merged: repo.NewestPostRow[] = [];
      for (const entry of entries) {
        for (const row of entry.rows) if (!cursor || isPast(row.post, cursor)) merged.push(row);
      }
      merged.sort((a, b) => (isPast(a.post, b.post) ? 1 : -1));
      const known = knownDownTo ? merged.filter((row) => !isPast(row.post, knownDownTo)) : merged;
      return known[Symbol.iterator]();
    },
  };
}

/**
 * Each author's newest posts, shared by every viewer, for home feeds of a few authors: those
 * whose authors post rarely find nothing in the window of everyone's newest posts, and their
 * page is the merge of each author's newest posts. An author's entry is dropped when the
 * database notices a change to their posts, and all entries when author fields or media change.
 */
export function createAuthorPosts(db: Database, notices: ChangeNotices, pages: ViewerPages) {
  const kept = createKeptValues<Entry>({
    maxAgeMs: 60_000,
    // About 64 MB of posts at most: weighed by their text, which may be 5,000 characters each.
    maxWeight: 64 * 1024 * 1024,
    weigh: (entry) => entry.rows.reduce((bytes, row) => bytes + 500 + row.post.content.length, 500),
    live: () => notices.live,
  });
  notices.subscribe((notice) => {
    if (notice.kind === 'posts_changed' || notice.kind === 'account_deleted') {
      kept.drop(notice.userId);
    } else if (notice.kind === 'feed' || notice.kind === 'reset') {
      kept.clear();
    }
  });

  async function entriesOf(authorIds: Iterable<number>): Promise<Entry[]> {
    const found: Entry[] = [];
    const missing: number[] = [];
    for (const id of authorIds) {
      const entry = kept.fresh(id);
      if (entry) found.push(entry);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const stamps = new Map(missing.map((id) => [id, kept.stamp(id)]));
    const rows = await repo.listLatestPostsOf(db, missing, PER_AUTHOR);
    const byAuthor = new Map<number, repo.NewestPostRow[]>(missing.map((id) => [id, []]));
    for (const row of rows) byAuthor.get(row.post.authorId)?.push(row);
    for (const [authorId, own] of byAuthor) {
      const entry = { rows: own, complete: own.length < PER_AUTHOR };
      found.push(entry);
      const stamp = stamps.get(authorId);
      if (stamp) kept.keep(authorId, entry, stamp);
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
  ): Promise<ViewerRows | undefined> {
    if (!notices.live) return undefined;
    const entries = await entriesOf(authors);
    // Posts not kept are older than the oldest kept post of their author; so the merge is
    // whole only down to the newest of those oldest kept posts.
    let knownDownTo: repo.NewestPostRow['post'] | undefined;
    for (const entry of entries) {
      const oldest = entry.rows.at(-1)?.post;
      if (!entry.complete && oldest && (!knownDownTo || isPast(knownDownTo, oldest))) {
        knownDownTo = oldest;
      }
    }
    // The same entries (one per author, replaced when the author's posts change) make the same
    // rows: a profile's page and a home feed of that one author are the same page.
    const from = {
      rows: entries,
      page: `authors|${[...authors].join(',')}|${cursorKey(cursor)}|${limit}`,
    };
    const known = mergedRows(entries, cursor, knownDownTo);
    return pages.page(viewerId, known, limit, knownDownTo === undefined, from);
  }

  return { page };
}
