import { type MediaSigner, presentVideoFields, type PresentedVideoFields } from '../media/index.ts';
import type { PostWithAuthor } from './repo.ts';
import { presentPostMedia } from './media-presenter.ts';
import { presentPrice } from '../users/index.ts';
import {
  arePostMediaGated,
  canSeePostContent,
  hasVisibleMark,
  isPostPublishedFor,
  needsSubscription,
} from './policy.ts';
import { presentSale } from './sale-presenter.ts';

/**
 * A post as one viewer sees it. A post behind a subscription or a password the viewer has not
 * given carries no content, no media field and a neutral type: nothing in it reveals what it
 * holds. Gated posts say what a subscription costs. A gated post's images are linked for this
 * viewer alone (`markedUrl`, a copy marked for them) unless they wrote it: such an answer must
 * only ever be cached under its viewer, as the feeds' answers are (`lib/answer-cache.ts`).
 * `viewerMark` is the viewer's visible mark text (`@name · host`), given by the caller whenever
 * a post it presents has the visible mark for them (`hasVisibleMark`; `viewerMarkFor` in the
 * service): their image copies then carry it, and `visible_mark` tells the web to lay it over
 * videos. The author gets `visible_mark_setting`, the post's own choice, instead.
 */
export function presentPost(
  row: PostWithAuthor,
  viewerId: number,
  signer: MediaSigner,
  viewerMark: string | undefined,
) {
  const { post } = row;
  const isOwner = post.authorId === viewerId;
  const gated = needsSubscription(row, viewerId);
  const avatar = row.authorAvatarId ? signer.url(row.authorAvatarId, 'original') : null;
  const base = {
    id: post.id,
    created_at: post.createdAt.toISOString(),
    user_id: post.authorId,
    username: row.authorUsername,
    user_username: row.authorUsername,
    user_avatar: avatar,
    user_avatar_small: row.authorAvatarId ? signer.url(row.authorAvatarId, 'avatar') : null,
    is_locked: post.isLocked,
    // A password given while subscribed opens nothing once the subscription has ended.
    is_unlocked: post.isLocked && (isOwner || row.unlocked) && !gated,
    can_delete: isOwner,
    // Drafts reach their author alone (isPostPublishedFor), so only they ever see true here.
    is_draft: post.isDraft,
    /** Whether the author can be tipped and subscribed to. */
    author_is_creator: row.authorIsCreator,
    comments_enabled: post.commentsEnabled,
    // Counts and the viewer's like tell nothing of a gated post's content: shown to all who list it.
    like_count: post.likeCount,
    comment_count: post.commentCount,
    liked_by_me: row.likedByMe,
  };
  const access = {
    requires_subscription: gated,
    subscription_price: gated ? presentPrice(row.authorPriceCents) : null,
  };
  // A video not playable yet is never listed for others; should one reach here, it stays empty.
  const open = canSeePostContent(row, viewerId) && isPostPublishedFor(row, viewerId);
  const sale = presentSale(row, viewerId, signer, open);
  if (!open) {
    return { ...base, ...access, ...sale, content: '', type: 'post' as const };
  }
  const media: {
    image?: string;
    image_url?: string;
    video?: string | null;
  } & Partial<PresentedVideoFields> = {};
  const visibleMark = viewerMark !== undefined && hasVisibleMark(row, viewerId) ? viewerMark : null;
  const mark =
    !isOwner && arePostMediaGated(row)
      ? { to: viewerId, visible: visibleMark !== null }
      : undefined;
  if (post.imageId) {
    const variant = row.imageVariants?.feed ? 'feed' : 'original';
    const url =
      mark === undefined
        ? signer.url(post.imageId, variant)
        : signer.markedUrl(post.imageId, variant, mark.to, { visible: mark.visible });
    media.image = url;
    media.image_url = url;
  }
  if (post.videoId) {
    const video = presentVideoFields(videoOf(row, post.videoId), isOwner, signer, mark?.to);
    Object.assign(media, { video: video.video_url }, video);
  }
  return {
    ...base,
    ...access,
    ...sale,
    content: post.content,
    type: post.type,
    ...media,
    media: presentPostMedia(row.media, isOwner, signer, mark),
    ...(isOwner ? { visible_mark_setting: post.visibleMark } : {}),
    visible_mark: visibleMark,
  };
}

function videoOf(row: PostWithAuthor, videoId: string) {
  return {
    id: videoId,
    variants: row.videoVariants ?? {},
    videoState: row.videoState,
    videoProgress: row.videoProgress ?? 0,
    videoError: row.videoError,
    renditions: row.videoRenditions,
  };
}
