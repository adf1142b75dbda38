import { videoUploadId } from '../video';
import { PLACEHOLDER_CONTENT, type Post } from './api';

const PLACEHOLDERS = new Set<string>(Object.values(PLACEHOLDER_CONTENT));

/** The text to display: the media-only placeholders ('Posted an image', ...) are hidden. */
export function displayedContent(post: Pick<Post, 'content'>): string {
  const content = post.content ?? '';
  return PLACEHOLDERS.has(content.trim()) ? '' : content;
}

export function postImageUrl(post: Pick<Post, 'image' | 'image_url'>): string | undefined {
  return post.image_url || post.image || undefined;
}

export function postVideoUrl(post: Pick<Post, 'video' | 'video_url'>): string | undefined {
  return post.video_url || post.video || undefined;
}

/** Spec: a locked post with no content and no media shows the "password protected" placeholder. */
export function isLockedPlaceholder(post: Post): boolean {
  return (
    post.is_locked &&
    (post.content ?? '').trim() === '' &&
    !postImageUrl(post) &&
    !postVideoUrl(post)
  );
}

/** The profile's Videos tab: posts of type video or having a video (even one in the making). */
export function isVideoPost(post: Post): boolean {
  return post.type === 'video' || Boolean(postVideoUrl(post)) || Boolean(post.video_state);
}

/**
 * The upload of a post's video, which the live processing frames name: the author is told it
 * (a video still processing has no URL yet); anyone else reads it from the video's URLs.
 */
export function postVideoUploadId(
  post: Pick<Post, 'video' | 'video_url' | 'video_hls_url' | 'poster_url' | 'video_upload_id'>,
): string | undefined {
  if (post.video_upload_id) return post.video_upload_id.toLowerCase();
  return videoUploadId([post.video_url, post.video, post.video_hls_url, post.poster_url]);
}

export function authorName(post: Pick<Post, 'username' | 'user_username'>): string {
  return post.username || post.user_username || '';
}

/** Spec: /profile/{username}, falling back to /profile/{user_id}, or /profile with neither. */
export function authorProfilePath(post: Pick<Post, 'username' | 'user_username' | 'user_id'>) {
  const username = authorName(post);
  if (username) return `/profile/${encodeURIComponent(username)}`;
  if (post.user_id !== null && post.user_id !== undefined) return `/profile/${post.user_id}`;
  return '/profile';
}

/** A paid creator's post this viewer may not see yet (shown before any password lock). */
export function isSubscriptionGated(post: Pick<Post, 'requires_subscription'>): boolean {
  return post.requires_subscription === true;
}

/** A post with a known author who is not the viewer (they can tip or report it). */
export function isSomeoneElses(
  post: Pick<Post, 'user_id' | 'can_delete'>,
  currentUserId: number | null,
): boolean {
  if (post.user_id === null || post.user_id === undefined) return false;
  return post.can_delete !== true && post.user_id !== currentUserId;
}

/**
 * Whether the viewer can tip the post's author: not their own post, and the author is a
 * creator, known from the page (a creator's profile), the post itself, or its gate.
 */
export function canTipAuthor(
  post: Pick<Post, 'user_id' | 'can_delete' | 'author_is_creator' | 'requires_subscription'>,
  currentUserId: number | null,
  authorIsCreator?: boolean,
): boolean {
  if (!isSomeoneElses(post, currentUserId)) return false;
  return authorIsCreator ?? post.author_is_creator ?? post.requires_subscription === true;
}
