import { useTranslation } from '../../../lib/use-translation';
import { cn } from '../../../ui/cn';
import { evaluatePasswordStrength, type StrengthLabel } from '../password-strength';

export interface PasswordStrengthMeterProps {
  password: string;
  id?: string;
}

const barColour: Record<StrengthLabel, string> = {
  veryWeak: 'bg-red-500',
  weak: 'bg-orange-500',
  moderate: 'bg-amber-400',
  strong: 'bg-lime-500',
  veryStrong: 'bg-emerald-500',
};

const textColour: Record<StrengthLabel, string> = {
  veryWeak: 'text-red-600',
  weak: 'text-orange-600',
  moderate: 'text-amber-600',
  strong: 'text-lime-700',
  veryStrong: 'text-emerald-700',
};

/** Advisory only: it never blocks submitting. Hidden while the password is empty. */
export function PasswordStrengthMeter({ password, id }: PasswordStrengthMeterProps) {
  const { t } = useTranslation();
  if (password === '') return null;
  const { score, label, tips } = evaluatePasswordStrength(password);
  const labelText = t(`auth.strength.labels.${label}`);
  return (
    <div id={id} className="space-y-2">
      <div
        role="meter"
        aria-label={t('auth.strength.meterLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={labelText}
        className="h-1.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn('h-full rounded-full transition-all duration-300', barColour[label])}
          style={{ width: `${Math.max(score, 4)}%` }}
        />
      </div>
      <p className={cn('text-xs font-medium', textColour[label])}>
        {t('auth.strength.summary', { label: labelText })}
      </p>
      {tips.length > 0 && (
        <ul
          aria-label={t('auth.strength.tipsLabel')}
          className="list-disc space-y-0.5 ps-4 text-xs text-slate-600"
        >
          {tips.map((tip) => (
            <li key={tip}>{t(`auth.strength.tips.${tip}`)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
