import type { PostMediaItem } from '@zura/contracts';
import type { VideoRung } from '../../db/schema/index.ts';
import { type MediaSigner, presentVideoFields } from '../media/index.ts';
import type { PostMediaFile } from './post-media.ts';

/** The largest rung's size: what the player shows, so its box is known before it loads. */
function videoSize(ladder: readonly VideoRung[] | undefined) {
  const top = [...(ladder ?? [])].sort((a, b) => b.height - a.height)[0];
  return { width: top?.width ?? null, height: top?.height ?? null };
}

/**
 * A post's files, in order, for a viewer allowed to see its content (the caller checks). Images
 * link their feed variant once made; videos carry the same fields as a post's single video, its
 * transcode's progress only for the owner.
 */
export function presentPostMedia(
  files: readonly PostMediaFile[] | null,
  isOwner: boolean,
  signer: MediaSigner,
): PostMediaItem[] {
  return (files ?? []).map((file) => {
    if (file.kind === 'image') {
      return {
        kind: 'image',
        url: signer.url(file.uploadId, file.variants.feed ? 'feed' : 'original'),
        width: file.width,
        height: file.height,
      };
    }
    const video = presentVideoFields(
      { ...file, id: file.uploadId, videoProgress: file.videoProgress ?? 0 },
      isOwner,
      signer,
    );
    return { kind: 'video', url: video.video_url, ...videoSize(file.renditions?.ladder), ...video };
  });
}
