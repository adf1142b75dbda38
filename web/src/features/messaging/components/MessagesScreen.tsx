import MessageCircle from 'lucide-react/icons/message-circle';
import PanelRightOpen from 'lucide-react/icons/panel-right-open';
import { useQueryClient } from '@tanstack/react-query';
import type { CallSummary } from '@zura/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useCurrentUserId } from '../../../lib/use-session';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { cn } from '../../../ui/cn';
import { ApiError } from '../../../lib/api-errors';
import { answerCall } from '../../calls';
import { openCall, receiveCall, useCallStore } from '../../calls';
import { otherUserInRoom, roomIdFor } from '../../calls';
import { readActiveConversationId, storeActiveConversationId, type Conversation } from '../api';
import { conversationsOf } from '../conversation-pages';
import { useAnnounceCall, useConversations } from '../hooks';
import { pickConversation } from '../thread';
import { ConversationPane } from './ConversationPane';
import { RecentChats } from './RecentChats';
import { useOwnProfile } from '../../../lib/own-profile';
import { messagingKeys } from '../../../lib/query-keys';

/**
 * Spec §2 Messages screen: the open conversation and the Recent Chats panel on the right
 * (always from 1024 px, toggled below). It opens the conversation stored as active (by the
 * profile's Message button or a notification) when it exists, else the newest one.
 */
export function MessagesScreen() {
  const { t } = useTranslation();
  const selfId = useCurrentUserId();
  const { data: own } = useOwnProfile();
  const conversations = useConversations();
  const [chosenId, setChosenId] = useState(readActiveConversationId);
  const [panelOpen, setPanelOpen] = useState(false);
  const callOpen = useCallStore((state) => state.active !== null);
  const queryClient = useQueryClient();
  const panelId = useId();
  const announceCall = useAnnounceCall();

  const list = conversations.data && conversationsOf(conversations.data);
  const held = list?.some((conversation) => conversation.id === chosenId) ?? false;
  // A conversation reopened from further down the list (the profile's Message button does not
  // move it up) is on a page not loaded yet: read on until it is held or the list ends.
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = conversations;
  const seeking =
    chosenId !== undefined &&
    !held &&
    conversations.isFetchedAfterMount &&
    hasNextPage &&
    !isFetchNextPageError;
  useEffect(() => {
    if (seeking && !isFetchingNextPage) void fetchNextPage();
  }, [seeking, isFetchingNextPage, fetchNextPage]);
  // Until the list has been fetched afresh, a conversation just started may be missing from
  // the cached one: wait rather than open (and mark read) another.
  const settled = (conversations.isFetchedAfterMount && !seeking) || held;
  const active = list && settled ? pickConversation(list, chosenId) : undefined;
  // Keep the conversation opened by default, so a message in another one (which moves that
  // one to the top of the list) does not switch the screen to it.
  if (active && active.id !== chosenId) setChosenId(active.id);
  const showPanel = panelOpen;

  const select = (conversation: Conversation) => {
    setChosenId(conversation.id);
    storeActiveConversationId(conversation.id);
    setPanelOpen(false);
  };

  /**
   * Posts the spec's system message, which starts the call on the server (it rings at the other
   * side on any page), then opens the overlay on the call it made.
   */
  const startCall = () => {
    const otherId = active?.other_user.id;
    if (!active || selfId === null || otherId == null) return;
    const roomId = roomIdFor(selfId, otherId);
    const otherName = active.other_user.username;
    announceCall.mutate(
      {
        conversationId: active.id,
        roomId,
        text: t('calls.startedMessage', { username: own?.username ?? '' }),
      },
      {
        onSuccess: (message) => {
          if (!message.call) return;
          receiveCall(message.call, selfId);
          openCall({ callId: message.call.id, roomId, otherId, otherName });
        },
      },
    );
  };

  /** Join from the chat: the callee of a ringing call answers it; a live call is rejoined. */
  const joinCall = (call: CallSummary) => {
    if (selfId === null || !active) return;
    const otherId = otherUserInRoom(call.room_id, selfId);
    if (otherId === undefined) return;
    const open = () =>
      openCall({
        callId: call.id,
        roomId: call.room_id,
        otherId,
        otherName: active.other_user.username,
      });
    if (call.callee_id !== selfId || call.state !== 'ringing') return open();
    answerCall(call.id)
      .then((answered) => {
        receiveCall(answered, selfId);
        open();
      })
      .catch((error: unknown) => {
        // Over meanwhile (409): the chip redraws from the server's state.
        if (!(error instanceof ApiError && error.status === 409)) open();
        void queryClient.invalidateQueries({ queryKey: messagingKeys.thread(active.id) });
      });
  };

  return (
    <div className="h-[calc(100dvh-6.5rem)] md:h-[calc(100dvh-3rem)]">
      <h1 className="sr-only">{t('messaging.title')}</h1>
      <div className="relative flex h-full overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
        {active ? (
          <ConversationPane
            key={active.id}
            conversation={active}
            selfId={selfId}
            canLock={own?.is_creator === true}
            onStartCall={startCall}
            callDisabled={callOpen || announceCall.isPending || active.other_user.id === null}
            onJoinCall={callOpen ? undefined : joinCall}
            panelOpen={panelOpen}
            onTogglePanel={() => setPanelOpen((open) => !open)}
            panelId={panelId}
          />
        ) : (
          <div className="flex min-w-0 flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
            {conversations.isPending || !settled ? (
              <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
                <Spinner className="size-4 text-violet-600" />
                {t('messaging.loadingConversations')}
              </p>
            ) : (
              <>
                <MessageCircle className="size-12 text-violet-300" aria-hidden />
                <h2 className="text-xl font-bold text-slate-900">{t('messaging.emptyTitle')}</h2>
                <p className="text-sm text-slate-600">{t('messaging.emptyText')}</p>
                <Button
                  variant="outline"
                  size="sm"
                  className="lg:hidden"
                  aria-expanded={showPanel}
                  aria-controls={panelId}
                  onClick={() => setPanelOpen((open) => !open)}
                >
                  <PanelRightOpen className="size-4" aria-hidden />
                  {t('messaging.header.showChats')}
                </Button>
              </>
            )}
          </div>
        )}

        <aside
          id={panelId}
          aria-label={t('messaging.recentChats')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setPanelOpen(false);
          }}
          className={cn(
            'w-full shrink-0 border-l border-slate-200 bg-white sm:w-80',
            'absolute inset-y-0 end-0 z-20 shadow-xl lg:static lg:block lg:shadow-none',
            showPanel ? 'block' : 'hidden',
          )}
        >
          <RecentChats
            conversations={list}
            isPending={conversations.isPending}
            error={conversations.error}
            onRetry={() => void conversations.refetch()}
            activeId={active?.id}
            onSelect={select}
            onClose={() => setPanelOpen(false)}
            more={{
              hasMore: hasNextPage,
              loading: isFetchingNextPage,
              failed: isFetchNextPageError,
              load: () => void fetchNextPage(),
            }}
          />
        </aside>
      </div>
    </div>
  );
}
