import { useTranslation } from '../../lib/use-translation';
import { Link, useLocation } from 'react-router';
import { CountBadge } from '../../ui/CountBadge';
import { cn } from '../../ui/cn';
import { NAV_ITEMS, type NavItem } from './nav-items';
import { useUnreadCounts } from './useUnreadCounts';
import { useOwnProfile } from '../../lib/own-profile';

export interface NavListProps {
  /** Called after a link is followed (the mobile menu closes itself). */
  onNavigate?: () => void;
}

function isActive(item: NavItem, pathname: string): boolean {
  if (pathname === item.to || item.alsoActiveOn?.includes(pathname)) return true;
  return item.to !== '/' && pathname.startsWith(`${item.to}/`);
}

/** The sidebar's links; My Content only when the own profile says is_creator. */
export function NavList({ onNavigate }: NavListProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // Refetched whenever the window regains focus, so an approval shows My Content promptly.
  const { data: profile } = useOwnProfile({ refetchOnWindowFocus: 'always' });
  const counts = useUnreadCounts();
  const items = NAV_ITEMS.filter((item) => !item.creatorsOnly || profile?.is_creator === true);

  return (
    <nav aria-label={t('nav.label')}>
      <ul className="space-y-1">
        {items.map((item) => {
          const active = isActive(item, pathname);
          const count = item.badge ? counts[item.badge.count] : 0;
          const Icon = item.icon;
          return (
            <li key={item.to}>
              <Link
                to={item.to}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-xl px-3 py-2.5 text-[0.95rem] font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-violet-600',
                  active
                    ? 'bg-violet-50 text-violet-700'
                    : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )}
              >
                <Icon className="size-5 shrink-0" aria-hidden strokeWidth={active ? 2.4 : 2} />
                <span className="flex-1">{t(item.labelKey)}</span>
                {item.badge && (
                  <CountBadge
                    count={count}
                    tone={item.badge.tone}
                    srLabel={t('nav.unread', { count })}
                  />
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
