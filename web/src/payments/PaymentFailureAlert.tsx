import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router';
import { Alert } from '../ui/Alert';
import type { PaymentFailure } from './payment-errors';

export interface PaymentFailureAlertProps {
  failure: PaymentFailure | undefined;
}

/** A refused payment; when funds are short, with a link to the wallet to top up. */
export function PaymentFailureAlert({ failure }: PaymentFailureAlertProps) {
  const { t } = useTranslation();
  if (!failure) return null;
  return (
    <Alert>
      <p>{failure.message}</p>
      {failure.insufficientFunds && (
        <Link to="/wallet" className="mt-1 inline-block font-semibold underline">
          {t('payments.goToWallet')}
        </Link>
      )}
    </Alert>
  );
}
