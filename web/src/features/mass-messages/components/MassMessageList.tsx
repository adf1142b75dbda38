import { formatDateTime, formatMoney } from '../../../lib/format';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { ProgressBar } from '../../../ui/ProgressBar';
import { massMessagesQuery } from '../api';
import { MassMessageStats } from './MassMessageStats';

const SEGMENT_LABELS = ['active', 'expired', 'followers', 'spenders', 'list'] as const;

/** The creator's mass messages, newest first, with progress while sending and their figures. */
export function MassMessageList() {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(massMessagesQuery());
  const segmentLabel = (kind: string) =>
    (SEGMENT_LABELS as readonly string[]).includes(kind)
      ? t(`massMessages.segment.${kind as (typeof SEGMENT_LABELS)[number]}`)
      : kind;
  const results = data?.results ?? [];
  if (results.length === 0) {
    return <p className="text-sm text-slate-500">{t('massMessages.list.empty')}</p>;
  }
  return (
    <ul className="space-y-3" aria-label={t('massMessages.list.title')}>
      {results.map((message) => (
        <li key={message.id} className="space-y-2 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <div className="flex items-baseline justify-between gap-3">
            <p className="line-clamp-2 text-sm text-slate-900">
              {message.text || t('massMessages.list.mediaOnly', { count: message.media_count })}
            </p>
            <span className="shrink-0 text-xs text-slate-500">
              {formatDateTime(message.created_at, i18n.language)}
              {message.price_cents > 0 && ` · ${formatMoney(message.price_cents)}`}
            </span>
          </div>
          <p className="text-xs text-slate-600">
            {t(`massMessages.status.${message.status}`)} ·{' '}
            {segmentLabel(String(message.segment.kind))}
          </p>
          {message.status !== 'sent' && (
            <ProgressBar
              value={
                message.recipient_count ? (message.sent_count / message.recipient_count) * 100 : 0
              }
              label={t('massMessages.list.progress')}
            />
          )}
          <MassMessageStats message={message} />
        </li>
      ))}
    </ul>
  );
}
