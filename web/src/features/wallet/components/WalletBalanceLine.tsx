import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { walletQuery } from '../api';

/**
 * "Wallet balance: $12.00" in payment dialogs; nothing until it is known. Read again at every
 * opening: a payment is decided on it, and a top-up elsewhere may have changed it.
 */
export function WalletBalanceLine() {
  const { t } = useTranslation();
  const { data } = useQuery({ ...walletQuery(), refetchOnMount: 'always' });
  if (!data) return null;
  return (
    <p className="text-sm text-slate-600">
      {t('payments.walletBalance', { amount: formatMoney(data.balance_cents) })}
    </p>
  );
}
