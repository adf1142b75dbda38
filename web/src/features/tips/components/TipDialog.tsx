import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_TIP_CENTS, MIN_AMOUNT_CENTS, splitPayment, TIP_PRESETS_CENTS } from '@zura/contracts';
import { formatMoney } from '../../../lib/format';
import CircleCheck from 'lucide-react/icons/circle-check';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { AmountPicker } from '../../../payments/AmountPicker';
import { FeeSplit } from '../../../payments/FeeSplit';
import { PaymentFailureAlert } from '../../../payments/PaymentFailureAlert';
import { WalletBalance } from '../../wallet';
import { amountText } from '../../../payments/money';
import {
  amountFormSchema,
  parseAmountCents,
  type AmountFormInput,
  type AmountFormOutput,
} from '../../../payments/amount-form';
import { paymentFailure } from '../../../payments/payment-errors';
import type { TipAnswer } from '../api';
import { useSendTip } from '../hooks';

export interface TipTarget {
  creatorId: number;
  username: string;
  postId?: number;
}

export interface TipDialogProps {
  target: TipTarget | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Tip a creator (on a profile, or for one post): preset or custom amount, the split the
 * creator receives, the wallet balance; then a confirmation of what was sent.
 */
export function TipDialog({ target, onOpenChange }: TipDialogProps) {
  const { t } = useTranslation();
  // Outlives each opening, so a retry after a failure (even after reopening) reuses the
  // attempt's Idempotency-Key and cannot pay twice.
  const mutation = useSendTip();
  const [sent, setSent] = useState<TipAnswer | null>(null);

  const handleOpenChange = (open: boolean) => {
    onOpenChange(open);
    if (!open) {
      mutation.reset();
      setSent(null);
    }
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={handleOpenChange}
      title={t('tips.title', { username: target?.username ?? '' })}
      description={
        sent ? undefined : target?.postId ? t('tips.descriptionPost') : t('tips.description')
      }
    >
      {target &&
        (sent ? (
          <div className="space-y-4">
            <p role="status" className="flex items-start gap-2 text-sm text-emerald-800">
              <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
              {t('tips.sent', {
                amount: formatMoney(sent.amount_cents),
                username: target.username,
                creator: formatMoney(sent.creator_cents),
              })}
            </p>
            <FeeSplit feeCents={sent.fee_cents} creatorCents={sent.creator_cents} />
            <WalletBalance />
            <div className="flex justify-end">
              <Button onClick={() => handleOpenChange(false)}>{t('tips.done')}</Button>
            </div>
          </div>
        ) : (
          <TipForm
            target={target}
            mutation={mutation}
            onSent={setSent}
            onCancel={() => handleOpenChange(false)}
          />
        ))}
    </Dialog>
  );
}

interface TipFormProps {
  target: TipTarget;
  mutation: ReturnType<typeof useSendTip>;
  onSent: (answer: TipAnswer) => void;
  onCancel: () => void;
}

function TipForm({ target, mutation, onSent, onCancel }: TipFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => amountFormSchema(MIN_AMOUNT_CENTS, MAX_TIP_CENTS), []);
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitted },
  } = useForm<AmountFormInput, unknown, AmountFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '' },
  });
  const amount = String(useWatch({ control, name: 'amount' }) ?? '');
  const cents = parseAmountCents(amount, MIN_AMOUNT_CENTS, MAX_TIP_CENTS);
  const split = cents === undefined ? undefined : splitPayment(cents);

  const submit = handleSubmit(({ amount: amountCents }) =>
    mutation.mutate(
      { creatorId: target.creatorId, amountCents, postId: target.postId },
      { onSuccess: onSent },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <AmountPicker
        presets={TIP_PRESETS_CENTS}
        value={amount}
        onPreset={(preset) =>
          setValue('amount', amountText(preset), { shouldValidate: isSubmitted, shouldDirty: true })
        }
        field={register('amount')}
        error={errors.amount?.message}
        description={t('payments.limits', {
          min: formatMoney(MIN_AMOUNT_CENTS),
          max: formatMoney(MAX_TIP_CENTS),
        })}
        disabled={mutation.isPending}
      />
      {split && <FeeSplit feeCents={split.feeCents} creatorCents={split.creatorCents} />}
      <WalletBalance />
      <PaymentFailureAlert
        failure={mutation.isError ? paymentFailure(mutation.error, t, t('tips.failed')) : undefined}
      />
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          {t('tips.cancel')}
        </Button>
        <Button type="submit" busy={mutation.isPending}>
          {mutation.isPending ? t('tips.sending') : t('tips.submit')}
        </Button>
      </div>
    </form>
  );
}
