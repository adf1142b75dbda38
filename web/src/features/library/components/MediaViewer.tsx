import * as RadixDialog from '@radix-ui/react-dialog';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import Download from 'lucide-react/icons/download';
import FileText from 'lucide-react/icons/file-text';
import X from 'lucide-react/icons/x';
import type { KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { resolveMediaUrl } from '../../../lib/media';
import { buttonClasses } from '../../../ui/Button';
import { VideoPlayer } from '../../video';
import { VideoProcessingNotice } from '../../video';
import { useVideoProcessing } from '../../video';
import type { MediaItem } from '../api';
import { formatFileSize, wrapIndex } from '../files';

export interface MediaViewerProps {
  items: MediaItem[];
  /** The open item's index, or undefined when closed. */
  index: number | undefined;
  onIndexChange: (index: number | undefined) => void;
}

const controlClasses =
  'rounded-full bg-white/10 p-2.5 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white';

/**
 * Spec §2/§4 "Viewer": full screen, closed or open at an index that wraps at both ends; close,
 * previous and next buttons, and Escape, ArrowLeft and ArrowRight.
 */
export function MediaViewer({ items, index, onIndexChange }: MediaViewerProps) {
  const { t } = useTranslation();
  const open = index !== undefined && items.length > 0;
  const current = open ? items[wrapIndex(index, items.length)] : undefined;
  const step = (delta: number) => {
    if (index === undefined) return;
    onIndexChange(wrapIndex(index + delta, items.length));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      step(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      step(1);
    }
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onIndexChange(undefined)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-950" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          className="fixed inset-0 z-50 flex flex-col focus:outline-none"
        >
          {current && index !== undefined && (
            <>
              <div className="flex items-center gap-3 px-4 py-3 text-white">
                <div className="min-w-0 flex-1">
                  <RadixDialog.Title className="truncate text-sm font-semibold">
                    {current.file_name}
                  </RadixDialog.Title>
                  <p className="text-xs text-white/70">
                    {t('library.viewer.position', {
                      position: wrapIndex(index, items.length) + 1,
                      total: items.length,
                    })}{' '}
                    · {formatFileSize(current.size)}
                  </p>
                </div>
                <RadixDialog.Close
                  aria-label={t('library.viewer.close')}
                  className={controlClasses}
                >
                  <X className="size-5" />
                </RadixDialog.Close>
              </div>
              <div className="relative flex min-h-0 flex-1 items-center justify-center px-14 pb-6">
                <ViewerMedia item={current} />
                {items.length > 1 && (
                  <>
                    <button
                      type="button"
                      onClick={() => step(-1)}
                      aria-label={t('library.viewer.previous')}
                      className={`${controlClasses} absolute top-1/2 start-2 -translate-y-1/2`}
                    >
                      <ChevronLeft className="size-6" />
                    </button>
                    <button
                      type="button"
                      onClick={() => step(1)}
                      aria-label={t('library.viewer.next')}
                      className={`${controlClasses} absolute top-1/2 end-2 -translate-y-1/2`}
                    >
                      <ChevronRight className="size-6" />
                    </button>
                  </>
                )}
              </div>
            </>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The full item: the image itself, a seekable video with its poster, audio, or a link. */
function ViewerMedia({ item }: { item: MediaItem }) {
  const { t } = useTranslation();
  const url = resolveMediaUrl(item.mediaUrl);
  switch (item.mediaType) {
    case 'image':
      return (
        <img
          key={item.id}
          src={url}
          alt={item.file_name}
          className="max-h-full max-w-full object-contain"
        />
      );
    case 'video':
      return <ViewerVideo key={item.id} item={item} />;
    case 'audio':
      return (
        <audio
          key={item.id}
          src={url}
          controls
          preload="metadata"
          aria-label={item.file_name}
          className="w-full max-w-xl"
        />
      );
    default:
      return (
        <div className="flex flex-col items-center gap-4 text-white">
          <FileText className="size-16 text-white/70" aria-hidden />
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ variant: 'inverse' })}
          >
            <Download className="size-4" aria-hidden />
            {t('library.viewer.openFile')}
          </a>
        </div>
      );
  }
}

/** A seekable video with its poster, or the progress (or error) of its processing. */
function ViewerVideo({ item }: { item: MediaItem }) {
  const processing = useVideoProcessing(item.id.toLowerCase(), item);
  if (processing) {
    return (
      <VideoProcessingNotice
        processing={processing}
        poster={item.poster_url}
        className="w-full max-w-xl"
      />
    );
  }
  return (
    <VideoPlayer
      hlsUrl={item.video_hls_url}
      url={item.video_url ?? item.mediaUrl}
      poster={item.poster_url}
      controls
      playsInline
      preload="metadata"
      aria-label={item.file_name}
      className="max-h-full max-w-full"
    />
  );
}
