import type { ReportGroup } from '@zura/contracts';
import { useTranslation } from '../../../lib/use-translation';
import { resolveMediaUrl } from '../../../lib/media';
import type { ReportedMedia } from '../../reports';

/** What was reported, as an admin sees it: its text and small previews of its media. */
export function ReportedContentView({ content }: Pick<ReportGroup, 'content'>) {
  const { t } = useTranslation();
  if (!content) {
    return <p className="text-sm text-slate-500 italic">{t('admin.reports.contentGone')}</p>;
  }
  return (
    <div className="space-y-3">
      <p className="text-sm break-words whitespace-pre-wrap text-slate-800">
        {content.text.trim() === '' ? t('admin.reports.noText') : content.text}
      </p>
      {content.media.length > 0 && (
        <ul aria-label={t('admin.reports.mediaLabel')} className="flex flex-wrap gap-2">
          {content.media.map((media) => (
            <li key={media.url}>
              <MediaThumbnail media={media} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function MediaThumbnail({ media }: { media: ReportedMedia }) {
  const { t } = useTranslation();
  const url = resolveMediaUrl(media.url);
  if (media.kind === 'image') {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className="block">
        <img
          src={url}
          alt={media.name ?? t('admin.reports.image')}
          loading="lazy"
          className="size-24 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200"
        />
      </a>
    );
  }
  if (media.kind === 'video') {
    return (
      <video
        src={url}
        controls
        preload="metadata"
        aria-label={media.name ?? t('admin.reports.video')}
        className="h-24 rounded-lg bg-black"
      />
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="text-sm text-violet-700 underline"
    >
      {t('admin.reports.file', { name: media.name ?? media.url })}
    </a>
  );
}
