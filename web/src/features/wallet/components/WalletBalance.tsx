import { useQuery } from '@tanstack/react-query';
import { WalletBalanceLine } from '../../../payments/WalletBalanceLine';
import { walletQuery } from '../api';

/**
 * The payer's balance line in a payment dialog, read again at every opening: a payment is decided
 * on it, and a top-up elsewhere may have changed it.
 */
export function WalletBalance() {
  const { data } = useQuery({ ...walletQuery(), refetchOnMount: 'always' });
  return <WalletBalanceLine balanceCents={data?.balance_cents} />;
}
