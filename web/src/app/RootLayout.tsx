import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { OfflineBanner } from '../ui/OfflineBanner';
import { FullPageSpinner } from '../ui/Spinner';
import { useFocusOnNavigate } from './focus-on-navigate';

export function RootLayout() {
  useFocusOnNavigate();
  return (
    <>
      <OfflineBanner />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route's code loads. */
export function RootFallback() {
  const { t } = useTranslation();
  return <FullPageSpinner label={t('app.loading')} />;
}
