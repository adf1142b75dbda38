import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { CountBadge } from '../../ui/CountBadge';
import { NAV_ITEMS } from './nav-items';
import { useUnreadCounts } from './useUnreadCounts';

/** The sidebar's entries with a badge: Notifications and Messages. */
const LINKS = NAV_ITEMS.filter((item) => item.badge);

/**
 * The phone top bar's Notifications and Messages, each with its unread badge (issue 32): below
 * md the sidebar is hidden, and the counts were only inside the slide-in menu.
 */
export function TopBarBadges() {
  const { t } = useTranslation();
  const counts = useUnreadCounts();
  return (
    <div className="ms-auto flex items-center gap-1">
      {LINKS.map(({ to, labelKey, icon: Icon, badge }) => {
        const count = badge ? counts[badge.count] : 0;
        return (
          <Link
            key={to}
            to={to}
            className="relative rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600"
          >
            <Icon className="size-6" aria-hidden />
            <span className="sr-only">{t(labelKey)}</span>
            <CountBadge
              count={count}
              tone={badge?.tone}
              srLabel={t('nav.unread', { count })}
              className="absolute -top-0.5 -end-1 h-4.5 min-w-4.5 px-1 text-[0.65rem]"
            />
          </Link>
        );
      })}
    </div>
  );
}
