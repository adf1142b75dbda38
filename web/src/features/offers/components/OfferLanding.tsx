import { discountedCents, type PublicOffer } from '@zura/contracts';
import { formatMoney } from '../../../lib/format';
import { useQuery } from '@tanstack/react-query';
import Gift from 'lucide-react/icons/gift';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-errors';
import { useSession } from '../../../lib/use-session';
import { Alert } from '../../../ui/Alert';
import { Avatar } from '../../../ui/Avatar';
import { Button, buttonClasses } from '../../../ui/Button';
import { Skeleton } from '../../../ui/Skeleton';
import { offerByCodeQuery, refusalText, useClaimTrial } from '../api';

/**
 * The page an offer link opens, for anyone: the creator's card, the offer and what it turns
 * into. A trial starts with one click once signed in; a discount applies on the profile.
 */
export function OfferLanding({ code }: { code: string }) {
  const { t } = useTranslation();
  const { data, isPending, error } = useQuery(offerByCodeQuery(code));
  if (isPending) return <Skeleton className="h-64 w-full" />;
  if (error) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return <Alert>{missing ? t('offers.landing.notFound') : t('offers.loadFailed')}</Alert>;
  }
  const profilePath = `/profile/${encodeURIComponent(data.creator.username)}`;
  return (
    <article className="space-y-5 rounded-2xl bg-white p-6 text-center ring-1 ring-slate-200">
      <div className="flex flex-col items-center gap-2">
        <Avatar src={data.creator.profile_image} name={data.creator.username} className="size-20" />
        <Link to={profilePath} className="text-lg font-semibold text-slate-900 hover:underline">
          @{data.creator.username}
        </Link>
      </div>
      <OfferTerms offer={data} />
      {data.status !== 'active' ? (
        <Alert>{t(`offers.landing.unavailable.${data.status}`)}</Alert>
      ) : data.kind === 'trial' ? (
        <StartTrial offer={data} profilePath={profilePath} />
      ) : (
        <Link to={profilePath} className={buttonClasses({ fullWidth: true })}>
          {t('offers.landing.viewProfile')}
        </Link>
      )}
    </article>
  );
}

function OfferTerms({ offer }: { offer: PublicOffer }) {
  const { t } = useTranslation();
  const regular = formatMoney(offer.price_cents);
  if (offer.kind === 'trial') {
    return (
      <div>
        <h1 className="text-2xl font-bold text-slate-900">
          {t('offers.landing.startTrial', { days: offer.trial_days ?? 0 })}
        </h1>
        <p className="mt-1 text-slate-600">{t('offers.landing.then', { price: regular })}</p>
      </div>
    );
  }
  const percent = offer.discount_percent ?? 0;
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">
        {t('offers.landing.discountTitle', { percent })}
      </h1>
      <p className="mt-1 text-slate-600">
        {t('offers.landing.discountThen', {
          price: formatMoney(discountedCents(offer.price_cents, percent)),
          regular,
        })}
      </p>
    </div>
  );
}

function StartTrial({ offer, profilePath }: { offer: PublicOffer; profilePath: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const claim = useClaimTrial();
  if (!session) {
    return (
      <Link
        to="/login"
        state={{ from: { pathname: location.pathname, search: '', hash: '' } }}
        className={buttonClasses({ fullWidth: true })}
      >
        {t('offers.landing.signIn')}
      </Link>
    );
  }
  return (
    <div className="space-y-3">
      {claim.isError && <Alert>{refusalText(claim.error) ?? t('offers.landing.failed')}</Alert>}
      <Button
        fullWidth
        busy={claim.isPending}
        onClick={() => claim.mutate(offer.code, { onSuccess: () => void navigate(profilePath) })}
      >
        {!claim.isPending && <Gift className="size-4" aria-hidden />}
        {claim.isPending
          ? t('offers.landing.starting')
          : t('offers.landing.startTrial', { days: offer.trial_days ?? 0 })}
      </Button>
    </div>
  );
}
