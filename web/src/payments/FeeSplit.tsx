import { PLATFORM_FEE_PERCENT } from '@zura/contracts';
import { formatMoney } from '../lib/format';
import { useTranslation } from '../lib/use-translation';
import { cn } from '../ui/cn';
import { CREATOR_SHARE_PERCENT } from './money';

export interface FeeSplitProps {
  feeCents: number;
  creatorCents: number;
  className?: string;
}

/** The two sides of a payment: the platform's 10% and the creator's 90%. */
export function FeeSplit({ feeCents, creatorCents, className }: FeeSplitProps) {
  const { t } = useTranslation();
  const rows = [
    { label: t('payments.platformFee', { percent: PLATFORM_FEE_PERCENT }), cents: feeCents },
    {
      label: t('payments.creatorReceives', { percent: CREATOR_SHARE_PERCENT }),
      cents: creatorCents,
    },
  ];
  return (
    <dl aria-label={t('payments.splitLabel')} className={cn('space-y-0.5 text-xs', className)}>
      {rows.map((row) => (
        <div key={row.label} className="flex justify-between gap-4 text-slate-500">
          <dt>{row.label}</dt>
          <dd className="text-slate-700 tabular-nums">{formatMoney(row.cents)}</dd>
        </div>
      ))}
    </dl>
  );
}
