import type { PostRow } from '../../db/schema/index.ts';
import { isForSale, isOpenedBySale } from './pay-per-view.ts';
import { isVideoPublished } from '../media/index.ts';
import type { PostMediaFile } from './post-media.ts';
import { NOBODY } from '../users/index.ts';

export type PostAccess = {
  post: PostRow;
  unlocked: boolean;
  authorIsCreator: boolean;
  authorPriceCents: number;
  subscribed: boolean;
  /** The subscription is paid for, not a free trial (a subscriber price is for those). */
  paidSubscription: boolean;
  /** The viewer bought this pay-per-view post. */
  purchased: boolean;
};

/**
 * A paid creator's posts are for active subscribers and the creator; free ones for everyone. A
 * post for sale is sold to anyone who may see the author's profile instead (`pay-per-view.ts`).
 */
export function needsSubscription(access: PostAccess, viewerId: number): boolean {
  return (
    access.post.authorId !== viewerId &&
    access.authorIsCreator &&
    access.authorPriceCents > 0 &&
    !access.subscribed &&
    !isForSale(access.post)
  );
}

/**
 * Whether a post's media are gated (issue 35): behind a password, a sale or a paid creator's
 * subscription, whoever looks. Their images go to anyone but the author as copies marked for
 * that viewer; a public post's stay the stored bytes. A few field reads: free on the hot path.
 */
export function arePostMediaGated(
  access: Pick<PostAccess, 'post' | 'authorIsCreator' | 'authorPriceCents'>,
): boolean {
  return (
    access.post.isLocked ||
    isForSale(access.post) ||
    (access.authorIsCreator && access.authorPriceCents > 0)
  );
}

/**
 * Whether a post's gated media reach this viewer with the visible mark too (issue 35): never
 * its author, only gated media, and as the post says (`visible_mark`), else as its author's
 * default. The invisible mark is on every gated copy whatever this says.
 */
export function hasVisibleMark(
  access: Pick<PostAccess, 'post' | 'authorIsCreator' | 'authorPriceCents'> & {
    authorVisibleMark: boolean;
  },
  viewerId: number,
): boolean {
  return (
    access.post.authorId !== viewerId &&
    arePostMediaGated(access) &&
    (access.post.visibleMark ?? access.authorVisibleMark)
  );
}

/** Whether a viewer may see a post's content and media: gating first, the password on top. */
export function canSeePostContent(access: PostAccess, viewerId: number): boolean {
  if (access.post.authorId === viewerId) return true;
  if (needsSubscription(access, viewerId)) return false;
  // A post for sale opens by its sale, or by its password when it has one too.
  if (isForSale(access.post)) {
    return isOpenedBySale(access, viewerId) || (access.post.isLocked && access.unlocked);
  }
  return !access.post.isLocked || access.unlocked;
}

/**
 * Whether the post exists for this viewer at all: a draft, and a post with a video still
 * processing or failed, are their author's alone (they see its progress or its error); others
 * see it once it is published and every video in it plays. Checked per viewer, after the shared
 * kept copies of the feeds (which leave drafts out already).
 */
export function isPostPublishedFor(
  row: {
    post: Pick<PostRow, 'authorId' | 'isDraft'>;
    media: readonly Pick<PostMediaFile, 'kind' | 'videoState'>[] | null;
  },
  viewerId: number,
): boolean {
  if (row.post.authorId === viewerId) return true;
  if (row.post.isDraft) return false;
  return (row.media ?? []).every((file) => file.kind !== 'video' || isVideoPublished(file));
}

/** The author facts that decide whether any of their posts is public. */
export type PublicAuthorFacts = { suspendedAt: Date | null; isProfileLocked: boolean };

/**
 * Whether a post is fully public: what anyone sees of it without an account is all of it. Not a
 * draft or scheduled post, every video playable, no password, not for sale, not a paid
 * creator's (subscribers only), by an author neither suspended nor behind a profile password.
 * Federation, the Atom feed and share cards send a post's content only when this holds;
 * `fullyPublicPostSql` (`public-posts.ts`) is the same rule for list queries.
 */
export function isPostFullyPublic(
  row: Pick<PostAccess, 'post' | 'authorIsCreator' | 'authorPriceCents'> & {
    media: readonly Pick<PostMediaFile, 'kind' | 'videoState'>[] | null;
    videoState: PostMediaFile['videoState'];
  },
  author: PublicAuthorFacts,
): boolean {
  return (
    author.suspendedAt === null &&
    !author.isProfileLocked &&
    row.post.publishAt === null &&
    row.post.passwordHash === null &&
    !arePostMediaGated(row) &&
    isPostPublishedFor(row, NOBODY) &&
    (row.post.videoId === null || isVideoPublished({ videoState: row.videoState }))
  );
}

export const FEED_DEFAULT_LIMIT = 20;
export const FEED_MAX_LIMIT = 50;

export const POST_MAX_LENGTH = 5000;
export const POST_PASSWORD_MIN_LENGTH = 4;

/** Media-only posts carry the spec's placeholder text, which the client hides. */
export function placeholderContent(mediaType: 'image' | 'video'): string {
  return mediaType === 'image' ? 'Posted an image' : 'Posted a video';
}
