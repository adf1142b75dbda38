import { SUBSCRIPTION_PRICES } from '@zura/contracts';
import {
  Controller,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { PasswordField } from '../../../ui/PasswordField';
import { Switch } from '../../../ui/Switch';
import { cn } from '../../../ui/cn';
import type { ProfileEditValues } from '../edit-form';
import { overlayInputClasses } from './ChipPicker';
import { FormSection } from './FormSection';

interface PriceChoiceProps {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}

/** Spec §9: free, 4.99, 9.99 or 19.99 USD per month. */
function PriceChoice({ value, onChange, disabled }: PriceChoiceProps) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800">{t('profileEdit.price')}</legend>
      <div className="grid gap-2 sm:grid-cols-4">
        {SUBSCRIPTION_PRICES.map((price) => (
          <label
            key={price}
            className={cn(
              'relative flex cursor-pointer items-center justify-center rounded-xl px-3 py-3 text-sm font-semibold ring-1 ring-slate-300 ring-inset',
              'has-[:checked]:bg-violet-50 has-[:checked]:text-violet-700 has-[:checked]:ring-2 has-[:checked]:ring-violet-600',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-600',
            )}
          >
            <input
              type="radio"
              name="subscription_price"
              value={price}
              className={overlayInputClasses}
              checked={value === price}
              disabled={disabled}
              onChange={() => onChange(price)}
            />
            {price === 'free'
              ? t('profileEdit.priceFree')
              : t('profileEdit.pricePerMonth', {
                  // The offered prices are dollar strings ("4.99"), shown as every price is.
                  price: formatMoney(Math.round(Number(price) * 100)),
                })}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface PriceSectionProps {
  control: Control<ProfileEditValues>;
  busy: boolean;
}

/**
 * The monthly subscription price, and the default of the visible mark on gated images and
 * videos (issue 35), which each post may change.
 */
export function PriceSection({ control, busy }: PriceSectionProps) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('profileEdit.sections.subscriptions')}>
      <Controller
        control={control}
        name="subscription_price"
        render={({ field }) => (
          <PriceChoice value={field.value} onChange={field.onChange} disabled={busy} />
        )}
      />
      <Controller
        control={control}
        name="visible_mark_default"
        render={({ field }) => (
          <Switch
            label={t('visibleMark.default')}
            description={t('visibleMark.hint')}
            checked={field.value}
            onCheckedChange={field.onChange}
            disabled={busy}
          />
        )}
      />
    </FormSection>
  );
}

interface LockSectionProps extends PriceSectionProps {
  register: UseFormRegister<ProfileEditValues>;
  errors: FieldErrors<ProfileEditValues>;
  /** Whether the saved profile is locked already (its password may then be left empty). */
  wasLocked: boolean;
}

/** Locking the profile behind a password. */
export function LockSection({ control, register, errors, busy, wasLocked }: LockSectionProps) {
  const { t } = useTranslation();
  const isLocked = useWatch({ control, name: 'is_profile_locked' });
  return (
    <FormSection title={t('profileEdit.sections.lock')}>
      <Controller
        control={control}
        name="is_profile_locked"
        render={({ field }) => (
          <Switch
            label={t('profileEdit.lockProfile')}
            description={t('profileEdit.lockHint')}
            checked={field.value}
            onCheckedChange={field.onChange}
            disabled={busy}
          />
        )}
      />
      {isLocked && (
        <PasswordField
          label={t('profileEdit.profilePassword')}
          autoComplete="new-password"
          invalid={Boolean(errors.profile_password)}
          description={
            errors.profile_password?.message ? (
              <span role="alert" className="text-red-600">
                {errors.profile_password.message}
              </span>
            ) : wasLocked ? (
              t('profileEdit.profilePasswordKeep')
            ) : undefined
          }
          {...register('profile_password')}
        />
      )}
    </FormSection>
  );
}
