import { formatMoney } from '../lib/format';
import { useTranslation } from '../lib/use-translation';

/**
 * "Wallet balance: $12.00" in payment dialogs; nothing until it is known. The wallet's
 * `WalletBalance` reads it again at every opening: a payment is decided on it, and a
 * top-up elsewhere may have changed it.
 */
export function WalletBalanceLine({ balanceCents }: { balanceCents: number | undefined }) {
  const { t } = useTranslation();
  if (balanceCents === undefined) return null;
  return (
    <p className="text-sm text-slate-600">
      {t('payments.walletBalance', { amount: formatMoney(balanceCents) })}
    </p>
  );
}
