import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { MAX_TOPUP_CENTS, MIN_AMOUNT_CENTS } from '@zura/contracts';
import { formatMoney } from '../../../lib/format';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { formatShortDate } from '../../../lib/format';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Badge } from '../../../ui/CountBadge';
import { Skeleton } from '../../../ui/Skeleton';
import { payoutsQuery, type Payout } from '../api';
import { useRequestPayout } from '../hooks';
import { amountText } from '../../../payments/money';
import {
  amountFormSchema,
  type AmountFormInput,
  type AmountFormOutput,
} from '../../../payments/amount-form';
import { paymentFailure } from '../../../payments/payment-errors';
import { AmountPicker } from '../../../payments/AmountPicker';

export interface PayoutPanelProps {
  earningsCents: number;
  /**
   * What may be paid out: live, earnings from test-mode top-ups never are; in test mode only
   * they are, into the simulated test account.
   */
  withdrawableCents: number;
  /** Test mode: payouts go to a simulated account, so the whole flow can be tried. */
  testMode: boolean;
}

/** A creator's payout request (from earnings) and the list of requested and paid payouts. */
export function PayoutPanel({ earningsCents, withdrawableCents, testMode }: PayoutPanelProps) {
  const { t } = useTranslation();
  const testCents = earningsCents - withdrawableCents;
  return (
    <div className="space-y-6">
      <div>
        <p className="mb-4 text-sm text-slate-600">{t('wallet.payout.text')}</p>
        {testMode ? (
          <Alert tone="info" className="mb-4">
            <span className="font-semibold">{t('wallet.payout.testAccount')}</span>{' '}
            {t('wallet.payout.testAccountText')}
          </Alert>
        ) : (
          testCents > 0 && (
            <Alert tone="info" className="mb-4">
              {t('wallet.payout.testMoney', { amount: formatMoney(testCents) })}
            </Alert>
          )
        )}
        <PayoutForm withdrawableCents={withdrawableCents} />
      </div>
      <PayoutHistory />
    </div>
  );
}

/** The server takes payouts up to the top-up limit; the withdrawable earnings are the real ceiling. */
const MAX_PAYOUT_CENTS = MAX_TOPUP_CENTS;

function PayoutForm({ withdrawableCents }: Pick<PayoutPanelProps, 'withdrawableCents'>) {
  const { t } = useTranslation();
  const schema = useMemo(() => amountFormSchema(MIN_AMOUNT_CENTS, MAX_PAYOUT_CENTS), []);
  const {
    register,
    handleSubmit,
    setValue,
    reset,
    setError,
    control,
    formState: { errors, isSubmitted },
  } = useForm<AmountFormInput, unknown, AmountFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '' },
  });
  const amount = String(useWatch({ control, name: 'amount' }) ?? '');
  const mutation = useRequestPayout();
  const [requested, setRequested] = useState<number | null>(null);

  const submit = handleSubmit(({ amount: cents }) => {
    setRequested(null);
    if (cents > withdrawableCents) {
      setError('amount', { message: t('wallet.payout.insufficient') });
      return;
    }
    mutation.mutate(cents, {
      onSuccess: (payout) => {
        setRequested(payout.amount_cents);
        reset({ amount: '' });
      },
    });
  });

  const failure = mutation.isError
    ? paymentFailure(mutation.error, t, t('wallet.payout.failed'))
    : undefined;
  // The server's 402 text invites a top-up, which does not help a payout.
  const failureText = failure?.insufficientFunds
    ? t('wallet.payout.insufficient')
    : failure?.message;
  const presets =
    withdrawableCents >= MIN_AMOUNT_CENTS ? [Math.min(withdrawableCents, MAX_PAYOUT_CENTS)] : [];

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <AmountPicker
        presets={presets}
        presetLabel={(cents) => t('wallet.payout.all', { amount: formatMoney(cents) })}
        value={amount}
        onPreset={(cents) =>
          setValue('amount', amountText(cents), { shouldValidate: isSubmitted, shouldDirty: true })
        }
        field={register('amount', { onChange: () => setRequested(null) })}
        error={errors.amount?.message}
        disabled={mutation.isPending}
      />
      {failureText && <Alert>{failureText}</Alert>}
      {requested !== null && (
        <Alert tone="success">
          {t('wallet.payout.requested', { amount: formatMoney(requested) })}
        </Alert>
      )}
      <Button
        type="submit"
        busy={mutation.isPending}
        disabled={withdrawableCents < MIN_AMOUNT_CENTS}
      >
        {mutation.isPending ? t('wallet.payout.submitting') : t('wallet.payout.submit')}
      </Button>
    </form>
  );
}

function PayoutHistory() {
  const { t } = useTranslation();
  const query = useQuery(payoutsQuery());

  return (
    <section aria-labelledby="payouts-title">
      <h3 id="payouts-title" className="mb-2 text-sm font-semibold text-slate-900">
        {t('wallet.payout.historyTitle')}
      </h3>
      {query.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : query.isError ? (
        <div className="flex items-center gap-3">
          <p className="text-sm text-red-600">{t('wallet.payout.loadFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('wallet.retry')}
          </Button>
        </div>
      ) : query.data.length === 0 ? (
        <p className="text-sm text-slate-500">{t('wallet.payout.empty')}</p>
      ) : (
        <ul aria-label={t('wallet.payout.historyTitle')} className="divide-y divide-slate-100">
          {query.data.map((payout) => (
            <PayoutRow key={payout.id} payout={payout} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PayoutRow({ payout }: { payout: Payout }) {
  const { t, i18n } = useTranslation();
  const paid = payout.status === 'paid';
  const statusLabel =
    payout.status === 'paid' || payout.status === 'requested'
      ? t(`wallet.payout.status.${payout.status}`)
      : payout.status;
  return (
    <li className="flex items-center justify-between gap-3 py-2.5">
      <div className="min-w-0">
        <p className="font-medium text-slate-900 tabular-nums">
          {formatMoney(payout.amount_cents)}
        </p>
        <p className="text-xs text-slate-500">
          {t('wallet.payout.requestedOn', {
            date: formatShortDate(payout.requested_at, i18n.language),
          })}
          {paid && payout.paid_at && (
            <>
              {' · '}
              {t('wallet.payout.paidOn', { date: formatShortDate(payout.paid_at, i18n.language) })}
            </>
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center justify-end gap-2">
        {payout.test_account && <Badge tone="slate">{t('wallet.payout.testAccount')}</Badge>}
        <Badge tone={paid ? 'violet' : 'slate'}>{statusLabel}</Badge>
      </div>
    </li>
  );
}
