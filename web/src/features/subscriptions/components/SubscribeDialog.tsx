import { useQueryClient } from '@tanstack/react-query';
import type { SubscribeMonths } from '@zura/contracts';
import { useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { ApiError } from '../../../lib/api-errors';
import { Dialog } from '../../../ui/Dialog';
import { PaymentConfirm } from '../../../payments/PaymentConfirm';
import { WalletBalance } from '../../wallet';
import { paymentFailure } from '../../../payments/payment-errors';
import { useSubscribeOptions } from '../../offers';
import { planText } from '../../../payments/PlanPicker';
import { PlanPicker } from '../../../payments/PlanPicker';
import { plansOf } from '../../../payments/plans';
import { useSubscribe } from '../hooks';
import { ShareEmailCheckbox } from './ShareEmailCheckbox';
import { profileKeys, offerKeys } from '../../../lib/query-keys';

export interface SubscribeTarget {
  creatorId: number;
  username: string;
  /** The monthly price in cents (more than 0: free subscriptions need no confirmation). */
  priceCents: number;
}

export interface SubscribeDialogProps {
  target: SubscribeTarget | null;
  onOpenChange: (open: boolean) => void;
  onSubscribed?: () => void;
}

/**
 * Confirms a paid subscription: the price, that it renews monthly, the fee split and the
 * wallet balance. Short funds offer the wallet; the dialog stays open on any failure.
 */
export function SubscribeDialog({ target, onOpenChange, onSubscribed }: SubscribeDialogProps) {
  const { t } = useTranslation();
  // Lives as long as the button that opens the dialog, so reopening it after a failed
  // attempt reuses that attempt's Idempotency-Key.
  const mutation = useSubscribe();
  const handleOpenChange = (open: boolean) => {
    onOpenChange(open);
    if (!open) mutation.reset();
  };
  return (
    <Dialog
      open={target !== null}
      onOpenChange={handleOpenChange}
      title={t('subscriptions.subscribeTitle', { username: target?.username ?? '' })}
    >
      {target && (
        <SubscribeConfirm
          target={target}
          mutation={mutation}
          onCancel={() => handleOpenChange(false)}
          onSubscribed={() => {
            handleOpenChange(false);
            onSubscribed?.();
          }}
        />
      )}
    </Dialog>
  );
}

interface SubscribeConfirmProps {
  target: SubscribeTarget;
  mutation: ReturnType<typeof useSubscribe>;
  onCancel: () => void;
  onSubscribed: () => void;
}

function SubscribeConfirm({ target, mutation, onCancel, onSubscribed }: SubscribeConfirmProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Off unless the fan says yes: their email is theirs to give.
  const [shareEmail, setShareEmail] = useState(false);
  const [months, setMonths] = useState<SubscribeMonths>(1);
  // The server's prices for this fan (the best discount open to them, bundles), kept live.
  const { data: options } = useSubscribeOptions(target.creatorId, true);
  const plans = options ? plansOf(options) : undefined;
  const plan = plans?.find((p) => p.months === months);
  const priceCents = plan?.chargeCents ?? target.priceCents;
  const confirm = () =>
    mutation.mutate(
      { creatorId: target.creatorId, shareEmail, months, expectedPriceCents: priceCents },
      {
        onSuccess: onSubscribed,
        onError: (error) => {
          // "Already subscribed": the profile shows it once reloaded.
          if (error instanceof ApiError && error.status === 400) {
            void queryClient.invalidateQueries({ queryKey: profileKeys.users() });
          }
          // The price changed (an offer filled, say): show the server's prices again.
          if (error instanceof ApiError && error.status === 409) {
            void queryClient.invalidateQueries({ queryKey: offerKeys.all });
          }
        },
      },
    );

  return (
    <div className="space-y-4">
      {plans && plans.length > 1 && (
        <PlanPicker plans={plans} months={months} onChange={setMonths} />
      )}
      <ShareEmailCheckbox
        username={target.username}
        checked={shareEmail}
        onChange={setShareEmail}
      />
      <PaymentConfirm
        balance={<WalletBalance />}
        text={
          plan
            ? planText(plan, t)
            : t('subscriptions.subscribeText', { price: formatMoney(priceCents) })
        }
        priceCents={priceCents}
        failure={
          mutation.isError
            ? paymentFailure(mutation.error, t, t('subscriptions.subscribeFailed'))
            : undefined
        }
        busy={mutation.isPending}
        onConfirm={confirm}
        onCancel={onCancel}
      />
    </div>
  );
}
