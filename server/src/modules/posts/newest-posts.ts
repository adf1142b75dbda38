import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { cursorKey, type PostCursor } from './cursor.ts';
import * as repo from './repo.ts';
import { isPast, NO_ROWS, type ViewerPages, type ViewerRows } from './viewer-page.ts';

/**
 * How many of everyone's newest posts are kept: the first pages of the everyone feed, and of the
 * home feed of anyone who follows a fair share of the people who post (a viewer following one
 * in ten finds about a hundred of their posts here). Reading it takes a few milliseconds, once
 * after each change.
 */
const WINDOW_SIZE = 1_000;
/**
 * The database says when a post or an author changes; this bounds how long the window could be
 * wrong if a notice were ever lost without the connection dropping.
 */
const MAX_AGE_MS = 5_000;

type Window = { rows: repo.NewestPostRow[]; complete: boolean; loadedAt: number };

/** Each window's rows by post id, made on the first post page asked of that window. */
const rowsById = new WeakMap<Window, Map<number, repo.NewestPostRow>>();

function byId(window: Window): Map<number, repo.NewestPostRow> {
  let index = rowsById.get(window);
  if (!index) {
    index = new Map(window.rows.map((row) => [row.post.id, row]));
    rowsById.set(window, index);
  }
  return index;
}

/** The window's rows from `start` on, of `onlyBy`'s authors alone when given. */
function* rowsFrom(
  rows: readonly repo.NewestPostRow[],
  start: number,
  onlyBy: ReadonlySet<number> | undefined,
) {
  for (let i = start; i < rows.length; i += 1) {
    const row = rows[i] as repo.NewestPostRow;
    if (!onlyBy || onlyBy.has(row.post.authorId)) yield row;
  }
}

/**
 * The everyone feed's first pages are the same for every viewer but for which locked profiles
 * they unlocked, which creators they subscribe to and which locked posts they opened. So the
 * newest posts are read once and shared, and each request asks the database only those three
 * questions, about the few ids on its page, and only when the page has such posts at all. The
 * window is dropped whenever the database notices a change of posts or authors (on every
 * instance), and read again on the next request.
 */
export function createNewestPosts(db: Database, notices: ChangeNotices, pages: ViewerPages) {
  let window: Window | undefined;
  let loading: Promise<Window> | undefined;
  /** Counts changes, so that a read that raced a change is not kept. */
  let generation = 0;

  notices.subscribe((notice) => {
    // Posts and the author fields they show; a deleted account's posts send their own notice.
    if (notice.kind !== 'posts_changed' && notice.kind !== 'feed' && notice.kind !== 'reset') {
      return;
    }
    generation += 1;
    window = undefined;
    loading = undefined;
  });

  function load(): Promise<Window> {
    if (window && Date.now() - window.loadedAt < MAX_AGE_MS) return Promise.resolve(window);
    if (loading) return loading;
    const started = generation;
    const pending = repo.listNewestPosts(db, WINDOW_SIZE).then((rows) => {
      const loaded = { rows, complete: rows.length < WINDOW_SIZE, loadedAt: Date.now() };
      if (generation === started) window = loaded;
      if (loading === pending) loading = undefined;
      return loaded;
    });
    pending.catch(() => {
      if (loading === pending) loading = undefined;
    });
    loading = pending;
    return pending;
  }

  /**
   * A page of the everyone feed for one viewer, or of the posts of `onlyBy` (their home feed's
   * authors), or undefined when the window cannot tell it (the page reaches past the window, or
   * change notices are not arriving): then ask the database.
   */
  async function page(
    viewerId: number,
    cursor: PostCursor | undefined,
    limit: number,
    onlyBy?: ReadonlySet<number>,
  ): Promise<ViewerRows | undefined> {
    if (!notices.live) return undefined;
    const window = await load();
    const { rows, complete } = window;
    const start = cursor ? rows.findIndex((row) => isPast(row.post, cursor)) : 0;
    if (start === -1) return complete ? NO_ROWS : undefined;
    const from = {
      rows: onlyBy ? [window, onlyBy] : [window],
      page: `newest|${cursorKey(cursor)}|${limit}`,
    };
    return pages.page(viewerId, rowsFrom(rows, start, onlyBy), limit, complete, from);
  }

  /**
   * One post of the window as the viewer sees it (no row when its author's profile is locked to
   * them; its author among the hidden ones when in a block or suspended), or undefined when the
   * post is not in the window or notices are not arriving: then ask the database. A post page
   * opened from the feed or a fresh share is nearly always a recent post.
   */
  async function post(viewerId: number, postId: number): Promise<ViewerRows | undefined> {
    if (!notices.live) return undefined;
    const window = await load();
    const row = byId(window).get(postId);
    return row && pages.page(viewerId, [row], 1, true, { rows: [window], page: `post|${postId}` });
  }

  return { page, post };
}
