import { splitPayment } from '@zura/contracts';
import type { ReactNode } from 'react';
import { formatMoney } from '../lib/format';
import { useTranslation } from '../lib/use-translation';
import { Button } from '../ui/Button';
import type { PaymentFailure } from './payment-errors';
import { FeeSplit } from './FeeSplit';
import { PaymentFailureAlert } from './PaymentFailureAlert';

export interface PaymentConfirmProps {
  /** What the payment buys, naming its price. */
  text: string;
  priceCents: number;
  /** The payer's balance line (the wallet's `WalletBalance`), read when the dialog opens. */
  balance: ReactNode;
  /** Why the last attempt was refused; the dialog stays open with it. */
  failure: PaymentFailure | undefined;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The body of a payment dialog: what is bought, the fee split, the wallet balance, then Cancel
 * and 'Pay $x'. Nothing is charged before Pay, so every charge is one the payer has seen.
 */
export function PaymentConfirm({
  text,
  priceCents,
  balance,
  failure,
  busy,
  onConfirm,
  onCancel,
}: PaymentConfirmProps) {
  const { t } = useTranslation();
  const { feeCents, creatorCents } = splitPayment(priceCents);
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{text}</p>
      <FeeSplit feeCents={feeCents} creatorCents={creatorCents} className="text-sm" />
      {balance}
      <PaymentFailureAlert failure={failure} />
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          {t('payments.cancel')}
        </Button>
        <Button busy={busy} onClick={onConfirm}>
          {busy ? t('payments.paying') : t('payments.pay', { price: formatMoney(priceCents) })}
        </Button>
      </div>
    </div>
  );
}
