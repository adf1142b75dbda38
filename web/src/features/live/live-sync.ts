import type { QueryClient } from '@tanstack/react-query';
import type { ServerFrame } from '../../lib/live/frames';
import { getUserId } from '../../lib/session';
import { fetchRingingCalls } from '../calls';
import { parseCallSummary } from '../calls';
import { receiveCall } from '../calls';
import { parseMessage } from '../messaging';
import { holdsConversation, updateConversations, type ConversationPages } from '../messaging';
import {
  upsertMessages,
  withConversationRead,
  withNewMessage,
  type MessageThread,
} from '../messaging';
import {
  markedRead,
  mergeNotifications,
  newestNotificationId,
  parseNotification,
  type AppNotification,
} from '../notifications';
import { patchPostEverywhere } from '../posts';
import { applyMassProgress } from '../mass-messages';
import { holdsProcessingVideo } from '../posts';
import { clampProgress, type VideoProcessing } from '../video';
import { setUnreadCountsFromFrame } from '../notifications';
import {
  messagingKeys,
  notificationKeys,
  libraryKeys,
  postKeys,
  videoProcessingKeys,
} from '../../lib/query-keys';

type UploadProcessingFrame = Extract<ServerFrame, { type: 'upload_processing' }>;

/**
 * Applies the socket's frames to the query cache, so every screen shows them without a
 * request: badges, the open conversation, the conversation list, the notification list.
 */
export function createLiveSync(queryClient: QueryClient) {
  /** The newest notification id seen on the socket, and whose it is. */
  let lastSeen: { userId: number | null; id: number } | undefined;

  function isObserved(queryKey: readonly unknown[]): boolean {
    return queryClient.getQueryCache().find({ queryKey, exact: true })?.isActive() ?? false;
  }

  function onMessage(conversationId: number, body: Record<string, unknown>): void {
    const message = parseMessage(body);
    if (!message) return;
    const threadKey = messagingKeys.thread(conversationId);
    const fromOther = message.sender !== getUserId();
    const open = isObserved(threadKey);
    queryClient.setQueryData<MessageThread>(threadKey, (thread) =>
      thread ? { ...thread, messages: upsertMessages(thread.messages, [message]) } : thread,
    );
    const conversations = queryClient.getQueryData<ConversationPages>(
      messagingKeys.conversations(),
    );
    if (holdsConversation(conversations, conversationId)) {
      queryClient.setQueryData<ConversationPages>(messagingKeys.conversations(), (data) =>
        updateConversations(data, (list) =>
          withNewMessage(list, conversationId, message, fromOther && !open),
        ),
      );
    } else {
      // Not among the pages held (new, or further down than loaded): its place is on the
      // first page, which a refetch brings.
      void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() });
    }
    // The conversation is on screen: read it, so the server clears its unread count (and
    // answers with `read` and new `unread_counts` frames).
    if (fromOther && open) void queryClient.invalidateQueries({ queryKey: threadKey, exact: true });
  }

  /** A call's new state: the ringing overlay hears it, and the chat's chip redraws. */
  function onCall(body: Record<string, unknown>): void {
    const call = parseCallSummary(body);
    if (!call) return;
    receiveCall(call, getUserId());
    queryClient.setQueryData<MessageThread>(messagingKeys.thread(call.conversation_id), (thread) =>
      thread
        ? {
            ...thread,
            messages: thread.messages.map((message) =>
              message.id === call.message_id ? { ...message, call } : message,
            ),
          }
        : thread,
    );
  }

  function onNotification(body: Record<string, unknown>): void {
    const notification = parseNotification(body);
    if (!notification) return;
    const userId = getUserId();
    if (!lastSeen || lastSeen.userId !== userId || notification.id > lastSeen.id) {
      lastSeen = { userId, id: notification.id };
    }
    queryClient.setQueryData<AppNotification[]>(notificationKeys.list(), (list) =>
      list ? mergeNotifications(list, [notification]) : list,
    );
  }

  /**
   * The owner's video moved on: its progress goes to the cache for the cards that show it.
   * Once it is ready or failed, the lists that may hold it are read again, for the playable
   * URLs (or the error) that only the server knows.
   */
  function onUploadProcessing(frame: UploadProcessingFrame): void {
    const state: VideoProcessing = {
      state: frame.state,
      progress: frame.state === 'ready' ? 100 : clampProgress(frame.progress),
      error: frame.error ?? null,
    };
    queryClient.setQueryData<VideoProcessing>(
      videoProcessingKeys.upload(frame.upload_id.toLowerCase()),
      state,
    );
    if (frame.state === 'processing') return;
    void queryClient.invalidateQueries({ queryKey: postKeys.all });
    void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
  }

  return {
    onFrame(frame: ServerFrame): void {
      switch (frame.type) {
        case 'unread_counts':
          setUnreadCountsFromFrame(queryClient, {
            messages: frame.messages,
            notifications: frame.notifications,
          });
          break;
        case 'notifications_read':
          setUnreadCountsFromFrame(queryClient, { notifications: frame.unread_count });
          if (frame.unread_count === 0) {
            queryClient.setQueryData<AppNotification[]>(notificationKeys.list(), (list) =>
              list ? markedRead(list, 'all', new Date().toISOString()) : list,
            );
          }
          break;
        case 'message':
          onMessage(frame.conversation_id, frame.message);
          break;
        case 'read':
          queryClient.setQueryData<ConversationPages>(messagingKeys.conversations(), (data) =>
            updateConversations(data, (list) => withConversationRead(list, frame.conversation_id)),
          );
          break;
        case 'notification':
          onNotification(frame.notification);
          break;
        case 'upload_processing':
          onUploadProcessing(frame);
          break;
        case 'post_counts':
          patchPostEverywhere(queryClient, frame.post_id, {
            like_count: frame.like_count,
            comment_count: frame.comment_count,
          });
          break;
        case 'mass_message_progress':
          applyMassProgress(queryClient, frame);
          break;
        case 'call':
          onCall(frame.call);
          break;
        case 'error':
          console.warn('Notification socket:', frame.detail);
          break;
        default:
          break;
      }
    },

    /**
     * Live, first or back after a gap: fetch what was missed. Open conversations ask for messages after
     * their newest id, the lists refetch; the server replays notifications after the id sent
     * with `auth`.
     */
    onLive(reconnected: boolean): void {
      // A call that started before the socket was live (the tab just opened, or was hidden)
      // came as no frame: ask which ring now, and ring them.
      fetchRingingCalls()
        .then((calls) => calls.forEach((call) => receiveCall(call, getUserId())))
        .catch(() => undefined);
      if (!reconnected) {
        // The first connection: a message sent between the page's first reads and the socket
        // going live came as no frame. The conversations and threads on screen are read again
        // (queries not on screen are only marked stale); notifications are replayed by the
        // server after the id sent with `auth`.
        void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
        return;
      }
      void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
      // A video may have finished while the socket was away (its frames are not replayed).
      void queryClient.invalidateQueries({
        queryKey: postKeys.all,
        predicate: (query) => holdsProcessingVideo(query.state.data),
      });
    },

    lastNotificationId(): number | undefined {
      // The cache is cleared when the user changes; the socket's own note is checked here.
      const held = newestNotificationId(
        queryClient.getQueryData<AppNotification[]>(notificationKeys.list()),
      );
      const seen = lastSeen?.userId === getUserId() ? lastSeen.id : undefined;
      if (held === undefined) return seen;
      if (seen === undefined) return held;
      return Math.max(held, seen);
    },
  };
}
