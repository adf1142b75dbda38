import { MAX_POST_FILES } from '@zura/contracts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
  type FieldErrors,
} from '../../lib/errors.ts';
import { hashNewPassword, verifyPassword } from '../../lib/passwords.ts';
import { checkUnlockPassword, type LockedContentPolicies } from '../../lib/guessing.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import { hiddenFrom, isHiddenFrom } from '../users/index.ts';
import { type MediaSigner, visibleMarkText } from '../media/index.ts';
import { canViewProfile } from '../profiles/index.ts';
import type { ReceivedFile, UploadsService } from '../uploads/index.ts';
import { encodeCursor, type PostCursor } from './cursor.ts';
import {
  hasVisibleMark,
  isPostPublishedFor,
  needsSubscription,
  placeholderContent,
  POST_MAX_LENGTH,
  POST_PASSWORD_MIN_LENGTH,
} from './policy.ts';
import { createAuthorPosts } from './author-posts.ts';
import { createFeedAuthors } from './feed-authors.ts';
import { type RemoteFeedSource, withRemotePosts } from './remote-feed-merge.ts';
import { createKeptAuthors } from './kept-authors.ts';
import { createNewestPosts } from './newest-posts.ts';
import { presentPost } from './presenter.ts';
import * as repo from './repo.ts';
import { saleErrors, type SaleInput } from './sale-input.ts';
import { insertPostMedia } from './post-media.ts';
import { storePostFiles, TOO_MANY_FILES_MESSAGE } from './post-files.ts';
import { unfinishedVideos, withCurrentMediaVideos } from './current-videos.ts';
import { cachedAnswer, reusedAnswer } from '../../lib/answer-cache.ts';
import type { UserKey } from '../../lib/validation.ts';
import { createViewerPages, type ViewerRows } from './viewer-page.ts';

export type PostsService = ReturnType<typeof createPostsService>;

export type NewPostInput = {
  content: string;
  isLocked: boolean;
  password: string;
  mediaType: string | undefined;
  /** The post's files in the author's order; the route receives at most one past the limit. */
  media: ReceivedFile[];
  /** Saved for its author alone until published (`drafts.ts`). */
  isDraft?: boolean;
  /** When a scheduled draft is published (`schedule.ts`); only with `isDraft`. */
  publishAt?: Date;
  /** Pay-per-view: the price, and what subscribers pay (`sale-input.ts`). */
  sale: SaleInput;
  /** The visible mark on its gated media: null follows the author's default (issue 35). */
  visibleMark?: boolean | null;
};

export type FeedSource = 'following' | 'all';

const UNLOCK_POLICIES: LockedContentPolicies = {
  perViewer: 'postUnlockPerViewer',
  perPair: 'postUnlockPerViewerPost',
  perTarget: 'postUnlockPerPost',
};

/** Up to this many authors, a home feed is merged from each one's newest posts. */
const FEW_AUTHORS = 50;

export type PostPage = { posts: ReturnType<typeof presentPost>[]; nextCursor: string | undefined };

export function createPostsService(deps: {
  db: Database;
  uploads: UploadsService;
  rateLimits: RateLimits;
  signer: MediaSigner;
  changes: ChangeNotices;
  /** The instance's address, which a visible mark names after the viewer. */
  marking: { host: string };
  /** Remote accounts' posts for the home feeds of their local followers (issue 36). */
  remote?: RemoteFeedSource | undefined;
}) {
  const { db, uploads, rateLimits, signer, changes } = deps;
  const viewerPages = createViewerPages(db, changes);
  const newestPosts = createNewestPosts(db, changes, viewerPages);
  const feedAuthors = createFeedAuthors(db, changes);
  const authorPosts = createAuthorPosts(db, changes, viewerPages);
  const findAuthor = createKeptAuthors(db, changes);

  /**
   * The viewer's visible mark text when one of `rows` shows them its media visibly marked
   * (issue 35), else undefined: what `presentPost` takes. Their name comes from the kept authors,
   * so a page costs no statement for it.
   */
  async function viewerMarkFor(viewerId: number, rows: readonly repo.PostWithAuthor[]) {
    if (!rows.some((row) => hasVisibleMark(row, viewerId))) return undefined;
    const viewer = await findAuthor(viewerId);
    return viewer && visibleMarkText(viewer.username, deps.marking.host);
  }

  /**
   * A home feed page from what is kept in memory: merged per author for a few authors, else
   * picked from everyone's newest posts; undefined when that cannot tell it.
   */
  async function keptFollowingPage(
    viewerId: number,
    cursor: PostCursor | undefined,
    limit: number,
  ) {
    const authors = await feedAuthors(viewerId);
    return authors.size <= FEW_AUTHORS
      ? authorPosts.page(viewerId, cursor, limit, authors)
      : newestPosts.page(viewerId, cursor, limit, authors);
  }

  /**
   * Rows read by a database query, with the authors hidden from the viewer (a block either way,
   * a suspension: `users/visibility.ts`); kept rows learn those in their own statement.
   */
  async function withHiddenAuthors(read: repo.PostWithAuthor[], viewerId: number) {
    const authors = read.map((row) => row.post.authorId);
    return { rows: read, hiddenAuthors: await hiddenFrom(db, viewerId, authors) };
  }

  /**
   * A page of posts as the viewer sees it. Hidden authors are dropped here, per viewer, because
   * the kept copies of the feeds are shared by everyone; the cursor still follows the rows read,
   * so a page may come out short but the next one starts right. Posts whose video is not
   * playable yet are dropped the same way, but for their author.
   */
  async function page(read: ViewerRows, viewerId: number, limit: number): Promise<PostPage> {
    // A page with no unfinished video depends on nothing but its rows, the viewer and the
    // signer's period: a cached page (the same object, `made-pages.ts`) answers what it did.
    // The viewer's mark text is their name, fixed while these rows are (a rename is a feed notice).
    const mark = await viewerMarkFor(viewerId, read.rows);
    if (unfinishedVideos(read.rows).size === 0) {
      const key = `${viewerId}|${limit}|${signer.period()}`;
      return cachedAnswer(read, key, () => {
        const presented = presentPage(read, read.rows, { id: viewerId, mark }, limit);
        reusedAnswer(presented.posts);
        return presented;
      });
    }
    const rows = await withCurrentMediaVideos(db, read.rows);
    return presentPage(read, rows, { id: viewerId, mark }, limit);
  }

  function presentPage(
    read: ViewerRows,
    rows: repo.PostWithAuthor[],
    viewer: { id: number; mark: string | undefined },
    limit: number,
  ): PostPage {
    const viewerId = viewer.id;
    const last = read.rows.at(-1);
    return {
      posts: rows
        .filter(
          (row) => !read.hiddenAuthors.has(row.post.authorId) && isPostPublishedFor(row, viewerId),
        )
        .map((row) => presentPost(row, viewerId, signer, viewer.mark)),
      nextCursor: rows.length === limit && last ? encodeCursor(last.post) : undefined,
    };
  }

  /**
   * Whether the viewer sees this author: `hidden` as if absent, `locked` behind a profile
   * password, or `open`; from the kept facts when they are kept, else from the database.
   */
  async function authorAccess(viewerId: number, author: { id: number; isProfileLocked: boolean }) {
    const kept = await viewerPages.sees(viewerId, author);
    if (kept) return kept;
    if (await isHiddenFrom(db, viewerId, author.id)) return 'hidden';
    return (await canViewProfile(db, viewerId, author)) ? 'open' : 'locked';
  }

  /** The post if the viewer may know it exists: its author's profile is open to them. */
  async function findVisiblePost(viewerId: number, postId: number) {
    const row = await repo.findPostFor(db, viewerId, postId);
    if (!row || !isPostPublishedFor(row, viewerId)) return undefined;
    const author = await findAuthor(String(row.post.authorId));
    if (!author) return undefined;
    return (await authorAccess(viewerId, author)) === 'open' ? row : undefined;
  }

  return {
    async createPost(authorId: number, input: NewPostInput) {
      const errors: FieldErrors = {};
      const content = input.content.trim();
      if (content.length > POST_MAX_LENGTH)
        errors.content = [`Posts can be at most ${POST_MAX_LENGTH} characters long.`];
      const files = input.media;
      const discardFiles = () => Promise.all(files.map((file) => uploads.discard(file)));
      if (!content && files.length === 0)
        errors.content = ['Write something or attach an image or a video.'];
      if (files.length > MAX_POST_FILES) errors.media = [TOO_MANY_FILES_MESSAGE];
      if (input.isLocked && !input.password)
        errors.password = ['Please enter a password to lock this post.'];
      else if (input.isLocked && input.password.length < POST_PASSWORD_MIN_LENGTH) {
        errors.password = [
          `The password must be at least ${POST_PASSWORD_MIN_LENGTH} characters long.`,
        ];
      }
      const named = input.mediaType || undefined;
      const mediaType = named === 'image' || named === 'video' ? named : undefined;
      if (named !== mediaType) errors.media_type = ['Choose image or video.'];
      Object.assign(errors, await saleErrors(db, authorId, input.sale));
      if (Object.keys(errors).length > 0) {
        await discardFiles();
        throw new ValidationError(errors);
      }
      // Hashed before the files are kept, so a refusal (too many passwords, busy) leaves none.
      const passwordHash = input.isLocked
        ? await hashNewPassword(rateLimits, authorId, input.password).catch(
            async (error: unknown) => {
              await discardFiles();
              throw error;
            },
          )
        : null;
      // The post and the list of its files are written together; the first image and the first
      // video are also named on the post, for the spec's `image` and `video` fields.
      const post = await storePostFiles({ db, uploads }, authorId, files, mediaType, (stored) =>
        db.transaction(async (tx) => {
          const first = stored[0]?.kind;
          const created = await repo.insertPost(tx, {
            authorId,
            content: content || placeholderContent(first ?? 'image'),
            type: first === 'video' ? 'video' : 'post',
            isLocked: input.isLocked,
            passwordHash,
            imageId: stored.find((file) => file.kind === 'image')?.uploadId ?? null,
            videoId: stored.find((file) => file.kind === 'video')?.uploadId ?? null,
            isDraft: input.isDraft ?? false,
            // Only a draft waits for a time (a DB check says so too).
            publishAt: input.isDraft ? (input.publishAt ?? null) : null,
            priceCents: input.sale.priceCents,
            subscriberPriceCents: input.sale.subscriberPriceCents,
            visibleMark: input.visibleMark ?? null,
          });
          await insertPostMedia(tx, created.id, stored);
          return created;
        }),
      );
      changes.announce({ kind: 'posts_changed', userId: authorId });
      const row = await repo.findPostFor(db, authorId, post.id);
      if (!row) throw new NotFoundError('Post not found.');
      return presentPost(row, authorId, signer, undefined);
    },

    /**
     * The home feed: posts of the people the viewer follows or subscribes to, and their own. A
     * first page with nothing in it falls back to recent posts from everyone, so a new user
     * never faces an empty page; `source` says which the answer holds.
     */
    async feed(
      viewerId: number,
      cursor: PostCursor | undefined,
      limit: number,
      requested: FeedSource | undefined,
    ): Promise<PostPage & { source: FeedSource }> {
      if (requested !== 'all') {
        const rows =
          (await keptFollowingPage(viewerId, cursor, limit)) ??
          (await withHiddenAuthors(
            await repo.listFollowingFeed(db, viewerId, cursor, limit),
            viewerId,
          ));
        const local = await page(rows, viewerId, limit);
        // Checked in memory: a viewer who follows nobody remote pays nothing more.
        const following = deps.remote?.followsRemote(viewerId)
          ? await withRemotePosts(local, deps.remote, viewerId, cursor, limit)
          : local;
        // Only the viewer's own posts is still an empty feed for someone new.
        const hasOthers = following.posts.some((post) => post.user_id !== viewerId);
        if (hasOthers || cursor || requested === 'following') {
          return { ...following, source: 'following' };
        }
      }
      const rows =
        (await newestPosts.page(viewerId, cursor, limit)) ??
        (await withHiddenAuthors(await repo.listFeed(db, viewerId, cursor, limit), viewerId));
      return { ...(await page(rows, viewerId, limit)), source: 'all' };
    },

    async postsOf(
      viewerId: number,
      idOrUsername: UserKey,
      cursor: PostCursor | undefined,
      limit: number,
    ) {
      const author = await findAuthor(idOrUsername);
      // A block or a suspension hides the author as if there were none.
      const access = author ? await authorAccess(viewerId, author) : 'hidden';
      if (!author || access === 'hidden') throw new NotFoundError('User not found');
      if (access === 'locked') return { posts: [], nextCursor: undefined };
      const kept = await authorPosts.page(viewerId, cursor, limit, new Set([author.id]));
      if (kept) return page(kept, viewerId, limit);
      const rows = await repo.listByAuthor(db, viewerId, author.id, cursor, limit);
      return page(await withHiddenAuthors(rows, viewerId), viewerId, limit);
    },

    findVisiblePost,
    viewerMarkFor,

    /** One post as the viewer sees it in the feed, or undefined when it is not theirs to see. */
    async findPresentedPost(viewerId: number, postId: number) {
      // A recent post comes from the kept window with the viewer's kept facts (no round trip);
      // actions on a post (unlock, buy) read it from the database through findVisiblePost.
      const kept = await newestPosts.post(viewerId, postId);
      if (kept) {
        const post = (await page(kept, viewerId, 1)).posts[0];
        return post && reusedAnswer(post);
      }
      const row = await findVisiblePost(viewerId, postId);
      return row && presentPost(row, viewerId, signer, await viewerMarkFor(viewerId, [row]));
    },

    async deletePost(userId: number, postId: number) {
      const deleted = await repo.deleteOwnPost(db, userId, postId);
      if (!deleted) throw new NotFoundError('Post not found.');
      await this.afterDelete(deleted);
    },

    /** After a post's row is deleted (by its author or a moderator): its feeds and media go. */
    async afterDelete(deleted: repo.DeletedPost) {
      changes.announce({ kind: 'posts_changed', userId: deleted.authorId });
      // Every file of the post, unless another post (the same bytes posted twice) still shows it.
      for (const uploadId of deleted.uploadIds) {
        await uploads.deleteIfUnused(deleted.authorId, uploadId);
      }
    },

    async unlockPost(viewerId: number, postId: number, password: string | undefined) {
      const row = await findVisiblePost(viewerId, postId);
      if (!row) throw new NotFoundError('Post not found.');
      const { post } = row;
      if (needsSubscription(row, viewerId)) {
        throw new ForbiddenError('Subscribe to this creator to unlock their posts.');
      }
      if (post.isLocked && post.authorId !== viewerId && !row.unlocked && post.passwordHash) {
        if (!password) throw new BadRequestError('Password is required', {}, 'password_required');
        const hash = post.passwordHash;
        await checkUnlockPassword(rateLimits, UNLOCK_POLICIES, viewerId, post.id, () =>
          verifyPassword(hash, password, 'general'),
        );
        await repo.insertPostUnlock(db, post.id, viewerId);
        changes.announce({ kind: 'viewer_changed', userId: viewerId });
      }
      const opened = { ...row, unlocked: true };
      return {
        message: 'Post unlocked.',
        post: presentPost(opened, viewerId, signer, await viewerMarkFor(viewerId, [opened])),
      };
    },
  };
}
