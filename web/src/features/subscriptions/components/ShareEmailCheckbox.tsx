import { useTranslation } from '../../../lib/use-translation';

export interface ShareEmailCheckboxProps {
  username: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** The one time a fan is asked to share their email with a creator (Settings → Privacy undoes it). */
export function ShareEmailCheckbox({ username, checked, onChange }: ShareEmailCheckboxProps) {
  const { t } = useTranslation();
  return (
    <label className="flex items-start gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-violet-600"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{t('subscriptions.shareEmail', { username })}</span>
    </label>
  );
}
