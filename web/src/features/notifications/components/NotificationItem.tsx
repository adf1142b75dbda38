import Bell from 'lucide-react/icons/bell';
import CreditCard from 'lucide-react/icons/credit-card';
import Heart from 'lucide-react/icons/heart';
import Info from 'lucide-react/icons/info';
import LockOpen from 'lucide-react/icons/lock-open';
import MessageCircle from 'lucide-react/icons/message-circle';
import MessageSquare from 'lucide-react/icons/message-square';
import Phone from 'lucide-react/icons/phone';
import ThumbsUp from 'lucide-react/icons/thumbs-up';
import UserPlus from 'lucide-react/icons/user-plus';
import type { LucideIcon } from 'lucide-react';
import { renderNotice } from '@zura/contracts/notice-render';
import { currentLanguage } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/use-translation';
import { formatShortDate } from '../../../lib/format';
import { cn } from '../../../ui/cn';
import { noticeOf, notificationAge, type AppNotification } from '../api';

const ICONS: Record<string, LucideIcon> = {
  message: MessageCircle,
  call: Phone,
  subscription: Heart,
  payment: CreditCard,
  system: Info,
  unlock: LockOpen,
  follow: UserPlus,
  like: ThumbsUp,
  comment: MessageSquare,
};

export interface NotificationItemProps {
  notification: AppNotification;
  now: number;
  onOpen: (notification: AppNotification) => void;
}

export function NotificationItem({ notification, now, onOpen }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const Icon = ICONS[notification.notification_type] ?? Bell;
  const age = notificationAge(notification.created_at, now);
  let ageText = '';
  if (age?.unit === 'now') ageText = t('notifications.age.justNow');
  else if (age?.unit === 'minutes') ageText = t('notifications.age.minutes', { count: age.count });
  else if (age?.unit === 'hours') ageText = t('notifications.age.hours', { count: age.count });
  else if (age?.unit === 'date') ageText = formatShortDate(age.date, i18n.language);
  const unread = !notification.is_read;
  // The sentence is written here, from the facts, in the reader's language.
  const { kind, facts } = noticeOf(notification);
  const { title, message } = renderNotice(kind, facts, currentLanguage());

  return (
    <button
      type="button"
      onClick={() => onOpen(notification)}
      className={cn(
        'flex w-full items-start gap-3 rounded-2xl px-4 py-3.5 text-start ring-1 transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600',
        unread
          ? 'bg-violet-50/70 ring-violet-200 hover:bg-violet-50'
          : 'bg-white ring-slate-200 hover:bg-slate-50',
      )}
    >
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full',
          unread ? 'bg-violet-600 text-white' : 'bg-slate-100 text-slate-500',
        )}
      >
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline gap-2">
          <span
            className={cn(
              'min-w-0 flex-1 text-sm',
              unread ? 'font-bold text-slate-900' : 'font-semibold text-slate-700',
            )}
          >
            {title}
          </span>
          {ageText && (
            <time dateTime={notification.created_at} className="shrink-0 text-xs text-slate-600">
              {ageText}
            </time>
          )}
        </span>
        {message && (
          <span className="mt-0.5 block text-sm break-words text-slate-600">{message}</span>
        )}
      </span>
      {unread && (
        <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-red-500">
          <span className="sr-only">{t('notifications.unread')}</span>
        </span>
      )}
    </button>
  );
}
