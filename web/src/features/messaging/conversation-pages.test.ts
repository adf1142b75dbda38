import { describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation } from './api';
import {
  conversationsOf,
  holdsConversation,
  unreadMessagesOf,
  updateConversations,
} from './conversation-pages';
import type { ConversationPages } from './conversation-pages';
import { withConversationRead, withNewMessage } from './thread';

function conversation(id: number, unreadCount = 0): Conversation {
  return {
    id,
    other_user: { id: id + 100, username: `u${id}`, avatar: null },
    unread_count: unreadCount,
    updated_at: '2025-12-01T00:00:00.000Z',
    created_at: '2025-12-01T00:00:00.000Z',
    last_message: null,
  };
}

function pages(...ids: number[][]): ConversationPages {
  return {
    pages: ids.map((list, i) => ({
      conversations: list.map((id) => conversation(id, 1)),
      next: i < ids.length - 1 ? `/messaging/conversations/?before=c${i}` : undefined,
      unreadMessages: undefined,
    })),
    pageParams: ids.map((_, i) => (i === 0 ? 'first' : `c${i - 1}`)),
  };
}

const message: ChatMessage = {
  id: 1,
  conversation_id: 8,
  text: 'new',
  created_at: '2026-01-01T00:00:00.000Z',
  timestamp: '2026-01-01T00:00:00.000Z',
  sender: 108,
  sender_name: 'u8',
  has_media: false,
  is_locked: false,
  is_unlocked: false,
  price: 0,
  price_cents: 0,
  attachments: [],
  is_system: false,
  roomId: null,
  call: null,
};
const idsOf = (data: ConversationPages | undefined) =>
  data?.pages.map((page) => page.conversations.map((c) => c.id));

describe('conversation pages', () => {
  it('flatten in order, each conversation once even if two pages hold it', () => {
    expect(conversationsOf(pages([9, 8], [8, 7])).map((c) => c.id)).toEqual([9, 8, 7]);
    expect(conversationsOf(undefined)).toEqual([]);
  });

  it('move a conversation from a later page to the top, page sizes and cursors kept', () => {
    const data = pages([9, 8], [7, 6], [5]);
    const moved = updateConversations(data, (list) => withNewMessage(list, 6, message));
    expect(idsOf(moved)).toEqual([[6, 9], [8, 7], [5]]);
    expect(moved?.pages.map((page) => page.next)).toEqual(data.pages.map((page) => page.next));
    expect(moved?.pageParams).toBe(data.pageParams);
    expect(conversationsOf(moved)[0]?.last_message?.text).toBe('new');
  });

  it('answer the same object when nothing changes, and mark one read in place', () => {
    const data = pages([9, 8], [7]);
    expect(updateConversations(data, (list) => withNewMessage(list, 3, message))).toBe(data);
    const read = updateConversations(data, (list) => withConversationRead(list, 7));
    expect(conversationsOf(read).map((c) => c.unread_count)).toEqual([1, 1, 0]);
    expect(updateConversations(undefined, (list) => list)).toBeUndefined();
  });

  it('tell whether a conversation is held', () => {
    expect(holdsConversation(pages([9], [7]), 7)).toBe(true);
    expect(holdsConversation(pages([9], [7]), 3)).toBe(false);
    expect(holdsConversation(undefined, 3)).toBe(false);
  });

  it('badge the server’s total of unread messages, else the sum over the pages held', () => {
    const data = pages([9, 8], [7]);
    expect(unreadMessagesOf(data)).toBe(3);
    const told = { ...data, pages: data.pages.map((page) => ({ ...page, unreadMessages: 40 })) };
    expect(unreadMessagesOf(told)).toBe(40);
    expect(unreadMessagesOf(undefined)).toBe(0);
  });
});
