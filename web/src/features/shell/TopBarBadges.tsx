import Bell from 'lucide-react/icons/bell';
import MessageCircle from 'lucide-react/icons/message-circle';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { CountBadge, type BadgeTone } from '../../ui/CountBadge';
import { useUnreadCounts, type UnreadCounts } from './useUnreadCounts';

interface TopBarLink {
  to: string;
  labelKey: 'nav.notifications' | 'nav.messages';
  icon: LucideIcon;
  count: keyof UnreadCounts;
  tone: BadgeTone;
}

const LINKS: TopBarLink[] = [
  {
    to: '/notifications',
    labelKey: 'nav.notifications',
    icon: Bell,
    count: 'notifications',
    tone: 'red',
  },
  {
    to: '/messages',
    labelKey: 'nav.messages',
    icon: MessageCircle,
    count: 'messages',
    tone: 'blue',
  },
];

/**
 * The phone top bar's Notifications and Messages, each with its unread badge (issue 32): below
 * md the sidebar is hidden, and the counts were only inside the slide-in menu.
 */
export function TopBarBadges() {
  const { t } = useTranslation();
  const counts = useUnreadCounts();
  return (
    <div className="ms-auto flex items-center gap-1">
      {LINKS.map((link) => {
        const Icon = link.icon;
        const count = counts[link.count];
        return (
          <Link
            key={link.to}
            to={link.to}
            className="relative rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600"
          >
            <Icon className="size-6" aria-hidden />
            <span className="sr-only">{t(link.labelKey)}</span>
            <CountBadge
              count={count}
              tone={link.tone}
              srLabel={t('nav.unread', { count })}
              className="absolute -top-0.5 -end-1 h-4.5 min-w-4.5 px-1 text-[0.65rem]"
            />
          </Link>
        );
      })}
    </div>
  );
}
