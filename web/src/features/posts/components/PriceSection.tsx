import { useId } from 'react';
import type { Control, FieldErrors, UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Switch } from '../../../ui/Switch';
import { TextField } from '../../../ui/TextField';
import type { SubscriberPricing } from '../pay-per-view';
import type { ComposerValues } from '../schemas';

export interface PriceSectionProps {
  control: Control<ComposerValues>;
  register: UseFormRegister<ComposerValues>;
  setValue: UseFormSetValue<ComposerValues>;
  errors: FieldErrors<ComposerValues>;
}

const CHOICES: { value: SubscriberPricing; key: 'full' | 'free' | 'discount' }[] = [
  { value: 'full', key: 'full' },
  { value: 'free', key: 'free' },
  { value: 'discount', key: 'discount' },
];

/**
 * The composer's Price section, for creators: sell the post, its price, and what the creator's
 * subscribers pay (the full price, nothing, or a discounted price). The rules are the server's.
 */
export function PriceSection({ control, register, setValue, errors }: PriceSectionProps) {
  const { t } = useTranslation();
  const groupId = useId();
  const [forSale = false, subscribers = 'full'] = useWatch({
    control,
    name: ['for_sale', 'subscribers'],
  });
  const message = (text: string | undefined) =>
    text ? (
      <span role="alert" className="text-red-600">
        {text}
      </span>
    ) : undefined;
  return (
    <div className="space-y-3">
      <Switch
        checked={forSale}
        onCheckedChange={(checked) => setValue('for_sale', checked)}
        label={t('payPerView.composer.sell')}
        description={t('payPerView.composer.sellHint')}
      />
      {forSale && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('payPerView.composer.price')}
            inputMode="decimal"
            placeholder={t('payPerView.composer.pricePlaceholder')}
            invalid={Boolean(errors.price)}
            description={message(errors.price?.message)}
            {...register('price')}
          />
          <fieldset className="space-y-1.5">
            <legend id={groupId} className="text-sm font-medium text-slate-700">
              {t('payPerView.composer.subscribers')}
            </legend>
            {CHOICES.map(({ value, key }) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="radio"
                  value={value}
                  className="accent-violet-600"
                  {...register('subscribers')}
                />
                {t(`payPerView.composer.${key}`)}
              </label>
            ))}
            <p className="text-xs text-slate-600">{t('payPerView.composer.trialHint')}</p>
          </fieldset>
          {subscribers === 'discount' && (
            <TextField
              label={t('payPerView.composer.discountPrice')}
              inputMode="decimal"
              invalid={Boolean(errors.subscriber_price)}
              description={message(errors.subscriber_price?.message)}
              {...register('subscriber_price')}
            />
          )}
        </div>
      )}
    </div>
  );
}
