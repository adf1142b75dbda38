import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '../../../lib/format';
import FlaskConical from 'lucide-react/icons/flask-conical';
import { useEffect } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { ExportAudienceButton } from '../../audience';
import { walletQuery } from '../api';
import { CREATOR_SHARE_PERCENT } from '../../../payments/money';
import { PayoutPanel } from './PayoutPanel';
import { TopUpForm } from './TopUpForm';
import { TransactionList } from './TransactionList';
import { SectionCard } from '../../../ui/SectionCard';
import { useOwnProfile } from '../../../lib/own-profile';
import { walletKeys } from '../../../lib/query-keys';

/**
 * The wallet: test-mode notice, balance (and earnings for creators), top-up, the creator's
 * payouts and the whole history with each payment's fee split.
 */
export function WalletScreen() {
  const { t } = useTranslation();
  const query = useQuery(walletQuery());
  const { data: own } = useOwnProfile();
  const isCreator = own?.is_creator === true;

  if (query.isError) {
    return (
      <div className="space-y-3">
        <Alert>{t('wallet.loadFailed')}</Alert>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('wallet.retry')}
        </Button>
      </div>
    );
  }

  const wallet = query.data;
  return (
    <div className="space-y-6">
      {wallet?.test_mode && <TestModeBanner />}
      <CheckoutReturnNotice />

      <div className="grid gap-4 sm:grid-cols-2">
        <BalanceCard
          id="wallet-balance"
          title={t('wallet.balance')}
          hint={t('wallet.balanceHint')}
          cents={wallet?.balance_cents}
        />
        {isCreator && (
          <BalanceCard
            id="wallet-earnings"
            title={t('wallet.earnings')}
            hint={t('wallet.earningsHint', { percent: CREATOR_SHARE_PERCENT })}
            cents={wallet?.earnings_cents}
          />
        )}
      </div>

      <SectionCard title={t('wallet.topUp.title')} id="wallet-topup">
        <TopUpForm />
      </SectionCard>

      {isCreator && wallet && (
        <SectionCard title={t('wallet.payout.title')} id="wallet-payout">
          <PayoutPanel
            earningsCents={wallet.earnings_cents}
            withdrawableCents={wallet.withdrawable_cents}
            testMode={wallet.test_mode}
          />
        </SectionCard>
      )}

      {isCreator && (
        <SectionCard title={t('audience.title')} id="wallet-audience">
          <ExportAudienceButton />
        </SectionCard>
      )}

      <SectionCard title={t('wallet.transactions.title')} id="wallet-transactions">
        <TransactionList />
      </SectionCard>
    </div>
  );
}

/** Says plainly that the default provider moves no real money. */
function TestModeBanner() {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900"
    >
      <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div>
        <p className="font-semibold">{t('wallet.testMode')}</p>
        <p className="text-sm">{t('wallet.testModeText')}</p>
      </div>
    </div>
  );
}

/** After the provider's checkout: /wallet?topup=success or ?topup=cancelled. */
function CheckoutReturnNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const outcome = params.get('topup');

  useEffect(() => {
    if (outcome === 'success') void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  }, [outcome, queryClient]);

  if (outcome !== 'success' && outcome !== 'cancelled') return null;
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('topup');
        return next;
      },
      { replace: true },
    );
  return (
    <Alert tone={outcome === 'success' ? 'success' : 'info'}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>{t(`wallet.returned.${outcome}`)}</p>
        <Button variant="ghost" size="sm" onClick={dismiss}>
          {t('wallet.returned.dismiss')}
        </Button>
      </div>
    </Alert>
  );
}

interface BalanceCardProps {
  id: string;
  title: string;
  hint: string;
  cents: number | undefined;
}

function BalanceCard({ id, title, hint, cents }: BalanceCardProps) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id={id} className="text-sm font-medium text-slate-600">
        {title}
      </h2>
      {cents === undefined ? (
        <Skeleton className="mt-2 h-9 w-32" />
      ) : (
        <p className="mt-1 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
          {formatMoney(cents)}
        </p>
      )}
      <p className="mt-1 text-xs text-slate-500">{hint}</p>
    </section>
  );
}
