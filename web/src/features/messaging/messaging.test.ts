import { describe, expect, it } from 'vitest';
import {
  parseMessage,
  toConversation,
  toMessage,
  type ChatMessage,
  type Conversation,
} from './api';
import {
  formatFileSize,
  formatPrice,
  isTooLarge,
  previewOf,
  relativeDay,
  truncatePreview,
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
    conversationId: 1,
    text: `m${id}`,
    createdAt: '2025-03-10T12:00:00.000Z',
    senderId: 1,
    senderName: 'a',
    hasMedia: false,
    isLocked: false,
    isUnlocked: false,
    priceCents: 500,
    attachments: [],
    isSystem: false,
    roomId: null,
    call: null,
    ...overrides,
  };
}

function conversation(id: number, overrides: Partial<Conversation> = {}): Conversation {
  return {
    id,
    otherUser: { id: id + 100, username: `user${id}`, avatar: null },
    unreadCount: 0,
    updatedAt: null,
    lastMessage: null,
    ...overrides,
  };
}

const last = (overrides: Partial<NonNullable<Conversation['lastMessage']>>) => ({
  text: '',
  hasMedia: false,
  isLocked: false,
  isUnlocked: false,
  isSystem: false,
  createdAt: null,
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
    expect(previewOf(last({ isLocked: true, text: '' }))).toEqual({ kind: 'locked' });
    expect(previewOf(last({ isLocked: true, isUnlocked: true, text: 'hi' }))).toEqual({
      kind: 'text',
      text: 'hi',
    });
    expect(previewOf(last({ hasMedia: true }))).toEqual({ kind: 'media' });
    // A call announcement's stored text is English: the reader's language previews it.
    expect(previewOf(last({ isSystem: true, text: 'ann started a video call' }))).toEqual({
      kind: 'call',
    });
    expect(previewOf(last({ hasMedia: true, text: 'look' }))).toEqual({
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
    expect(next[0]?.lastMessage?.text).toBe('hey');
    expect(next[0]?.unreadCount).toBe(1);
    expect(withNewMessage(list, 5, message(9))).toBe(list);
  });

  it('clears the unread count of a read conversation', () => {
    const list = [conversation(1, { unreadCount: 3 }), conversation(2, { unreadCount: 1 })];
    expect(withConversationRead(list, 1).map((c) => c.unreadCount)).toEqual([0, 1]);
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
      conversation(2, { otherUser: { id: 2, username: 'Kate', avatar: null } }),
    ];
    expect(filterConversations(list, ' kat ').map((c) => c.id)).toEqual([2]);
    expect(filterConversations(list, '')).toBe(list);
  });

  it('shows the time once per run of one sender within five minutes', () => {
    const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 12, minutes)).toISOString();
    const a1 = message(1, { createdAt: at(0) });
    const a2 = message(2, { createdAt: at(3) });
    const b = message(3, { createdAt: at(4), senderId: 2 });
    const a3 = message(4, { createdAt: at(20) });
    expect(showsTime(a1, a2)).toBe(false);
    expect(showsTime(a2, b)).toBe(true);
    expect(showsTime(message(5, { createdAt: at(0) }), a3)).toBe(true);
    expect(showsTime(a3, undefined)).toBe(true);
  });
});

describe('mapping the contract shapes', () => {
  const wireMessage = {
    id: 1,
    conversation_id: 4,
    text: '',
    created_at: '2025-01-01T00:00:00Z',
    timestamp: '2025-01-01T00:00:00Z',
    sender: 9,
    sender_name: 'kate',
    has_media: false,
    is_locked: true,
    is_unlocked: false,
    price: 0,
    price_cents: 0,
    attachments: [],
    is_system: false,
    roomId: null,
    call: null,
  };

  it('maps a conversation summary', () => {
    const parsed = toConversation({
      id: 4,
      other_user: { id: 9, username: 'kate', avatar: '/media/x' },
      unread_count: 2,
      updated_at: '2025-01-01T00:00:00Z',
      created_at: '2025-01-01T00:00:00Z',
      last_message: {
        id: 1,
        text: 'hi',
        has_media: false,
        is_locked: false,
        is_unlocked: false,
        is_system: false,
        sender: 9,
        created_at: '2025-01-01T00:00:00Z',
      },
    });
    expect(parsed).toMatchObject({
      id: 4,
      otherUser: { id: 9, username: 'kate', avatar: '/media/x' },
      unreadCount: 2,
      lastMessage: { text: 'hi', createdAt: '2025-01-01T00:00:00Z' },
    });
  });

  it("maps a video attachment's stream, poster and processing", () => {
    const [attachment] = toMessage({
      ...wireMessage,
      attachments: [
        {
          id: 'a1',
          original_filename: '',
          file_size: 10,
          content_type: 'video/quicktime',
          file_url: '/media/u/original',
          thumbnail_url: null,
          is_image: false,
          video_url: '/media/u/mp4',
          video_hls_url: '/media/u/hls/master.m3u8',
          poster_url: '/media/u/poster',
          video_state: 'failed',
          video_error: 'Not a video.',
        },
      ],
    }).attachments;
    expect(attachment).toEqual({
      id: 'a1',
      name: 'file',
      size: 10,
      contentType: 'video/quicktime',
      url: '/media/u/original',
      thumbnailUrl: null,
      isImage: false,
      videoUrl: '/media/u/mp4',
      videoHlsUrl: '/media/u/hls/master.m3u8',
      posterUrl: '/media/u/poster',
      video: { video_state: 'failed', video_progress: undefined, video_error: 'Not a video.' },
    });
  });

  it('shows the default unlock price when a locked message names none', () => {
    expect(toMessage(wireMessage)).toMatchObject({
      createdAt: '2025-01-01T00:00:00Z',
      priceCents: 500,
      isLocked: true,
      attachments: [],
    });
    expect(toMessage({ ...wireMessage, price: 7, price_cents: 700 }).priceCents).toBe(700);
  });

  it('reads a live frame body, ignoring one without an id', () => {
    expect(parseMessage(wireMessage)?.senderName).toBe('kate');
    expect(parseMessage({ text: 'no id' })).toBeUndefined();
    expect(parseMessage(null)).toBeUndefined();
  });
});
