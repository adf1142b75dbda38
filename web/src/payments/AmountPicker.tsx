import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../lib/use-translation';
import { Alert } from '../ui/Alert';
import { TextField } from '../ui/TextField';
import { cn } from '../ui/cn';
import { formatMoney } from '../lib/format';
import { parseAmountCents } from './amount-form';

export interface AmountPickerProps {
  /** Shortcut amounts in cents; choosing one fills the field. */
  presets: readonly number[];
  /** A preset's text; by default its amount ("$10"). */
  presetLabel?: (cents: number) => string;
  /** The field's current text (watched by the form). */
  value: string;
  onPreset: (cents: number) => void;
  /** The form's registration of the dollar field. */
  field: UseFormRegisterReturn;
  /** The first validation or server message about the amount. */
  error?: string;
  description?: string;
  disabled?: boolean;
}

/** Preset amounts as toggle buttons, then the dollar field for any other amount. */
export function AmountPicker({
  presets,
  presetLabel = (cents: number) => formatMoney(cents),
  value,
  onPreset,
  field,
  error,
  description,
  disabled = false,
}: AmountPickerProps) {
  const { t } = useTranslation();
  const current = parseAmountCents(value, 0, Number.MAX_SAFE_INTEGER);
  return (
    <div className="space-y-3">
      {presets.length > 0 && (
        <div role="group" aria-label={t('payments.presetsLabel')} className="flex flex-wrap gap-2">
          {presets.map((cents) => {
            const selected = current === cents;
            return (
              <button
                key={cents}
                type="button"
                aria-pressed={selected}
                disabled={disabled}
                onClick={() => onPreset(cents)}
                className={cn(
                  'h-9 min-w-16 rounded-xl px-3 text-sm font-semibold tabular-nums ring-1 transition-colors ring-inset',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600',
                  'disabled:cursor-not-allowed disabled:opacity-60',
                  selected
                    ? 'bg-violet-600 text-white ring-violet-600'
                    : 'bg-white text-slate-800 ring-slate-300 hover:bg-violet-50',
                )}
              >
                {presetLabel(cents)}
              </button>
            );
          })}
        </div>
      )}
      <TextField
        label={t('payments.amount')}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('payments.amountPlaceholder')}
        invalid={Boolean(error)}
        description={description}
        // Read-only rather than disabled while sending: a disabled input has no form value.
        readOnly={disabled}
        {...field}
      />
      {error && <Alert>{error}</Alert>}
    </div>
  );
}
