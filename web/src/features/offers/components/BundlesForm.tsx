import { BUNDLE_MONTHS, bundlePriceCents, type Bundle } from '@zura/contracts';
import { formatMoney } from '../../../lib/format';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { refusalText, useSaveBundles } from '../api';

export interface BundlesFormProps {
  saved: Bundle[];
  monthlyCents: number;
}

type Row = { on: boolean; percent: string };

/** Up to three bundles (3, 6, 12 months), each with a discount and its price shown as it is typed. */
export function BundlesForm({ saved, monthlyCents }: BundlesFormProps) {
  const { t } = useTranslation();
  const save = useSaveBundles();
  const [rows, setRows] = useState<Record<number, Row>>(() =>
    Object.fromEntries(
      BUNDLE_MONTHS.map((months) => {
        const found = saved.find((b) => b.months === months);
        return [
          months,
          { on: found !== undefined, percent: String(found?.discount_percent ?? 10) },
        ];
      }),
    ),
  );
  const update = (months: number, change: Partial<Row>) =>
    setRows((current) => ({ ...current, [months]: { ...current[months]!, ...change } }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const bundles = BUNDLE_MONTHS.filter((months) => rows[months]?.on).map((months) => ({
      months,
      discount_percent: Number(rows[months]?.percent),
    }));
    save.mutate({ bundles });
  };

  return (
    <form onSubmit={handleSubmit} className="space-y-3" aria-label={t('offers.bundles.title')}>
      <p className="text-sm text-slate-600">{t('offers.bundles.hint')}</p>
      {BUNDLE_MONTHS.map((months) => {
        const row = rows[months] ?? { on: false, percent: '' };
        const percent = Number(row.percent);
        const valid = Number.isInteger(percent) && percent >= 1 && percent <= 95;
        return (
          <div key={months} className="flex flex-wrap items-end gap-3">
            <label className="flex h-11 items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4 accent-violet-600"
                checked={row.on}
                onChange={(event) => update(months, { on: event.target.checked })}
              />
              {t('offers.bundles.offer', { count: months })}
            </label>
            <TextField
              className="w-48"
              label={t('offers.bundles.percent', { count: months })}
              inputMode="numeric"
              disabled={!row.on}
              value={row.percent}
              onChange={(event) => update(months, { percent: event.target.value })}
            />
            {row.on && valid && (
              <span className="h-11 content-center text-sm text-slate-600">
                {t('offers.bundles.price', {
                  count: months,
                  price: formatMoney(bundlePriceCents(monthlyCents, months, percent)),
                })}
              </span>
            )}
          </div>
        );
      })}
      {save.isError && <Alert>{refusalText(save.error) ?? t('offers.bundles.saveFailed')}</Alert>}
      {save.isSuccess && <Alert tone="success">{t('offers.bundles.saved')}</Alert>}
      <Button type="submit" busy={save.isPending}>
        {save.isPending ? t('offers.bundles.saving') : t('offers.bundles.save')}
      </Button>
    </form>
  );
}
