import { describe, expect, it } from 'vitest';
import { parseMessage, type ChatMessage, type Conversation, type LastMessage } from './api';
import {
  attachmentName,
  formatFileSize,
  formatPrice,
  isTooLarge,
  previewOf,
  relativeDay,
  truncatePreview,
  unlockPriceCents,
} from './format';
import {
  filterConversations,
  pickConversation,
  showsTime,
  upsertMessages,
  withConversationRead,
  withNewMessage,
} from './thread';

function message(id: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    conversation_id: 1,
    text: `m${id}`,
    created_at: '2025-03-10T12:00:00.000Z',
    timestamp: '2025-03-10T12:00:00.000Z',
    sender: 1,
    sender_name: 'a',
    has_media: false,
    is_locked: false,
    is_unlocked: false,
    price: 5,
    price_cents: 500,
    attachments: [],
    is_system: false,
    roomId: null,
    call: null,
    ...overrides,
  };
}

function conversation(id: number, overrides: Partial<Conversation> = {}): Conversation {
  return {
    id,
    other_user: { id: id + 100, username: `user${id}`, avatar: null },
    unread_count: 0,
    updated_at: '2025-03-10T12:00:00.000Z',
    created_at: '2025-03-10T12:00:00.000Z',
    last_message: null,
    ...overrides,
  };
}

const last = (overrides: Partial<LastMessage>): LastMessage => ({
  id: 1,
  text: '',
  has_media: false,
  is_locked: false,
  is_unlocked: false,
  is_system: false,
  sender: 1,
  created_at: '2025-03-10T12:00:00.000Z',
  ...overrides,
});

describe('last-message preview', () => {
  it('keeps 30 characters and adds "..."', () => {
    expect(truncatePreview('a'.repeat(30))).toBe('a'.repeat(30));
    expect(truncatePreview(`${'a'.repeat(30)}b`)).toBe(`${'a'.repeat(30)}...`);
    expect(truncatePreview('Hello Bob, how are you doing today?')).toBe(
      'Hello Bob, how are you doing t...',
    );
  });

  it('never cuts an emoji in half', () => {
    expect(truncatePreview('😀'.repeat(31))).toBe(`${'😀'.repeat(30)}...`);
  });

  it('tells locked, media, text and attachment apart', () => {
    expect(previewOf(null)).toEqual({ kind: 'none' });
    expect(previewOf(last({ is_locked: true, text: '' }))).toEqual({ kind: 'locked' });
    expect(previewOf(last({ is_locked: true, is_unlocked: true, text: 'hi' }))).toEqual({
      kind: 'text',
      text: 'hi',
    });
    expect(previewOf(last({ has_media: true }))).toEqual({ kind: 'media' });
    // A call announcement's stored text is English: the reader's language previews it.
    expect(previewOf(last({ is_system: true, text: 'ann started a video call' }))).toEqual({
      kind: 'call',
    });
    expect(previewOf(last({ has_media: true, text: 'look' }))).toEqual({
      kind: 'text',
      text: 'look',
    });
    expect(previewOf(last({}))).toEqual({ kind: 'attachment' });
  });
});

describe('file sizes', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 ** 2 * 2.256, '2.26 MB'],
    [1024 ** 3 * 3, '3 GB'],
    [1024 ** 4 * 2, '2048 GB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('refuses files over 10 GB only', () => {
    expect(isTooLarge({ size: 10 * 1024 ** 3 })).toBe(false);
    expect(isTooLarge({ size: 10 * 1024 ** 3 + 1 })).toBe(true);
  });

  it('shows prices with their cents, as every other price', () => {
    expect(formatPrice(500)).toBe('$5.00');
    expect(formatPrice(250)).toBe('$2.50');
  });
});

describe('relative day labels', () => {
  const now = new Date(2025, 2, 30, 10, 0);
  const daysAgo = (days: number, hour = 12) => new Date(2025, 2, 30 - days, hour, 0);

  it.each([
    [0, { kind: 'today' }],
    [1, { kind: 'yesterday' }],
    [2, { kind: 'days', count: 2 }],
    [6, { kind: 'days', count: 6 }],
    [7, { kind: 'week' }],
    [13, { kind: 'week' }],
    [14, { kind: 'weeks', count: 2 }],
    [29, { kind: 'weeks', count: 4 }],
  ])('%i days ago', (days, label) => {
    expect(relativeDay(daysAgo(days), now)).toEqual(label);
  });

  it('counts calendar days, not 24-hour spans', () => {
    expect(relativeDay(new Date(2025, 2, 29, 23, 59), new Date(2025, 2, 30, 0, 1))).toEqual({
      kind: 'yesterday',
    });
  });

  it('uses a date from 30 days, Today for the future, nothing for junk', () => {
    expect(relativeDay(daysAgo(30), now)).toMatchObject({ kind: 'date' });
    expect(relativeDay(new Date(2025, 2, 31), now)).toEqual({ kind: 'today' });
    expect(relativeDay('nonsense', now)).toBeUndefined();
  });
});

describe('thread cache', () => {
  it('adds new messages in id order and replaces known ones', () => {
    const held = [message(1), message(3)];
    const merged = upsertMessages(held, [message(2), message(3, { text: 'unlocked' })]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged[2]?.text).toBe('unlocked');
    expect(upsertMessages(held, [])).toBe(held);
  });

  it('moves a conversation with a new message to the top', () => {
    const list = [conversation(1), conversation(2)];
    const next = withNewMessage(list, 2, message(9, { text: 'hey' }), true);
    expect(next.map((c) => c.id)).toEqual([2, 1]);
    expect(next[0]?.last_message?.text).toBe('hey');
    expect(next[0]?.unread_count).toBe(1);
    expect(withNewMessage(list, 5, message(9))).toBe(list);
  });

  it('clears the unread count of a read conversation', () => {
    const list = [conversation(1, { unread_count: 3 }), conversation(2, { unread_count: 1 })];
    expect(withConversationRead(list, 1).map((c) => c.unread_count)).toEqual([0, 1]);
    const none = [conversation(1)];
    expect(withConversationRead(none, 1)).toBe(none);
  });

  it('opens the wanted conversation when listed, else the first', () => {
    const list = [conversation(1), conversation(2)];
    expect(pickConversation(list, 2)?.id).toBe(2);
    expect(pickConversation(list, 7)?.id).toBe(1);
    expect(pickConversation(list, undefined)?.id).toBe(1);
    expect(pickConversation([], 2)).toBeUndefined();
  });

  it('searches by the other user name', () => {
    const list = [
      conversation(1),
      conversation(2, { other_user: { id: 2, username: 'Kate', avatar: null } }),
    ];
    expect(filterConversations(list, ' kat ').map((c) => c.id)).toEqual([2]);
    expect(filterConversations(list, '')).toBe(list);
  });

  it('shows the time once per run of one sender within five minutes', () => {
    const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes)).toISOString();
    const a1 = message(1, { created_at: at(0) });
    const a2 = message(2, { created_at: at(3) });
    const b = message(3, { created_at: at(4), sender: 2 });
    const a3 = message(4, { created_at: at(20) });
    expect(showsTime(a1, a2)).toBe(false);
    expect(showsTime(a2, b)).toBe(true);
    expect(showsTime(message(5, { created_at: at(0) }), a3)).toBe(true);
    expect(showsTime(a3, undefined)).toBe(true);
  });
});

describe('messages as the API answers them', () => {
  it('shows the default unlock price when a locked message names none', () => {
    expect(unlockPriceCents(message(1, { is_locked: true, price: 0, price_cents: 0 }))).toBe(500);
    expect(unlockPriceCents(message(1, { is_locked: true, price: 7, price_cents: 700 }))).toBe(700);
  });

  it('names a file stored without a name', () => {
    expect(attachmentName({ original_filename: '' })).toBe('file');
    expect(attachmentName({ original_filename: 'a.pdf' })).toBe('a.pdf');
  });

  it('reads a live frame body, ignoring one without an id', () => {
    expect(parseMessage(message(1, { sender_name: 'kate' }))?.sender_name).toBe('kate');
    expect(parseMessage({ text: 'no id' })).toBeUndefined();
    expect(parseMessage(null)).toBeUndefined();
  });
});
