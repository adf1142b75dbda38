import FileText from 'lucide-react/icons/file-text';
import Music from 'lucide-react/icons/music';
import Play from 'lucide-react/icons/play';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import Video from 'lucide-react/icons/video';
import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { resolveMediaUrl } from '../../../lib/media';
import { cn } from '../../../ui/cn';
import { useVideoProcessing } from '../../video';
import type { MediaItem } from '../api';

const FALLBACK_ICONS: Record<MediaItem['mediaType'], LucideIcon> = {
  image: FileText,
  video: Video,
  audio: Music,
  document: FileText,
  file: FileText,
};

/**
 * The small picture of an item: the server's WebP thumbnail of an image (the original only
 * when there is none), the poster of a video, an icon otherwise. Never the full video.
 */
function thumbnailUrl(item: MediaItem): string | undefined {
  if (item.mediaType === 'image') return resolveMediaUrl(item.thumbnail_url ?? item.mediaUrl);
  if (item.mediaType === 'video') return resolveMediaUrl(item.poster_url ?? item.thumbnail_url);
  return undefined;
}

export interface MediaThumbProps {
  item: MediaItem;
  className?: string;
  /** Icon size classes for items without a picture. */
  iconClassName?: string;
}

export function MediaThumb({ item, className, iconClassName = 'size-8' }: MediaThumbProps) {
  const { t } = useTranslation();
  const url = thumbnailUrl(item);
  const [failedUrl, setFailedUrl] = useState<string>();
  const Icon = FALLBACK_ICONS[item.mediaType];
  return (
    <span
      className={cn(
        'relative flex items-center justify-center overflow-hidden bg-slate-100 text-slate-400',
        className,
      )}
    >
      {url && failedUrl !== url ? (
        <img
          src={url}
          alt={t('library.thumbAlt', { name: item.file_name })}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
          onError={() => setFailedUrl(url)}
        />
      ) : (
        <Icon className={iconClassName} aria-hidden />
      )}
      {item.mediaType === 'video' && <VideoBadge item={item} />}
    </span>
  );
}

/** Play over a video's poster; over one still being processed its percentage, or failure. */
function VideoBadge({ item }: { item: MediaItem }) {
  const { t } = useTranslation();
  const processing = useVideoProcessing(item.id.toLowerCase(), item);
  return (
    <span className="absolute inset-0 flex items-center justify-center">
      {processing?.state === 'failed' ? (
        <span className="rounded-full bg-red-600/90 p-2 text-white" title={t('video.failed')}>
          <TriangleAlert className="size-4" aria-label={t('video.failed')} role="img" />
        </span>
      ) : processing ? (
        <span className="rounded-full bg-slate-950/70 px-2.5 py-1 text-xs font-medium text-white tabular-nums">
          {t('video.processing', { progress: processing.progress })}
        </span>
      ) : (
        <span className="rounded-full bg-slate-950/60 p-2 text-white">
          <Play className="size-4 fill-current" aria-hidden />
        </span>
      )}
    </span>
  );
}
