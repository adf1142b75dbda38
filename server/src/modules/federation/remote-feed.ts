import type { PresentedPost } from '@zura/contracts';
import { and, desc, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import {
  remoteActors,
  remoteBoosts,
  remoteFollows,
  remoteInteractions,
  remotePosts,
} from '../../db/schema/index.ts';
import { usersFollowingRemote } from './remote-follows.ts';

/** A keyset position in the home feed: (time, id), newest first, as `posts/cursor.ts` has it. */
type FeedPosition = { createdAt: Date; id: number };

type RemoteFeedPage = { posts: PresentedPost[]; more: boolean };

/**
 * The remote side of the home feed (issue 36): the public posts of the remote accounts a viewer
 * follows, presented as the feed's posts with their `origin`. `followsRemote` answers from
 * memory, with no promise, so the feed of a viewer who follows nobody remote is unchanged.
 */
export type RemoteFeed = {
  followsRemote: (viewerId: number) => boolean;
  page: (
    viewerId: number,
    before: FeedPosition | undefined,
    limit: number,
  ) => Promise<RemoteFeedPage>;
};

type Actor = typeof remoteActors.$inferSelect;
type Row = {
  post: typeof remotePosts.$inferSelect;
  actor: Actor;
  liked: boolean;
  boosted: boolean;
  /** When it comes as a followed account's boost. */
  boost?: { id: number; published: Date; booster: Actor };
};

/** A remote post in the shape of the feed's posts: free, public, no local author. */
function presentRemotePost(row: Row): PresentedPost {
  const { post, actor } = row;
  const handle = actor.handle ?? actor.uri;
  return {
    id: post.id,
    created_at: (row.boost?.published ?? post.published).toISOString(),
    // No local account: 0 is no user's id.
    user_id: 0,
    username: actor.displayName ?? handle,
    user_username: handle,
    // A remote image would tell its server the viewer's address (README): none is shown.
    user_avatar: null,
    is_locked: false,
    is_unlocked: false,
    can_delete: false,
    is_draft: false,
    author_is_creator: false,
    comments_enabled: false,
    like_count: 0,
    comment_count: 0,
    liked_by_me: row.liked,
    requires_subscription: false,
    subscription_price: null,
    price: null,
    subscriber_price: null,
    price_for_viewer: null,
    is_purchased: false,
    preview: null,
    content: post.content,
    type: 'text',
    origin: {
      handle,
      name: actor.displayName,
      profile_url: actor.profileUrl ?? actor.uri,
      url: post.url,
      content_warning: post.contentWarning,
      sensitive: post.sensitive,
      attachments: post.attachments.map((file) => ({
        url: file.url,
        media_type: file.mediaType,
        alt: file.alt,
      })),
      boosted_by_me: row.boosted,
      ...(row.boost
        ? {
            boost: {
              id: row.boost.id,
              handle: row.boost.booster.handle ?? row.boost.booster.uri,
              name: row.boost.booster.displayName,
              profile_url: row.boost.booster.profileUrl ?? row.boost.booster.uri,
            },
          }
        : {}),
    },
  };
}

/** Who follows a remote account, kept in memory and told of changes by the database's notices. */
function createRemoteFollowers(db: Database, changes: ChangeNotices) {
  const viewers = new Set<number>();
  const loadAll = async () => {
    const all = await usersFollowingRemote(db);
    viewers.clear();
    for (const id of all) viewers.add(id);
  };
  const refresh = async (userId: number) => {
    const found = await usersFollowingRemote(db, [userId]);
    if (found.length > 0) viewers.add(userId);
    else viewers.delete(userId);
  };
  const quietly = (work: Promise<void>) => work.catch(() => undefined);
  void quietly(loadAll());
  changes.subscribe((notice) => {
    if (notice.kind === 'following_changed' || notice.kind === 'account_deleted') {
      void quietly(refresh(notice.userId));
    } else if (notice.kind === 'reset') {
      void quietly(loadAll());
    }
  });
  return viewers;
}

export function createRemoteFeed(db: Database, changes: ChangeNotices): RemoteFeed {
  const viewers = createRemoteFollowers(db, changes);
  return {
    followsRemote: (viewerId) => viewers.has(viewerId),
    async page(viewerId, before, limit) {
      const [own, boosts] = await Promise.all([
        ownPosts(db, viewerId, before, limit + 1),
        boostedPosts(db, viewerId, before, limit + 1),
      ]);
      const position = (row: Row) => ({
        at: (row.boost?.published ?? row.post.published).getTime(),
        id: row.boost?.id ?? row.post.id,
      });
      const merged = [...own, ...boosts].sort((a, b) => {
        const [x, y] = [position(a), position(b)];
        return y.at - x.at || y.id - x.id;
      });
      return {
        posts: merged.slice(0, limit).map(presentRemotePost),
        more: merged.length > limit,
      };
    },
  };
}

/** Whether the viewer liked or boosted the post (`remote_interactions`). */
function viewerDid(viewerId: number, kind: 'like' | 'boost') {
  return sql<boolean>`exists (select 1 from ${remoteInteractions} where ${remoteInteractions.remotePostId} = ${remotePosts.id} and ${remoteInteractions.userId} = ${viewerId} and ${remoteInteractions.kind} = ${kind})`;
}

function olderThan(column: SQLWrapper, id: SQLWrapper, position: FeedPosition | undefined) {
  return position
    ? sql`(${column}, ${id}) < (${position.createdAt.toISOString()}::timestamptz, ${position.id})`
    : undefined;
}

/** The posts of the accounts the viewer follows, newest first. */
function ownPosts(
  db: Database,
  viewerId: number,
  position: FeedPosition | undefined,
  limit: number,
) {
  return db
    .select({
      post: remotePosts,
      actor: remoteActors,
      liked: viewerDid(viewerId, 'like'),
      boosted: viewerDid(viewerId, 'boost'),
    })
    .from(remoteFollows)
    .innerJoin(remoteActors, eq(remoteActors.id, remoteFollows.remoteActorId))
    .innerJoin(remotePosts, eq(remotePosts.remoteActorId, remoteFollows.remoteActorId))
    .where(
      and(
        eq(remoteFollows.userId, viewerId),
        eq(remoteFollows.state, 'accepted'),
        olderThan(remotePosts.published, remotePosts.id, position),
      ),
    )
    .orderBy(desc(remotePosts.published), desc(remotePosts.id))
    .limit(limit);
}

const boosters = alias(remoteActors, 'boosters');

/** The boosts of the accounts the viewer follows, newest first, each with its post. */
async function boostedPosts(
  db: Database,
  viewerId: number,
  position: FeedPosition | undefined,
  limit: number,
): Promise<Row[]> {
  const rows = await db
    .select({
      post: remotePosts,
      actor: remoteActors,
      liked: viewerDid(viewerId, 'like'),
      boosted: viewerDid(viewerId, 'boost'),
      boostId: remoteBoosts.id,
      boostPublished: remoteBoosts.published,
      booster: boosters,
    })
    .from(remoteFollows)
    .innerJoin(boosters, eq(boosters.id, remoteFollows.remoteActorId))
    .innerJoin(remoteBoosts, eq(remoteBoosts.boosterId, remoteFollows.remoteActorId))
    .innerJoin(remotePosts, eq(remotePosts.id, remoteBoosts.remotePostId))
    .innerJoin(remoteActors, eq(remoteActors.id, remotePosts.remoteActorId))
    .where(
      and(
        eq(remoteFollows.userId, viewerId),
        eq(remoteFollows.state, 'accepted'),
        olderThan(remoteBoosts.published, remoteBoosts.id, position),
      ),
    )
    .orderBy(desc(remoteBoosts.published), desc(remoteBoosts.id))
    .limit(limit);
  return rows.map(({ boostId, boostPublished, booster, ...row }) => ({
    ...row,
    boost: { id: boostId, published: boostPublished, booster },
  }));
}
