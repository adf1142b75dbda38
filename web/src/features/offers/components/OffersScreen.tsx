import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert';
import { Skeleton } from '../../../ui/Skeleton';
import { useOwnProfile } from '../../profile/api';
import { priceToCents } from '../../subscriptions/pricing';
import { myBundlesQuery } from '../api';
import { BundlesForm } from './BundlesForm';
import { CreateOfferForm } from './CreateOfferForm';
import { OfferList } from './OfferList';

/** The creator's Offers page: make a trial link or a discount, see and end offers, set bundles. */
export function OffersScreen() {
  const { t } = useTranslation();
  const { data: profile, isPending } = useOwnProfile();
  if (isPending) return <Skeleton className="h-40 w-full" />;
  if (!profile?.is_creator) return <Alert tone="info">{t('offers.notCreator')}</Alert>;
  const monthlyCents = priceToCents(profile.subscription_price) ?? 0;
  return (
    <div className="space-y-6">
      {monthlyCents === 0 && <Alert tone="info">{t('offers.freeCreator')}</Alert>}
      {monthlyCents > 0 && (
        <>
          <Card id="offers-trial" title={t('offers.trial.title')}>
            <CreateOfferForm kind="trial" />
          </Card>
          <Card id="offers-discount" title={t('offers.discount.title')}>
            <CreateOfferForm kind="discount" />
          </Card>
        </>
      )}
      <Card id="offers-list" title={t('offers.list.title')}>
        <OfferList />
      </Card>
      {monthlyCents > 0 && (
        <Card id="offers-bundles" title={t('offers.bundles.title')}>
          <Bundles monthlyCents={monthlyCents} />
        </Card>
      )}
    </div>
  );
}

function Bundles({ monthlyCents }: { monthlyCents: number }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery(myBundlesQuery());
  if (isPending) return <Skeleton className="h-24 w-full" />;
  if (isError) return <Alert>{t('offers.loadFailed')}</Alert>;
  return <BundlesForm saved={data.bundles} monthlyCents={monthlyCents} />;
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
