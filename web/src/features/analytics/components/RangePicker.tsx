import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { TextField } from '../../../ui/TextField';
import { customRange, RANGE_PRESETS, type AnalyticsRange, type RangePreset } from '../range';

export interface RangePickerProps {
  preset: RangePreset;
  range: AnalyticsRange;
  onPreset: (preset: Exclude<RangePreset, 'custom'>) => void;
  onCustom: (range: AnalyticsRange) => void;
}

/** The presets (7 days, 30 days, 12 months) and a custom from/to, in UTC days. */
export function RangePicker({ preset, range, onPreset, onCustom }: RangePickerProps) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState(preset === 'custom');
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState<string | null>(null);

  const apply = () => {
    const chosen = customRange(from, to);
    if (chosen === 'invalid') return setError(t('analytics.rangeInvalid'));
    if (chosen === 'too-long') return setError(t('analytics.rangeTooLong'));
    setError(null);
    onCustom(chosen);
  };

  return (
    <div className="space-y-3">
      <div role="group" aria-label={t('analytics.range')} className="flex flex-wrap gap-2">
        {RANGE_PRESETS.map((item) => {
          const active = item === 'custom' ? custom : !custom && preset === item;
          return (
            <button
              key={item}
              type="button"
              aria-pressed={active}
              onClick={() => {
                setCustom(item === 'custom');
                if (item !== 'custom') onPreset(item);
              }}
              className={cn(
                'rounded-full px-3 py-1.5 text-sm font-medium ring-1 focus-visible:outline-2 focus-visible:outline-violet-600',
                active
                  ? 'bg-violet-600 text-white ring-violet-600'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              {t(`analytics.presets.${item}`)}
            </button>
          );
        })}
      </div>
      {custom && (
        <div className="flex flex-wrap items-end gap-3">
          <TextField
            type="date"
            label={t('analytics.from')}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            invalid={error !== null}
          />
          <TextField
            type="date"
            label={t('analytics.to')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            invalid={error !== null}
          />
          <Button variant="outline" onClick={apply}>
            {t('analytics.apply')}
          </Button>
          {error && (
            <p role="alert" className="w-full text-sm text-red-600">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
