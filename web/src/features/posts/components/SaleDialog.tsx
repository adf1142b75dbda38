import { useTranslation } from '../../../lib/use-translation';
import { Dialog } from '../../../ui/Dialog';
import { PaymentConfirm } from '../../../payments/PaymentConfirm';
import { WalletBalance } from '../../wallet';
import { paymentFailure } from '../../../payments/payment-errors';
import type { useBuyPost } from '../use-buy-post';

export interface SaleDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  postId: number;
  username: string;
  price: string;
  priceCents: number;
  buy: ReturnType<typeof useBuyPost>;
}

/**
 * SaleGate's payment confirmation. Its own chunk (the Radix dialog and the wallet's
 * confirmation), mounted the first time it opens (issue 20, first-load budget).
 */
export function SaleDialog({
  open,
  onOpenChange,
  postId,
  username,
  price,
  priceCents,
  buy,
}: SaleDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('payPerView.card.dialogTitle')}>
      <PaymentConfirm
        balance={<WalletBalance />}
        text={t('payPerView.card.dialogText', { username, price })}
        priceCents={priceCents}
        failure={
          buy.isError ? paymentFailure(buy.error, t, t('payPerView.card.failed')) : undefined
        }
        busy={buy.isPending}
        onConfirm={() => buy.mutate(postId, { onSuccess: () => onOpenChange(false) })}
        onCancel={() => onOpenChange(false)}
      />
    </Dialog>
  );
}
