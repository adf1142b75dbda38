import type { PostCounts } from './post-counts.ts';
import type { ViewerRows } from './viewer-page.ts';
import type { ViewerState } from './viewer-state.ts';

/**
 * What a viewer's page was taken from: the cached objects holding its rows (the window of
 * everyone's newest posts, an author's newest posts, the viewer's feed authors) and which page
 * of them was asked (cursor, size, post).
 */
export type RowsSource = { rows: readonly object[]; page: string };

type Facts = { state: ViewerState; suspended: ReadonlySet<number> };

type MadePage = {
  /**
   * Held weakly: a page must not keep a replaced window of a thousand rows alive until it is
   * evicted. Once the source is gone, no source can be it again.
   */
  rows: readonly WeakRef<object>[];
  state: ViewerState;
  suspended: ReadonlySet<number>;
  /** The counts heard since the rows were read, of each post the page looked at, as then. */
  postIds: number[];
  counts: unknown[];
  made: ViewerRows;
};

/**
 * Pages cached at most. A page holds its rows and, beside it, the answer presented from it and
 * that answer's JSON (`lib/answer-cache.ts`): some tens of kilobytes.
 */
const MAX_PAGES = 2_000;

/**
 * Viewers' pages made from cached rows and cached facts, kept while those stay the same objects:
 * the rows are replaced when posts change, a viewer's facts when a like, unlock, purchase,
 * subscription or block of theirs changes, the suspensions when one changes, and a post's counts
 * when someone likes or comments (change notices, on every instance). A page asked again of the
 * same is the same object, so its presented answer and JSON are reused as well.
 */
export function createMadePages(counts: PostCounts) {
  const pages = new Map<string, MadePage>();

  function unchanged(page: MadePage, from: RowsSource, facts: Facts): boolean {
    if (page.state !== facts.state || page.suspended !== facts.suspended) return false;
    if (page.rows.length !== from.rows.length) return false;
    for (let i = 0; i < page.rows.length; i += 1) {
      if (page.rows[i]?.deref() !== from.rows[i]) return false;
    }
    for (let i = 0; i < page.postIds.length; i += 1) {
      if (counts.get(page.postIds[i] as number) !== page.counts[i]) return false;
    }
    return true;
  }

  return {
    find(viewerId: number, from: RowsSource, facts: Facts): ViewerRows | undefined {
      const key = `${viewerId}|${from.page}`;
      const page = pages.get(key);
      if (!page) return undefined;
      if (!unchanged(page, from, facts)) {
        pages.delete(key);
        return undefined;
      }
      // Used again: to the end of the eviction order.
      pages.delete(key);
      pages.set(key, page);
      return page.made;
    },

    keep(
      viewerId: number,
      from: RowsSource,
      facts: Facts,
      looked: readonly { post: { id: number } }[],
      made: ViewerRows,
    ): void {
      const postIds = looked.map((row) => row.post.id);
      const key = `${viewerId}|${from.page}`;
      pages.delete(key);
      pages.set(key, {
        rows: from.rows.map((source) => new WeakRef(source)),
        ...facts,
        postIds,
        counts: postIds.map((id) => counts.get(id)),
        made,
      });
      if (pages.size > MAX_PAGES) {
        const oldest = pages.keys().next().value;
        if (oldest !== undefined) pages.delete(oldest);
      }
    },
  };
}
