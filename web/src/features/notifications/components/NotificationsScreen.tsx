import CheckCheck from 'lucide-react/icons/check-check';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Badge } from '../../../ui/CountBadge';
import { PageHeader } from '../../../ui/PageHeader';
import { Spinner } from '../../../ui/Spinner';
import { Tabs } from '../../../ui/Tabs';
import { cn } from '../../../ui/cn';
import { storeActiveConversationId } from '../../messaging';
import { conversationIdOf, postIdOf, type AppNotification } from '../api';
import { useMarkAllRead, useMarkRead, useNotifications, useNow } from '../hooks';
import { NotificationItem } from './NotificationItem';

type Filter = 'all' | 'unread' | 'read';

/** Notifications that lead to a conversation when clicked. */
const CONVERSATION_TYPES = new Set(['message', 'call', 'unlock']);

/**
 * Spec §2 Notifications: header with '{n} new', refresh and 'Mark all as read' (only with
 * unread ones), tabs All / Unread / Read with counts, and the list. A click marks the
 * notification read; a message notification with a conversation opens it in Messages, and a
 * like, a comment or an unlock opens the post it was about.
 */
export function NotificationsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const [filter, setFilter] = useState<Filter>('all');
  const now = useNow();

  const list = notifications.data ?? [];
  const unread = list.filter((item) => !item.is_read);
  const read = list.filter((item) => item.is_read);
  const shown = filter === 'unread' ? unread : filter === 'read' ? read : list;

  const open = (notification: AppNotification) => {
    if (!notification.is_read) markRead.mutate(notification.id);
    const conversationId = conversationIdOf(notification);
    const postId = postIdOf(notification);
    if (conversationId !== null && CONVERSATION_TYPES.has(notification.notification_type)) {
      storeActiveConversationId(conversationId);
      void navigate('/messages');
    } else if (postId !== null) {
      void navigate(`/posts/${postId}`);
    }
  };

  const header = (
    <PageHeader
      title={t('notifications.title')}
      actions={
        <div className="flex flex-wrap items-center gap-2">
          {unread.length > 0 && (
            <Badge tone="red">{t('notifications.newCount', { count: unread.length })}</Badge>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void notifications.refetch()}
            disabled={notifications.isFetching}
            aria-label={t('notifications.refresh')}
            title={t('notifications.refresh')}
          >
            <RefreshCw
              className={cn('size-4', notifications.isFetching && 'motion-safe:animate-spin')}
              aria-hidden
            />
          </Button>
          {unread.length > 0 && (
            <Button
              variant="outline"
              size="sm"
              busy={markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              {!markAll.isPending && <CheckCheck className="size-4" aria-hidden />}
              {t('notifications.markAllRead')}
            </Button>
          )}
        </div>
      }
    />
  );

  if (notifications.isPending) {
    return (
      <div className="mx-auto max-w-3xl">
        {header}
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner className="size-4 text-violet-600" />
          {t('notifications.loading')}
        </p>
      </div>
    );
  }

  if (notifications.isError && !notifications.data) {
    return (
      <div className="mx-auto max-w-3xl">
        {header}
        <div className="rounded-2xl bg-white px-6 py-10 text-center ring-1 ring-slate-200">
          <h2 className="text-lg font-semibold text-slate-900">{t('notifications.errorTitle')}</h2>
          <p role="alert" className="mt-1 text-sm text-red-700">
            {t('notifications.loadFailed')}
          </p>
          <Button className="mt-4" onClick={() => void notifications.refetch()}>
            {t('notifications.tryAgain')}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl">
      {header}
      <div className="space-y-3">
        {notifications.isError && <Alert>{t('notifications.fetchFailed')}</Alert>}
        {markRead.isError && <Alert>{t('notifications.markReadFailed')}</Alert>}
        {markAll.isError && <Alert>{t('notifications.markAllReadFailed')}</Alert>}
      </div>
      <Tabs
        label={t('notifications.filterLabel')}
        value={filter}
        onValueChange={setFilter}
        items={[
          { value: 'all', label: t('notifications.tabs.all', { count: list.length }) },
          { value: 'unread', label: t('notifications.tabs.unread', { count: unread.length }) },
          { value: 'read', label: t('notifications.tabs.read', { count: read.length }) },
        ]}
      >
        {shown.length === 0 ? (
          <p className="rounded-2xl bg-white px-6 py-10 text-center text-sm text-slate-600 ring-1 ring-slate-200">
            {t(`notifications.empty.${filter}`)}
          </p>
        ) : (
          <ul className="space-y-2">
            {shown.map((notification) => (
              <li key={notification.id}>
                <NotificationItem notification={notification} now={now} onOpen={open} />
              </li>
            ))}
          </ul>
        )}
      </Tabs>
    </div>
  );
}
