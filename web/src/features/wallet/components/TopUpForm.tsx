import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_TOPUP_CENTS, MIN_AMOUNT_CENTS } from '@zura/contracts';
import { formatMoney } from '../../../lib/format';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { safeCheckoutUrl } from '../api';
import { useTopUp } from '../hooks';
import { amountText, TOPUP_PRESETS_CENTS } from '../../../payments/money';
import {
  amountFormSchema,
  type AmountFormInput,
  type AmountFormOutput,
} from '../../../payments/amount-form';
import { paymentFailure } from '../../../payments/payment-errors';
import { AmountPicker } from '../../../payments/AmountPicker';

/**
 * Adds funds: a preset or a custom amount. Test mode credits at once; a real provider answers
 * a checkout address, which the browser follows (it comes back to /wallet?topup=...).
 */
export function TopUpForm() {
  const { t } = useTranslation();
  const schema = useMemo(() => amountFormSchema(MIN_AMOUNT_CENTS, MAX_TOPUP_CENTS), []);
  const {
    register,
    handleSubmit,
    setValue,
    reset,
    control,
    formState: { errors, isSubmitted },
  } = useForm<AmountFormInput, unknown, AmountFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '' },
  });
  const amount = String(useWatch({ control, name: 'amount' }) ?? '');
  const mutation = useTopUp();
  const [redirecting, setRedirecting] = useState(false);
  const [credited, setCredited] = useState<number | null>(null);
  const [noCheckout, setNoCheckout] = useState(false);

  const submit = handleSubmit(({ amount: cents }) => {
    setCredited(null);
    setNoCheckout(false);
    mutation.mutate(cents, {
      onSuccess: (answer) => {
        if (answer.status === 'credited') {
          setCredited(cents);
          reset({ amount: '' });
          return;
        }
        const url = safeCheckoutUrl(answer.checkout_url);
        if (!url) {
          setNoCheckout(true);
          return;
        }
        setRedirecting(true);
        window.location.assign(url);
      },
    });
  });

  const busy = mutation.isPending || redirecting;
  const failure =
    mutation.isError || noCheckout
      ? paymentFailure(mutation.error, t, t('wallet.topUp.failed'))
      : undefined;

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <AmountPicker
        presets={TOPUP_PRESETS_CENTS}
        value={amount}
        onPreset={(cents) =>
          setValue('amount', amountText(cents), { shouldValidate: isSubmitted, shouldDirty: true })
        }
        field={register('amount', { onChange: () => setCredited(null) })}
        error={errors.amount?.message}
        description={t('payments.limits', {
          min: formatMoney(MIN_AMOUNT_CENTS),
          max: formatMoney(MAX_TOPUP_CENTS),
        })}
        disabled={busy}
      />
      {failure && <Alert>{failure.message}</Alert>}
      {credited !== null && (
        <Alert tone="success">
          {t('wallet.topUp.credited', { amount: formatMoney(credited) })}
        </Alert>
      )}
      <Button type="submit" busy={busy}>
        {redirecting
          ? t('wallet.topUp.redirecting')
          : mutation.isPending
            ? t('wallet.topUp.submitting')
            : t('wallet.topUp.submit')}
      </Button>
    </form>
  );
}
