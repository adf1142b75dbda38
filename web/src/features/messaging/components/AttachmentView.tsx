import FileText from 'lucide-react/icons/file-text';
import { useTranslation } from '../../../lib/use-translation';
import { resolveMediaUrl } from '../../../lib/media';
import { cn } from '../../../ui/cn';
import { VideoPlayer } from '../../video';
import { VideoProcessingNotice } from '../../video';
import { videoUploadId } from '../../video';
import { useVideoProcessing } from '../../video';
import { MARKED_VIDEO_PROPS, MarkedVideoBox } from '../../video';
import type { Attachment } from '../api';
import { attachmentName, formatFileSize } from '../format';

export interface AttachmentViewProps {
  attachment: Attachment;
  /** Own messages sit on a coloured bubble. */
  onColour: boolean;
  /** An image or video finished loading (the list keeps itself scrolled to the bottom). */
  onMediaLoad?: () => void;
}

/**
 * Images and videos as previews at most 200 px high (spec §9), anything else as a file chip
 * with its name and size (Bytes/KB/MB/GB) that downloads the file.
 */
export function AttachmentView({ attachment, onColour, onMediaLoad }: AttachmentViewProps) {
  const { t } = useTranslation();
  const url = resolveMediaUrl(attachment.file_url);
  const name = attachmentName(attachment);

  if (attachment.is_image && url) {
    return (
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('messaging.attachment.open', { name })}
        className="block rounded-xl focus-visible:outline-2 focus-visible:outline-violet-600"
      >
        <img
          src={resolveMediaUrl(attachment.thumbnail_url) ?? url}
          alt={name}
          onLoad={onMediaLoad}
          className="max-h-[200px] max-w-full rounded-xl object-contain"
        />
      </a>
    );
  }

  if (isVideo(attachment)) {
    return (
      <VideoAttachment attachment={attachment} onColour={onColour} onMediaLoad={onMediaLoad} />
    );
  }

  const size = formatFileSize(attachment.file_size);
  return (
    <a
      href={url}
      download={name}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('messaging.attachment.file', { name, size })}
      className={cn(
        'flex max-w-full items-center gap-2.5 rounded-xl px-3 py-2 text-sm ring-1 ring-inset',
        'focus-visible:outline-2 focus-visible:outline-violet-600',
        onColour
          ? 'bg-white/15 text-white ring-white/25 hover:bg-white/25'
          : 'bg-slate-50 text-slate-800 ring-slate-200 hover:bg-slate-100',
      )}
    >
      <FileText className="size-5 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
      <span className={cn('shrink-0 text-xs', onColour ? 'text-white/80' : 'text-slate-500')}>
        {size}
      </span>
    </a>
  );
}

function isVideo(attachment: Attachment): boolean {
  return (
    (attachment.content_type.startsWith('video/') || Boolean(attachment.video_state)) &&
    Boolean(attachment.file_url || attachment.video_url || attachment.video_hls_url)
  );
}

/** A video attachment: the player, or for its sender the progress or error of its processing. */
function VideoAttachment({ attachment, onColour, onMediaLoad }: AttachmentViewProps) {
  const uploadId = videoUploadId([
    attachment.video_url,
    attachment.file_url,
    attachment.video_hls_url,
    attachment.poster_url,
  ]);
  const processing = useVideoProcessing(uploadId, attachment);
  if (processing) {
    return (
      <VideoProcessingNotice
        processing={processing}
        layout="inline"
        className={cn(
          'min-w-48 rounded-xl px-3 py-2',
          onColour ? 'bg-white/90' : 'bg-slate-50 ring-1 ring-slate-200',
        )}
      />
    );
  }
  const mark = attachment.visible_mark;
  const player = (
    <VideoPlayer
      hlsUrl={attachment.video_hls_url}
      url={attachment.video_url ?? attachment.file_url}
      poster={attachment.poster_url ?? attachment.thumbnail_url}
      controls
      preload="metadata"
      playsInline
      aria-label={attachmentName(attachment)}
      onLoadedMetadata={onMediaLoad}
      className="max-h-[200px] max-w-full rounded-xl bg-black"
      {...(mark ? MARKED_VIDEO_PROPS : {})}
    />
  );
  if (!mark) return player;
  // The buyer's name over a paid video, as the sender's default has it (issue 35).
  return (
    <MarkedVideoBox mark={mark} className="inline-block max-w-full">
      {player}
    </MarkedVideoBox>
  );
}
