import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { POST_IMAGE_SIZES, resolveMediaUrl, resolveSrcset } from '../../../lib/media';
import { Skeleton } from '../../../ui/Skeleton';
import { cn } from '../../../ui/cn';
import { MARKED_VIDEO_PROPS, MarkedVideoBox, useVideoProcessing } from '../../video';
import { loadVideoPlayer, loadVideoProcessingNotice } from '../../video';
import type { Post } from '../api';
import { postImageUrl, postVideoUploadId, postVideoUrl } from '../content';

// Media players load with the first post that needs one: a feed of text and pictures (and
// its first paint) does without them. Each placeholder keeps the room the player will take.
const PostCarousel = lazy(async () => ({
  default: (await import('./PostCarousel')).PostCarousel,
}));
const VideoPlayer = lazy(async () => ({
  default: await loadVideoPlayer(),
}));
const VideoProcessingNotice = lazy(async () => ({
  default: await loadVideoProcessingNotice(),
}));

export interface PostMediaProps {
  post: Post;
  username: string;
  /** The first post of a list: its image is likely the page's largest paint, so not lazy. */
  priority?: boolean;
}

/**
 * The post's image or video, at most about 24rem high (spec §2.7). The author's video that is
 * still being transcoded (or failed) shows its progress or error instead.
 */
export function PostMedia({ post, username, priority = false }: PostMediaProps) {
  const { t } = useTranslation();
  const processing = useVideoProcessing(postVideoUploadId(post), post);
  const video = postVideoUrl(post);
  const image = resolveMediaUrl(postImageUrl(post));
  // Several files: one at a time; a single file shows as it always has.
  if (post.media && post.media.length > 1) {
    return (
      // The carousel's own fixed height.
      <Suspense fallback={<Skeleton className="mt-3 h-80 rounded-xl sm:h-96" />}>
        <PostCarousel
          files={post.media}
          username={username}
          visibleMark={post.visible_mark}
          className="mt-3"
        />
      </Suspense>
    );
  }
  if (processing) {
    return (
      <Suspense fallback={<Skeleton className="mt-3 aspect-video w-full rounded-xl" />}>
        <VideoProcessingNotice
          processing={processing}
          poster={post.poster_url}
          hint={t(processing.state === 'failed' ? 'video.failedHint' : 'video.processingHint')}
          className="mt-3"
        />
      </Suspense>
    );
  }
  if (video || post.video_hls_url) {
    const mark = post.visible_mark;
    const player = (
      <VideoPlayer
        hlsUrl={post.video_hls_url}
        url={video}
        poster={post.poster_url}
        controls
        preload="metadata"
        playsInline
        aria-label={t('posts.videoLabel', { username })}
        className={cn('max-h-96 w-full rounded-xl bg-black', !mark && 'mt-3')}
        {...(mark ? MARKED_VIDEO_PROPS : {})}
      />
    );
    return (
      // A <video> is 2:1 until its metadata is in: the placeholder takes the same room.
      <Suspense
        fallback={<span className="mt-3 block aspect-[2/1] max-h-96 w-full rounded-xl bg-black" />}
      >
        {mark ? (
          // The viewer's name over a gated video, as their image copies carry it (issue 35).
          <MarkedVideoBox mark={mark} className="mt-3">
            {player}
          </MarkedVideoBox>
        ) : (
          player
        )}
      </Suspense>
    );
  }
  if (image) {
    return (
      <img
        src={image}
        // The server's sizes of it: a phone fetches the 640 px one, not the 1080 px feed size.
        srcSet={resolveSrcset(post.media?.[0]?.srcset)}
        sizes={POST_IMAGE_SIZES}
        alt={t('posts.imageAlt', { username })}
        // The stored size keeps the image's room before it loads (no layout shift).
        width={post.media?.[0]?.width ?? undefined}
        height={post.media?.[0]?.height ?? undefined}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className="mt-3 h-auto max-h-96 w-full rounded-xl bg-slate-100 object-contain"
      />
    );
  }
  return null;
}
