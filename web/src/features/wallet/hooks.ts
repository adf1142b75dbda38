import { useQueryClient } from '@tanstack/react-query';
import { usePaymentMutation } from '../../lib/use-payment-mutation';
import { requestPayout, topUp, type WalletSummary } from './api';
import { walletKeys } from '../../lib/query-keys';

/** POST /wallet/topups/; a credited top-up updates the balance at once and reloads the history. */
export function useTopUp() {
  const queryClient = useQueryClient();
  return usePaymentMutation({
    fingerprint: (amountCents: number) => `topup:${amountCents}`,
    pay: (amountCents, key) => topUp(amountCents, key),
    onSuccess: (answer) => {
      if (answer.status !== 'credited') return;
      const balance = answer.balance_cents;
      queryClient.setQueryData<WalletSummary>(walletKeys.summary(), (wallet) =>
        wallet ? { ...wallet, balance_cents: balance } : wallet,
      );
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}

/** POST /wallet/payouts/ from the creator's earnings. */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return usePaymentMutation({
    fingerprint: (amountCents: number) => `payout:${amountCents}`,
    pay: (amountCents, key) => requestPayout(amountCents, key),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
