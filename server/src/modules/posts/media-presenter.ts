import type { PostMediaItem } from '@zura/contracts';
import type { UploadVariants, VideoRung } from '../../db/schema/index.ts';
import { type MediaSigner, type MediaVariant, presentVideoFields } from '../media/index.ts';
import type { PostMediaFile } from './post-media.ts';

/** The widths the media-variants job resizes images to (never enlarging them). */
const SRCSET_WIDTHS = [
  ['thumb', 320],
  ['medium', 640],
  ['feed', 1080],
] as const;

/**
 * The image's sizes made so far as an HTML srcset, each with its real width (a small image is
 * not enlarged, so its larger sizes repeat one width: only the first of them is listed).
 */
function imageSrcset(
  uploadId: string,
  variants: UploadVariants,
  width: number | null,
  sign: SignImage,
): string | undefined {
  if (!width) return undefined;
  const listed = new Map<number, string>();
  for (const [variant, maxWidth] of SRCSET_WIDTHS) {
    const real = Math.min(width, maxWidth);
    if (variants[variant] && !listed.has(real)) listed.set(real, sign(uploadId, variant));
  }
  if (listed.size === 0) return undefined;
  return [...listed].map(([w, url]) => `${url} ${w}w`).join(', ');
}

type SignImage = (uploadId: string, variant: MediaVariant) => string;

/** The largest rung's size: what the player shows, so its box is known before it loads. */
function videoSize(ladder: readonly VideoRung[] | undefined) {
  const top = [...(ladder ?? [])].sort((a, b) => b.height - a.height)[0];
  return { width: top?.width ?? null, height: top?.height ?? null };
}

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

/**
 * A post's files, in order, for a viewer allowed to see its content (the caller checks). Images
 * link their feed variant once made, and a srcset of the sizes made; videos carry the same fields as a post's single video, its
 * transcode's progress only for the owner. With `mark` (a gated post seen by another than its
 * author) every image URL is that viewer's marked one, visibly marked too when it says so,
 * and every video that viewer's marked stream.
 */
export function presentPostMedia(
  files: readonly PostMediaFile[] | null,
  isOwner: boolean,
  signer: MediaSigner,
  mark?: { to: number; visible: boolean },
): PostMediaItem[] {
  const sign: SignImage =
    mark === undefined
      ? (uploadId, variant) => signer.url(uploadId, variant)
      : (uploadId, variant) =>
          signer.markedUrl(uploadId, variant, mark.to, { visible: mark.visible });
  return (files ?? []).map((file) => {
    if (file.kind === 'image') {
      return {
        kind: 'image',
        url: sign(file.uploadId, file.variants.feed ? 'feed' : 'original'),
        width: file.width,
        height: file.height,
        ...optional('srcset', imageSrcset(file.uploadId, file.variants, file.width, sign)),
      };
    }
    const video = presentVideoFields(
      { ...file, id: file.uploadId, videoProgress: file.videoProgress ?? 0 },
      isOwner,
      signer,
      mark?.to,
    );
    return { kind: 'video', url: video.video_url, ...videoSize(file.renditions?.ladder), ...video };
  });
}
