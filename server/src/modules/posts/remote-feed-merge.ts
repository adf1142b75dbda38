import type { PresentedPost } from '@zura/contracts';
import { decodeCursor, encodeCursor, type PostCursor } from './cursor.ts';

/**
 * Remote accounts' posts for the home feed (issue 36, the federation module's `remote-feed.ts`):
 * whether the viewer follows any (answered from memory) and a page of them, newest first.
 */
export type RemoteFeedSource = {
  followsRemote: (viewerId: number) => boolean;
  page: (
    viewerId: number,
    before: PostCursor | undefined,
    limit: number,
  ) => Promise<{ posts: PresentedPost[]; more: boolean }>;
};

function positionOf(post: PresentedPost): PostCursor {
  return { createdAt: new Date(post.created_at), id: post.id };
}

/** Newest first by time, then id: the feed's order. */
function newerFirst(a: PostCursor, b: PostCursor): number {
  return b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
}

/**
 * A home feed page with the remote posts of the same stretch of time merged in by time. A
 * remote post older than where the local page stopped reading waits for the page that reads
 * that far, so no local post is skipped; the next cursor is the older of the two stops.
 */
export async function withRemotePosts<
  Page extends { posts: PresentedPost[]; nextCursor: string | undefined },
>(
  local: Page,
  remote: RemoteFeedSource,
  viewerId: number,
  cursor: PostCursor | undefined,
  limit: number,
): Promise<Page> {
  const fetched = await remote.page(viewerId, cursor, limit);
  if (fetched.posts.length === 0) return local;
  const localStop = local.nextCursor ? decodeCursor(local.nextCursor) : undefined;
  const remotePosts = localStop
    ? fetched.posts.filter((post) => newerFirst(positionOf(post), localStop) < 0)
    : fetched.posts;
  const merged = [...local.posts, ...remotePosts].sort((a, b) =>
    newerFirst(positionOf(a), positionOf(b)),
  );
  const posts = merged.slice(0, limit);
  const last = posts.at(-1);
  let nextCursor: string | undefined;
  if (merged.length > limit && last) nextCursor = encodeCursor(positionOf(last));
  else if (local.nextCursor) nextCursor = local.nextCursor;
  else if (fetched.more && last) nextCursor = encodeCursor(positionOf(last));
  return { ...local, posts, nextCursor };
}
