import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { ApiError } from '../../../lib/api-errors';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { CountBadge } from '../../../ui/CountBadge';
import { Spinner } from '../../../ui/Spinner';
import { inputClasses } from '../../../ui/TextField';
import { cn } from '../../../ui/cn';
import type { Conversation } from '../api';
import { previewOf, type Preview } from '../format';
import { filterConversations } from '../thread';
import { useDayLabel } from './use-day-label';

export interface RecentChatsProps {
  conversations: Conversation[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  activeId: number | undefined;
  onSelect: (conversation: Conversation) => void;
  /** Below 1024 px the panel overlays the conversation and offers this close button. */
  onClose: () => void;
  /** Older conversations are on pages not loaded yet. */
  more: { hasMore: boolean; loading: boolean; failed: boolean; load: () => void };
}

/** "Load more" under the list, as the wallet's transactions do, and why it failed. */
function LoadMore({ more }: Pick<RecentChatsProps, 'more'>) {
  const { t } = useTranslation();
  if (!more.hasMore) return null;
  return (
    <div className="space-y-2 px-4 pb-4 text-center">
      {more.failed && !more.loading && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t('messaging.loadMoreConversationsFailed')}
        </p>
      )}
      <Button variant="outline" size="sm" busy={more.loading} onClick={more.load}>
        {more.loading
          ? t('messaging.loadingMoreConversations')
          : t('messaging.loadMoreConversations')}
      </Button>
    </div>
  );
}

function usePreviewText(): (preview: Preview) => string {
  const { t } = useTranslation();
  return (preview) => {
    switch (preview.kind) {
      case 'locked':
        return t('messaging.preview.locked');
      case 'media':
        return t('messaging.preview.media');
      case 'attachment':
        return t('messaging.preview.attachment');
      case 'call':
        return t('messaging.preview.call');
      case 'text':
        return preview.text;
      default:
        return '';
    }
  };
}

/**
 * Spec §2 Recent Chats: the search box 'Search conversations...' and the conversations,
 * newest activity first, each with its preview (30 characters, '🔒 Locked content',
 * '📷 Media', '📎 Attachment'), day label and unread count.
 */
export function RecentChats({
  conversations,
  isPending,
  error,
  onRetry,
  activeId,
  onSelect,
  onClose,
  more,
}: RecentChatsProps) {
  const { t } = useTranslation();
  const dayLabel = useDayLabel();
  const previewText = usePreviewText();
  const [search, setSearch] = useState('');
  const shown = conversations ? filterConversations(conversations, search) : [];

  let body;
  if (isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 px-4 py-6 text-sm text-slate-600">
        <Spinner className="size-4 text-violet-600" />
        {t('messaging.loadingConversations')}
      </p>
    );
  } else if (error && !conversations) {
    const unauthorised = error instanceof ApiError && error.status === 401;
    body = (
      <div className="space-y-3 px-4 py-6">
        <p role="alert" className="text-sm font-medium text-red-700">
          {unauthorised ? t('messaging.authRequired') : t('messaging.loadConversationsFailed')}
        </p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('messaging.retry')}
        </Button>
      </div>
    );
  } else if (shown.length === 0) {
    body = <p className="px-4 py-6 text-sm text-slate-600">{t('messaging.noConversations')}</p>;
  } else {
    body = (
      <ul className="space-y-0.5 px-2 pb-3">
        {shown.map((conversation) => {
          const active = conversation.id === activeId;
          const preview = previewText(previewOf(conversation.last_message));
          const when = dayLabel(conversation.last_message?.created_at ?? conversation.updated_at);
          return (
            <li key={conversation.id}>
              <button
                type="button"
                onClick={() => onSelect(conversation)}
                aria-current={active ? 'true' : undefined}
                className={cn(
                  'flex w-full items-center gap-3 rounded-xl px-2.5 py-2.5 text-start transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-violet-600',
                  active ? 'bg-violet-50' : 'hover:bg-slate-50',
                )}
              >
                <Avatar
                  src={conversation.other_user.avatar}
                  name={conversation.other_user.username}
                  decorative
                />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline gap-2">
                    <span
                      className={cn(
                        'min-w-0 flex-1 truncate text-sm',
                        conversation.unread_count > 0
                          ? 'font-bold text-slate-900'
                          : 'font-semibold text-slate-800',
                      )}
                    >
                      {conversation.other_user.username}
                    </span>
                    {when && <span className="shrink-0 text-xs text-slate-600">{when}</span>}
                  </span>
                  <span className="flex items-center gap-2">
                    <span className="min-w-0 flex-1 truncate text-xs text-slate-600">
                      {preview}
                    </span>
                    <CountBadge
                      count={conversation.unread_count}
                      tone="blue"
                      srLabel={t('messaging.unread', { count: conversation.unread_count })}
                    />
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="flex h-full flex-col">
      <div className="space-y-3 px-4 pt-4 pb-3">
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-slate-900">{t('messaging.recentChats')}</h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('messaging.header.hideChats')}
            title={t('messaging.header.hideChats')}
            className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600 lg:hidden"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden
          />
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('messaging.searchPlaceholder')}
            aria-label={t('messaging.searchLabel')}
            className={cn(inputClasses, 'h-10 ps-9')}
          />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {body}
        {!isPending && conversations && <LoadMore more={more} />}
      </div>
    </div>
  );
}
