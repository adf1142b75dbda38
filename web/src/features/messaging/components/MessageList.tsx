import type { CallSummary } from '@zura/contracts';
import { Fragment, useLayoutEffect, useRef, type UIEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { ApiError } from '../../../lib/api-errors';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { dayKey } from '../format';
import { showsTime } from '../thread';
import { useOlderMessages, type useThread } from '../hooks';
import { MessageItem } from './MessageItem';
import { useDayLabel } from './use-day-label';

/** Within this many pixels of the bottom the list follows new messages. */
const STICK_TO_BOTTOM_PX = 80;
/** Scrolling this close to the top loads the previous page. */
const LOAD_OLDER_PX = 120;

export interface MessageListProps {
  conversationId: number;
  thread: ReturnType<typeof useThread>;
  username: string;
  selfId: number | null;
  onJoinCall?: (call: CallSummary) => void;
}

/**
 * The conversation's messages, oldest at the top, grouped under day labels (Today,
 * Yesterday, ...). It opens at the newest message, follows new ones while the reader is at
 * the bottom, and loads the previous page when scrolled to the top (the view stays put).
 */
export function MessageList({
  conversationId,
  thread,
  username,
  selfId,
  onJoinCall,
}: MessageListProps) {
  const { t } = useTranslation();
  const dayLabel = useDayLabel();
  const older = useOlderMessages(conversationId);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const previous = useRef<{ first?: number; last?: number; height: number }>({ height: 0 });

  const messages = thread.data?.messages ?? [];
  const hasOlder = thread.data?.hasOlder ?? false;
  const first = messages[0]?.id;
  const lastMessage = messages[messages.length - 1];
  const last = lastMessage?.id;
  const lastIsMine = lastMessage !== undefined && lastMessage.sender === selfId;

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = previous.current;
    const prepended =
      before.first !== undefined &&
      first !== undefined &&
      first < before.first &&
      last === before.last;
    if (prepended) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (
      last !== before.last &&
      (before.last === undefined || atBottom.current || lastIsMine)
    ) {
      element.scrollTop = element.scrollHeight;
      atBottom.current = true;
    }
    previous.current = { first, last, height: element.scrollHeight };
  }, [first, last, lastIsMine]);

  const loadOlder = () => {
    if (hasOlder && !older.isPending) older.mutate();
  };

  const handleScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    atBottom.current =
      element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    previous.current = { ...previous.current, height: element.scrollHeight };
    if (element.scrollTop < LOAD_OLDER_PX && !older.isError) loadOlder();
  };

  const followBottom = () => {
    const element = scroller.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  };

  if (thread.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center gap-2 text-sm text-slate-600">
        <Spinner className="text-violet-600" />
        <span role="status">{t('messaging.loadingMessages')}</span>
      </div>
    );
  }

  if (thread.isError && !thread.data) {
    const unauthorised = thread.error instanceof ApiError && thread.error.status === 401;
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
        <p role="alert" className="text-sm font-medium text-red-700">
          {unauthorised ? t('messaging.authRequired') : t('messaging.loadMessagesFailed')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
          {t('messaging.retry')}
        </Button>
      </div>
    );
  }

  return (
    <div
      ref={scroller}
      onScroll={handleScroll}
      role="log"
      aria-label={t('messaging.messagesLabel', { username })}
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-violet-600 sm:px-5"
    >
      {messages.length === 0 ? (
        <p className="flex h-full items-center justify-center text-center text-sm text-slate-600">
          {t('messaging.noMessages')}
        </p>
      ) : (
        <>
          {hasOlder && (
            <div className="mb-3 flex flex-col items-center gap-1">
              <Button variant="ghost" size="sm" busy={older.isPending} onClick={loadOlder}>
                {t('messaging.loadOlder')}
              </Button>
              {older.isError && (
                <p role="alert" className="text-xs text-red-700">
                  {t('messaging.loadOlderFailed')}
                </p>
              )}
            </div>
          )}
          <ol className="space-y-1.5">
            {messages.map((message, index) => {
              const day = dayKey(message.created_at);
              const newDay = index === 0 || dayKey(messages[index - 1]?.created_at ?? '') !== day;
              return (
                <Fragment key={message.id}>
                  {newDay && day && (
                    <li className="flex items-center gap-3 py-1">
                      <span className="h-px flex-1 bg-slate-200" aria-hidden />
                      <span className="text-xs font-medium text-slate-500">
                        {dayLabel(message.created_at)}
                      </span>
                      <span className="h-px flex-1 bg-slate-200" aria-hidden />
                    </li>
                  )}
                  <li>
                    <MessageItem
                      message={message}
                      mine={selfId !== null && message.sender === selfId}
                      conversationId={conversationId}
                      onJoinCall={onJoinCall}
                      onMediaLoad={followBottom}
                      showTime={showsTime(message, messages[index + 1])}
                    />
                  </li>
                </Fragment>
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
}
