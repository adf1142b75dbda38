import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Skeleton } from '../../../ui/Skeleton';
import { priceToCents } from '../../../payments/price';
import { myBundlesQuery } from '../api';
import { BundlesForm } from './BundlesForm';
import { CreateOfferForm } from './CreateOfferForm';
import { OfferList } from './OfferList';
import { SectionCard } from '../../../ui/SectionCard';
import { useOwnProfile } from '../../../lib/own-profile';

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
          <SectionCard id="offers-trial" title={t('offers.trial.title')}>
            <CreateOfferForm kind="trial" />
          </SectionCard>
          <SectionCard id="offers-discount" title={t('offers.discount.title')}>
            <CreateOfferForm kind="discount" />
          </SectionCard>
        </>
      )}
      <SectionCard id="offers-list" title={t('offers.list.title')}>
        <OfferList />
      </SectionCard>
      {monthlyCents > 0 && (
        <SectionCard id="offers-bundles" title={t('offers.bundles.title')}>
          <Bundles monthlyCents={monthlyCents} />
        </SectionCard>
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
