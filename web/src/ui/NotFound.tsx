import ArrowLeft from 'lucide-react/icons/arrow-left';
import Bell from 'lucide-react/icons/bell';
import Compass from 'lucide-react/icons/compass';
import House from 'lucide-react/icons/house';
import MessageCircle from 'lucide-react/icons/message-circle';
import User from 'lucide-react/icons/user';
import { useTranslation } from '../lib/use-translation';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from './Button';
import { DocumentTitle } from './DocumentTitle';

const QUICK_LINKS = [
  { to: '/explore', labelKey: 'notFound.explore', icon: Compass },
  { to: '/messages', labelKey: 'notFound.messages', icon: MessageCircle },
  { to: '/notifications', labelKey: 'notFound.notifications', icon: Bell },
  { to: '/profile', labelKey: 'notFound.profile', icon: User },
] as const;

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-12 text-center">
      <DocumentTitle title={t('notFound.title')} />
      <p
        aria-hidden
        className="bg-gradient-to-br from-violet-600 to-fuchsia-500 bg-clip-text text-7xl font-extrabold text-transparent"
      >
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">
        {t('notFound.title')}
      </h1>
      <p className="mt-2 text-slate-600">{t('notFound.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses()}>
          <House className="size-4" aria-hidden />
          {t('notFound.goHome')}
        </Link>
        <Button variant="outline" onClick={() => void navigate(-1)}>
          <ArrowLeft className="size-4" aria-hidden />
          {t('notFound.goBack')}
        </Button>
      </div>
      <nav aria-labelledby="not-found-links" className="mt-10 w-full">
        <h2 id="not-found-links" className="text-sm font-semibold text-slate-500">
          {t('notFound.quickLinks')}
        </h2>
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {QUICK_LINKS.map(({ to, labelKey, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex flex-col items-center gap-2 rounded-2xl bg-white p-4 text-sm font-medium text-slate-700 ring-1 ring-slate-200 hover:text-violet-700 hover:ring-violet-300 focus-visible:outline-2 focus-visible:outline-violet-600"
              >
                <Icon className="size-5" aria-hidden />
                {t(labelKey)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
