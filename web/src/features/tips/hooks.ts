import { useQueryClient } from '@tanstack/react-query';
import { usePaymentMutation } from '../../lib/use-payment-mutation';
import type { WalletSummary } from '../wallet';
import { sendTip, tipFingerprint } from './api';
import { walletKeys } from '../../lib/query-keys';

/** POST /tips/; the wallet shows the new balance at once and reloads its history. */
export function useSendTip() {
  const queryClient = useQueryClient();
  return usePaymentMutation({
    fingerprint: tipFingerprint,
    pay: sendTip,
    onSuccess: (answer) => {
      queryClient.setQueryData<WalletSummary>(walletKeys.summary(), (wallet) =>
        wallet ? { ...wallet, balance_cents: answer.balance_cents } : wallet,
      );
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
