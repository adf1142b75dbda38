import Clapperboard from 'lucide-react/icons/clapperboard';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useTranslation } from '../../lib/use-translation';
import { resolveMediaUrl } from '../../lib/media';
import { ProgressBar } from '../../ui/ProgressBar';
import { cn } from '../../ui/cn';
import type { VideoProcessing } from './processing';

export interface VideoProcessingNoticeProps {
  processing: VideoProcessing;
  /** The poster made so far, shown dimmed behind the progress. */
  poster?: string | null | undefined;
  /** 'card': in place of a post's or a viewer's video; 'inline': a line in a composer or bubble. */
  layout?: 'card' | 'inline';
  /** Under the card: who can see it meanwhile (posts), or nothing. */
  hint?: string;
  className?: string;
}

/**
 * The owner's view of a video that is not playable yet: "Processing… N%" with a bar, moved on
 * by the live frames, or the reason it failed.
 */
export function VideoProcessingNotice({
  processing,
  poster,
  layout = 'card',
  hint,
  className,
}: VideoProcessingNoticeProps) {
  const { t } = useTranslation();
  const failed = processing.state === 'failed';
  const posterUrl = resolveMediaUrl(poster);

  if (layout === 'inline') {
    return failed ? (
      <div role="alert" className={cn('flex gap-2 text-sm text-red-700', className)}>
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          {t('video.failed')} {processing.error}
        </span>
      </div>
    ) : (
      <div role="status" className={cn('space-y-1 text-sm text-slate-600', className)}>
        <p>{t('video.processing', { progress: processing.progress })}</p>
        <ProgressBar value={processing.progress / 100} label={t('video.processingLabel')} />
      </div>
    );
  }

  return (
    <div
      className={cn(
        'relative flex min-h-48 flex-col items-center justify-center gap-3 overflow-hidden rounded-xl px-6 py-8 text-center',
        failed ? 'bg-red-50 ring-1 ring-red-200' : 'bg-slate-900 text-white',
        className,
      )}
    >
      {posterUrl && !failed && (
        <img
          src={posterUrl}
          alt=""
          aria-hidden
          className="absolute inset-0 size-full object-cover opacity-30"
        />
      )}
      <div className="relative flex w-full max-w-sm flex-col items-center gap-3">
        {failed ? (
          <div role="alert" className="flex flex-col items-center gap-2 text-red-800">
            <TriangleAlert className="size-8" aria-hidden />
            <p className="font-medium">{t('video.failed')}</p>
            {processing.error && <p className="text-sm">{processing.error}</p>}
          </div>
        ) : (
          <div role="status" className="flex w-full flex-col items-center gap-3">
            <Clapperboard className="size-8 text-violet-300" aria-hidden />
            <p className="font-medium">
              {t('video.processing', { progress: processing.progress })}
            </p>
            <ProgressBar
              value={processing.progress / 100}
              label={t('video.processingLabel')}
              className="w-full [&_span]:text-white/80"
            />
          </div>
        )}
        {hint && <p className={cn('text-xs', failed ? 'text-red-700' : 'text-white/70')}>{hint}</p>}
      </div>
    </div>
  );
}
