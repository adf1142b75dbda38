import type { MassMessage } from '../api';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

/** The figures of one mass or welcome message. */
export function MassMessageStats({ message }: { message: MassMessage }) {
  const { t } = useTranslation();
  const figures = [
    ['recipients', String(message.recipient_count)],
    ['sent', String(message.sent_count)],
    ['read', String(message.read_count)],
    ['unlocked', String(message.unlocked_count)],
    ['gross', formatMoney(message.revenue_gross_cents)],
    ['net', formatMoney(message.revenue_net_cents)],
  ] as const;
  return (
    <dl className="grid grid-cols-3 gap-2 text-sm sm:grid-cols-6">
      {figures.map(([key, value]) => (
        <div key={key} data-testid={`stat-${key}`}>
          <dt className="text-xs text-slate-500">{t(`massMessages.stats.${key}`)}</dt>
          <dd className="font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
