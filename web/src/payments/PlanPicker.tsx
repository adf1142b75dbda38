import { formatMoney } from '../lib/format';
import type { TFunction } from '../lib/translator';
import { useTranslation } from '../lib/use-translation';
import type { SubscribeMonths } from '@zura/contracts';
import type { Plan } from './plans';

export interface PlanPickerProps {
  plans: Plan[];
  months: SubscribeMonths;
  onChange: (months: SubscribeMonths) => void;
}

/** Radio choices of the subscribe dialog: 1 month (with its discount) and each bundle. */
export function PlanPicker({ plans, months, onChange }: PlanPickerProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">
        {t('offers.subscribe.choose')}
      </legend>
      {plans.map((plan) => (
        <label
          key={plan.months}
          className="flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200 has-checked:ring-violet-500"
        >
          <input
            type="radio"
            name="subscription-plan"
            className="size-4 accent-violet-600"
            checked={plan.months === months}
            onChange={() => onChange(plan.months)}
          />
          {planLabel(plan, t)}
        </label>
      ))}
    </fieldset>
  );
}

type Translate = TFunction;

function planLabel(plan: Plan, t: Translate): string {
  if (plan.months > 1) {
    return t('offers.subscribe.bundle', {
      count: plan.months,
      price: formatMoney(plan.chargeCents),
      percent: plan.discountPercent ?? 0,
    });
  }
  if (plan.chargeCents !== plan.renewCents) {
    return t('offers.subscribe.monthlyDiscount', {
      price: formatMoney(plan.chargeCents),
      regular: formatMoney(plan.renewCents),
    });
  }
  return t('offers.subscribe.monthly', { price: formatMoney(plan.chargeCents) });
}

/** The dialog's sentence about what is paid now and on renewal. */
export function planText(plan: Plan, t: Translate): string {
  if (plan.months > 1) {
    return t('offers.subscribe.textBundle', {
      count: plan.months,
      price: formatMoney(plan.chargeCents),
    });
  }
  if (plan.chargeCents !== plan.renewCents) {
    return t('offers.subscribe.textDiscount', {
      price: formatMoney(plan.chargeCents),
      regular: formatMoney(plan.renewCents),
    });
  }
  return t('subscriptions.subscribeText', { price: formatMoney(plan.chargeCents) });
}
