import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useTranslation } from '../lib/use-translation';
import { Button } from '../ui/Button';
import { DocumentTitle } from '../ui/DocumentTitle';

/** Shown when rendering or loading a route fails (often a stale chunk after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 text-center">
      <DocumentTitle title={t('routeError.title')} />
      <TriangleAlert className="size-10 text-amber-500" aria-hidden />
      <h1 className="mt-4 text-xl font-bold text-slate-900">{t('routeError.title')}</h1>
      <p className="mt-2 max-w-md text-slate-600">{t('routeError.text')}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </div>
  );
}
