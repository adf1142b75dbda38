import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { resolveMediaUrl } from '../../../lib/media';
import { cn } from '../../../ui/cn';
import type { Attachment } from '../api';
import { formatFileSize } from '../format';

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
  const url = resolveMediaUrl(attachment.url);
  const name = attachment.name;

  if (attachment.isImage && url) {
    return (
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('messaging.attachment.open', { name })}
        className="block rounded-xl focus-visible:outline-2 focus-visible:outline-violet-600"
      >
        <img
          src={resolveMediaUrl(attachment.thumbnailUrl) ?? url}
          alt={name}
          onLoad={onMediaLoad}
          className="max-h-[200px] max-w-full rounded-xl object-contain"
        />
      </a>
    );
  }

  if (attachment.contentType.startsWith('video/') && url) {
    return (
      <video
        src={url}
        controls
        preload="metadata"
        aria-label={name}
        onLoadedMetadata={onMediaLoad}
        className="max-h-[200px] max-w-full rounded-xl bg-black"
      />
    );
  }

  const size = formatFileSize(attachment.size);
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
