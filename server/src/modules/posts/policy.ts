import type { PostRow } from '../../db/schema/index.ts';
import { isVideoPublished } from '../media/video-fields.ts';
import type { PostMediaFile } from './post-media.ts';

export type PostAccess = {
  post: PostRow;
  unlocked: boolean;
  authorIsCreator: boolean;
  authorPriceCents: number;
  subscribed: boolean;
};

/** A paid creator's posts are for active subscribers and the creator; free ones for everyone. */
export function needsSubscription(access: PostAccess, viewerId: number): boolean {
  return (
    access.post.authorId !== viewerId &&
    access.authorIsCreator &&
    access.authorPriceCents > 0 &&
    !access.subscribed
  );
}

/** Whether a viewer may see a post's content and media: gating first, the password on top. */
export function canSeePostContent(access: PostAccess, viewerId: number): boolean {
  if (access.post.authorId === viewerId) return true;
  if (needsSubscription(access, viewerId)) return false;
  return !access.post.isLocked || access.unlocked;
}

/**
 * Whether the post exists for this viewer at all: a post with a video still processing, or
 * failed, is its author's alone (they see its progress or its error); others see it once every
 * video in it plays. Checked per viewer, after the shared kept copies of the feeds.
 */
export function isPostPublishedFor(
  row: {
    post: Pick<PostRow, 'authorId'>;
    media: readonly Pick<PostMediaFile, 'kind' | 'videoState'>[] | null;
  },
  viewerId: number,
): boolean {
  return (
    row.post.authorId === viewerId ||
    (row.media ?? []).every((file) => file.kind !== 'video' || isVideoPublished(file))
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
