import type { AnalyticsResponse } from '@zura/contracts';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

/** The ten fans who spent most in the months of the range; a deleted account stays anonymous. */
export function TopFansList({ fans }: { fans: AnalyticsResponse['top_fans'] }) {
  const { t } = useTranslation();
  if (fans.length === 0) return <p className="text-sm text-slate-600">{t('analytics.noFans')}</p>;
  return (
    <ol aria-label={t('analytics.topFans')} className="divide-y divide-slate-100">
      {fans.map((fan, index) => (
        <li
          key={`${fan.username ?? 'deleted'}-${index}`}
          className="flex justify-between py-2 text-sm"
        >
          <span className="text-slate-800">
            <span className="me-2 text-slate-500">{index + 1}.</span>
            {fan.username === null ? (
              <em className="text-slate-500">{t('analytics.deletedFan')}</em>
            ) : (
              <span>{fan.username}</span>
            )}
          </span>
          <span className="font-medium text-slate-900">{formatMoney(fan.spent_cents)}</span>
        </li>
      ))}
    </ol>
  );
}
