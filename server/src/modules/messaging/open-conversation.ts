import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import type { EventBus, LiveEvent } from '../../events/bus.ts';
import { markConversationNotificationsRead } from '../notifications/index.ts';
import type { CallSummary } from '@zura/contracts';
import { createKeptMessagePages } from './kept-message-pages.ts';
import { readMessagePage, type MessagePage } from './message-page.ts';
import * as repo from './repo.ts';

export type PageOptions = { afterId?: number; beforeId?: number; limit: number };

/**
 * Opening a conversation: its page (the newest one from what is kept, `kept-message-pages.ts`),
 * and, when the reader had something unread there, marking it read and telling the reader's
 * other sockets. Undefined when the reader takes no part in it.
 */
export function createConversationOpener(deps: {
  db: Database;
  bus: EventBus;
  changes: ChangeNotices;
  callsOf: (messageIds: number[]) => Promise<Map<number, CallSummary>>;
  unreadFrame: (userId: number) => Promise<LiveEvent & { frame: { notifications: number } }>;
}) {
  const { db, bus, changes, callsOf } = deps;
  const newestPage = createKeptMessagePages(changes, (viewerId, conversationId, limit) =>
    readMessagePage(db, viewerId, conversationId, { limit }, callsOf),
  );

  /** Marks what opening the conversation read, and tells the reader's other sockets. */
  async function markOpened(userId: number, conversationId: number, seen: MessagePage) {
    const cleared = seen.unread > 0 && (await repo.clearUnread(db, conversationId, userId));
    // Mass-message copies keep when they were read, for their senders' read figures.
    if (cleared) await repo.markMassCopiesRead(db, conversationId, userId);
    // Having read the conversation, its message notifications are read too.
    const readNotifications = seen.unreadNotices
      ? await markConversationNotificationsRead(db, userId, conversationId)
      : 0;
    if (!cleared && readNotifications === 0) return;
    if (readNotifications > 0) changes.announce({ kind: 'notifications_changed', userId });
    const unread = await deps.unreadFrame(userId);
    await bus.publish([
      { userId, frame: { type: 'read', conversation_id: conversationId } },
      unread,
      { userId, frame: { type: 'notifications_read', unread_count: unread.frame.notifications } },
    ]);
  }

  return async function open(
    userId: number,
    conversationId: number,
    options: PageOptions,
  ): Promise<MessagePage | undefined> {
    const page =
      options.afterId === undefined && options.beforeId === undefined
        ? await newestPage(userId, conversationId, options.limit)
        : await readMessagePage(db, userId, conversationId, options, callsOf);
    if (page && (page.unread > 0 || page.unreadNotices)) {
      await markOpened(userId, conversationId, page);
    }
    return page;
  };
}
