import WifiOff from 'lucide-react/icons/wifi-off';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../lib/use-translation';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * A strip at the top while the browser is offline: the service worker still opens the app from
 * its cache, and this says why nothing new loads.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  if (online) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-slate-900 px-4 py-2 text-sm text-white"
    >
      <WifiOff className="size-4" aria-hidden />
      {t('offline.banner')}
    </div>
  );
}
