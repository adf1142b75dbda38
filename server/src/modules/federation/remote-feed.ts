import type { PresentedPost } from '@zura/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import {
  remoteActors,
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

type Row = {
  post: typeof remotePosts.$inferSelect;
  actor: typeof remoteActors.$inferSelect;
  liked: boolean;
  boosted: boolean;
};

/** A remote post in the shape of the feed's posts: free, public, no local author. */
function presentRemotePost(row: Row): PresentedPost {
  const { post, actor } = row;
  const handle = actor.handle ?? actor.uri;
  return {
    id: post.id,
    created_at: post.published.toISOString(),
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
      const rows = await db
        .select({
          post: remotePosts,
          actor: remoteActors,
          liked: sql<boolean>`exists (select 1 from ${remoteInteractions} where ${remoteInteractions.remotePostId} = ${remotePosts.id} and ${remoteInteractions.userId} = ${viewerId} and ${remoteInteractions.kind} = 'like')`,
          boosted: sql<boolean>`exists (select 1 from ${remoteInteractions} where ${remoteInteractions.remotePostId} = ${remotePosts.id} and ${remoteInteractions.userId} = ${viewerId} and ${remoteInteractions.kind} = 'boost')`,
        })
        .from(remoteFollows)
        .innerJoin(remoteActors, eq(remoteActors.id, remoteFollows.remoteActorId))
        .innerJoin(remotePosts, eq(remotePosts.remoteActorId, remoteFollows.remoteActorId))
        .where(
          and(
            eq(remoteFollows.userId, viewerId),
            eq(remoteFollows.state, 'accepted'),
            before
              ? sql`(${remotePosts.published}, ${remotePosts.id}) < (${before.createdAt.toISOString()}::timestamptz, ${before.id})`
              : undefined,
          ),
        )
        .orderBy(desc(remotePosts.published), desc(remotePosts.id))
        .limit(limit + 1);
      return { posts: rows.slice(0, limit).map(presentRemotePost), more: rows.length > limit };
    },
  };
}
