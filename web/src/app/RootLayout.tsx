import { Suspense } from 'react';
import { useTranslation } from '../lib/use-translation';
import { Outlet, useLocation } from 'react-router';
import { OfflineBanner } from '../ui/OfflineBanner';
import { FullPageSpinner } from '../ui/Spinner';
import { useFocusOnNavigate } from './focus-on-navigate';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { useScrollRestoration } from './scroll-restoration';

export function RootLayout() {
  useFocusOnNavigate();
  useScrollRestoration();
  const { pathname } = useLocation();
  return (
    <>
      <OfflineBanner />
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<RootFallback />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}

/** Shown while the first route's code loads. */
function RootFallback() {
  const { t } = useTranslation();
  return <FullPageSpinner label={t('app.loading')} />;
}
