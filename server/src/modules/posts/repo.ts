import { and, desc, eq, inArray, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import {
  follows,
  postPurchases,
  postLikes,
  postUnlocks,
  posts,
  subscriptions,
  uploads,
  users,
} from '../../db/schema/index.ts';
import type { PostCursor } from './cursor.ts';
import { postMediaColumn, uploadIdsOfPost } from './post-media.ts';
import { canViewProfileSql } from '../profiles/index.ts';

const imageUpload = alias(uploads, 'image_upload');
const videoUpload = alias(uploads, 'video_upload');

/** A viewer's id, or its placeholder in a prepared statement. */
type ViewerId = number | Placeholder<'viewerId'>;

/** What every feed shows of a post: the post, its author, its media variants. */
const postColumns = {
  post: posts,
  authorUsername: users.username,
  authorAvatarId: users.profileImageId,
  authorIsCreator: users.isCreator,
  authorPriceCents: users.subscriptionPriceCents,
  /** Whether the author's gated media carry the visible mark unless a post says (issue 35). */
  authorVisibleMark: users.visibleMarkDefault,
  imageVariants: imageUpload.variants,
  videoVariants: videoUpload.variants,
  // Where the video's transcode is: who may see the post, and what plays.
  videoState: videoUpload.videoState,
  videoProgress: videoUpload.videoProgress,
  videoError: videoUpload.videoError,
  videoRenditions: videoUpload.renditions,
  /** Every file of the post, in order: `post-media.ts`. */
  media: postMediaColumn,
};

/** One query gives a page of posts with their author, media variants and the viewer's unlock. */
export function selectPostsFor(db: Executor, viewerId: ViewerId) {
  return db
    .select({
      ...postColumns,
      subscribed: sql<boolean>`exists (
        select 1 from ${subscriptions}
        where ${subscriptions.fanId} = ${viewerId} and ${subscriptions.creatorId} = ${posts.authorId}
          and ${subscriptions.status} = 'active')`,
      paidSubscription: sql<boolean>`exists (
        select 1 from ${subscriptions}
        where ${subscriptions.fanId} = ${viewerId} and ${subscriptions.creatorId} = ${posts.authorId}
          and ${subscriptions.status} = 'active' and not ${subscriptions.isTrial})`,
      unlocked: sql<boolean>`${postUnlocks.userId} is not null`,
      purchased: sql<boolean>`exists (
        select 1 from ${postPurchases}
        where ${postPurchases.postId} = ${posts.id} and ${postPurchases.userId} = ${viewerId})`,
      likedByMe: sql<boolean>`exists (
        select 1 from ${postLikes}
        where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewerId})`,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(imageUpload, eq(imageUpload.id, posts.imageId))
    .leftJoin(videoUpload, eq(videoUpload.id, posts.videoId))
    .leftJoin(postUnlocks, and(eq(postUnlocks.postId, posts.id), eq(postUnlocks.userId, viewerId)));
}

export type PostWithAuthor = Awaited<
  ReturnType<ReturnType<typeof selectPostsFor>['execute']>
>[number];

function before(cursor: PostCursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  return or(
    lt(posts.createdAt, cursor.createdAt),
    and(eq(posts.createdAt, cursor.createdAt), lt(posts.id, cursor.id)),
  );
}

/** Drafts are their author's alone, listed apart: no feed nor profile list holds them. */
const published = sql`not ${posts.isDraft}`;

const viewer = sql.placeholder('viewerId');
/** The author row `u` of the following page's author filter. */
const authorRow = { id: sql`u.id`, isProfileLocked: sql`u.is_profile_locked` };
const cursorAt = sql.placeholder('cursorAt');
const cursorId = sql.placeholder('cursorId');
const pageSize = sql.placeholder('limit');

/** Past the keyset cursor (created_at, id), given as placeholders. */
const pastCursor = sql`(${posts.createdAt}, ${posts.id}) < (${cursorAt}::timestamptz, ${cursorId}::bigint)`;

/**
 * Everyone's posts the viewer may see, newest first. The feeds are prepared statements: they are
 * the busiest reads, and planning their joins cost several times more than running them.
 */
function prepareEveryoneFeed(db: Database, paged: boolean) {
  return selectPostsFor(db, viewer)
    .where(and(published, canViewProfileSql(viewer), paged ? pastCursor : undefined))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(pageSize)
    .prepare(paged ? 'feed_everyone_paged' : 'feed_everyone_first');
}

/**
 * The ids of the next page of posts by the people the viewer follows or subscribes to, and the
 * viewer's own: a subquery whose cost does not grow with the table nor with how long ago anyone
 * posted.
 *
 * A page of N posts comes from at most N authors, and only from authors whose newest post (past
 * the cursor) is among the N newest such "latest posts": an author outside them has every post
 * older than N posts of the others. So each followed author costs one index probe for their
 * latest post, and only the N best placed authors are read further, N posts each at most, on the
 * (author, created_at, id) index. A viewer who follows a thousand busy creators reads about a
 * thousand index entries and N² posts, not a thousand times N.
 */
function followingPageIds(paged: boolean): SQL {
  const past = paged
    ? sql`and (p.created_at, p.id) < (${cursorAt}::timestamptz, ${cursorId}::bigint)`
    : sql``;
  return sql`(
    with authors as (
      select a.author_id from (
        select ${follows.followeeId} as author_id from ${follows} where ${follows.followerId} = ${viewer}
        union
        select ${subscriptions.creatorId} from ${subscriptions}
          where ${subscriptions.fanId} = ${viewer} and ${subscriptions.status} = 'active'
        union
        select ${viewer}::bigint
      ) a
      -- A scalar subquery is looked up per author on the primary key; as a join, the generic
      -- plan (made for an unknown viewer, so for hundreds of authors) hashed every user.
      where (
        select ${canViewProfileSql(viewer, authorRow)} from ${users} u where u.id = a.author_id)
    ), leading_authors as (
      select authors.author_id from authors
      cross join lateral (
        select p.created_at, p.id from ${posts} p
        where p.author_id = authors.author_id and not p.is_draft ${past}
        order by p.created_at desc, p.id desc
        limit 1
      ) latest
      order by latest.created_at desc, latest.id desc
      limit ${pageSize}
    )
    select page.id from leading_authors
    cross join lateral (
      select p.id, p.created_at from ${posts} p
      where p.author_id = leading_authors.author_id and not p.is_draft ${past}
      order by p.created_at desc, p.id desc
      limit ${pageSize}
    ) page
    order by page.created_at desc, page.id desc
    limit ${pageSize})`;
}

function prepareFollowingFeed(db: Database, paged: boolean) {
  return selectPostsFor(db, viewer)
    .where(inArray(posts.id, followingPageIds(paged)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(pageSize)
    .prepare(paged ? 'feed_following_paged' : 'feed_following_first');
}

/** Posts with their author and media, and whether the author's profile is locked: no viewer. */
function selectSharedPosts(db: Database) {
  return db
    .select({ ...postColumns, authorIsProfileLocked: users.isProfileLocked })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(imageUpload, eq(imageUpload.id, posts.imageId))
    .leftJoin(videoUpload, eq(videoUpload.id, posts.videoId));
}

/** Everyone's newest posts: the same for all viewers. */
function prepareNewestPosts(db: Database) {
  return selectSharedPosts(db)
    .where(published)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(pageSize)
    .prepare('feed_newest_posts');
}

/** The newest posts of each of the given authors, `perAuthor` at most each. */
function prepareLatestPostsOf(db: Database) {
  return selectSharedPosts(db)
    .where(
      inArray(
        posts.id,
        sql`(select latest.id from unnest(${sql.placeholder('authorIds')}::bigint[]) a(id)
          cross join lateral (
            select p.id from ${posts} p where p.author_id = a.id and not p.is_draft
            order by p.created_at desc, p.id desc limit ${sql.placeholder('perAuthor')}
          ) latest)`,
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .prepare('feed_latest_posts_of');
}

function prepareFeeds(db: Database) {
  return {
    newest: prepareNewestPosts(db),
    latestOf: prepareLatestPostsOf(db),
    everyone: [prepareEveryoneFeed(db, false), prepareEveryoneFeed(db, true)],
    following: [prepareFollowingFeed(db, false), prepareFollowingFeed(db, true)],
    // The post page's read: built and planned once, like the feeds.
    one: selectPostsFor(db, viewer)
      .where(eq(posts.id, sql.placeholder('postId')))
      .limit(1)
      .prepare('post_for_viewer'),
  } as const;
}

const preparedFeeds = new WeakMap<Database, ReturnType<typeof prepareFeeds>>();

function feeds(db: Database) {
  let prepared = preparedFeeds.get(db);
  if (!prepared) {
    prepared = prepareFeeds(db);
    preparedFeeds.set(db, prepared);
  }
  return prepared;
}

function feedValues(viewerId: number, cursor: PostCursor | undefined, limit: number) {
  return { viewerId, limit, cursorAt: cursor?.createdAt.toISOString(), cursorId: cursor?.id };
}

/** Everyone's posts the viewer may see, newest first. */
export function listFeed(
  db: Database,
  viewerId: number,
  cursor: PostCursor | undefined,
  limit: number,
) {
  return feeds(db).everyone[cursor ? 1 : 0].execute(feedValues(viewerId, cursor, limit));
}

/** Everyone's newest posts, for every viewer alike: see `newest-posts.ts`. */
export function listNewestPosts(db: Database, limit: number) {
  return feeds(db).newest.execute({ limit });
}

export type NewestPostRow = Awaited<ReturnType<typeof listNewestPosts>>[number];

/** The newest posts of each author, newest first overall: see `author-posts.ts`. */
export function listLatestPostsOf(db: Database, authorIds: number[], perAuthor: number) {
  return feeds(db).latestOf.execute({ authorIds, perAuthor });
}

/** Where the transcodes of these videos are now: for rows read from a kept copy. */
export function findVideoStates(db: Executor, uploadIds: string[]) {
  return db
    .select({
      id: uploads.id,
      variants: uploads.variants,
      videoState: uploads.videoState,
      videoProgress: uploads.videoProgress,
      videoError: uploads.videoError,
      renditions: uploads.renditions,
    })
    .from(uploads)
    .where(inArray(uploads.id, uploadIds));
}

/** Whose posts the viewer's home feed holds: the people they follow or subscribe to, and theirs. */
export async function listFeedAuthors(db: Database, viewerId: number): Promise<number[]> {
  const rows = await executePrepared<{ id: string }>(
    db,
    'feed_authors',
    sql`select ${follows.followeeId} as id from ${follows} where ${follows.followerId} = ${viewerId}
      union
      select ${subscriptions.creatorId} from ${subscriptions}
        where ${subscriptions.fanId} = ${viewerId} and ${subscriptions.status} = 'active'`,
  );
  return [viewerId, ...rows.map((row) => Number(row.id))];
}

/** The posts of the people the viewer follows or subscribes to, and their own, newest first. */
export function listFollowingFeed(
  db: Database,
  viewerId: number,
  cursor: PostCursor | undefined,
  limit: number,
) {
  return feeds(db).following[cursor ? 1 : 0].execute(feedValues(viewerId, cursor, limit));
}

export function listByAuthor(
  db: Executor,
  viewerId: number,
  authorId: number,
  cursor: PostCursor | undefined,
  limit: number,
) {
  return selectPostsFor(db, viewerId)
    .where(and(eq(posts.authorId, authorId), published, before(cursor)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

export async function findPostFor(db: Database, viewerId: number, postId: number) {
  const [row] = await feeds(db).one.execute({ viewerId, postId });
  return row;
}

export async function insertPost(db: Executor, values: typeof posts.$inferInsert) {
  const [row] = await db.insert(posts).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Deletes the post; answers it with the uploads it held (its files go with the row). */
export async function deleteOwnPost(db: Executor, authorId: number, postId: number) {
  // Read first: post_media's rows are deleted with the post. A post's files never change.
  const uploadIds = await uploadIdsOfPost(db, postId);
  const [row] = await db
    .delete(posts)
    .where(and(eq(posts.id, postId), eq(posts.authorId, authorId)))
    .returning();
  return row && { ...row, uploadIds };
}

export type DeletedPost = NonNullable<Awaited<ReturnType<typeof deleteOwnPost>>>;

export async function insertPostUnlock(db: Executor, postId: number, userId: number) {
  await db.insert(postUnlocks).values({ postId, userId }).onConflictDoNothing();
}
