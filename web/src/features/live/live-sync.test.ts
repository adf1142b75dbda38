import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { postBody } from '../../../test/fixtures';
import { setSession } from '../../lib/session';
import { accessToken, memoryStorage } from '../../lib/test-helpers';
import type { Conversation } from '../messaging';
import { conversationsOf, type ConversationPages } from '../messaging';
import type { MessageThread } from '../messaging';
import type { AppNotification } from '../notifications';
import { massKeys } from '../mass-messages';
import type { Post, PostPages } from '../posts';
import { createLiveSync } from './live-sync';
import {
  messagingKeys,
  notificationKeys,
  libraryKeys,
  postKeys,
  videoProcessingKeys,
  liveKeys,
} from '../../lib/query-keys';

let queryClient: QueryClient;

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('navigator', {});
  setSession({ access: accessToken(1, 60), refresh: 'r' });
  queryClient = new QueryClient();
});
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const conversation: Conversation = {
  id: 5,
  other_user: { id: 2, username: 'kate', avatar: null },
  unread_count: 0,
  updated_at: '2025-01-01T00:00:00Z',
  created_at: '2025-01-01T00:00:00Z',
  last_message: null,
};

/** A `message` frame's body as the server sends it (the contracts' `chatMessage`). */
function wireMessage(id: number, text: string) {
  return {
    id,
    conversation_id: 5,
    text,
    created_at: '2025-01-01T00:00:00Z',
    timestamp: '2025-01-01T00:00:00Z',
    sender: 2,
    sender_name: 'kate',
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
}

/** A notification as the API and the `notification` frame carry it. */
function wireNotification(id: number, title = 'a') {
  return {
    id,
    title,
    message: '',
    notification_type: 'system' as const,
    kind: 'text' as const,
    is_read: false,
    read_at: null,
    created_at: '2025-01-01T00:00:00Z',
    data: {},
  };
}

describe('live frames into the cache', () => {
  it('moves a mass message on as its copies go out, and reads the list again once sent', () => {
    const sync = createLiveSync(queryClient);
    const sending = {
      id: 7,
      kind: 'mass' as const,
      text: 'hi',
      price_cents: 0,
      media_count: 0,
      segment: { kind: 'active' },
      status: 'sending' as const,
      recipient_count: 3000,
      sent_count: 1000,
      read_count: 0,
      unlocked_count: 0,
      revenue_gross_cents: 0,
      revenue_net_cents: 0,
      created_at: '2026-11-27T00:00:00Z',
      finished_at: null,
      retired_at: null,
    };
    const other = { ...sending, id: 8, sent_count: 5 };
    queryClient.setQueryData(massKeys.list(), { results: [sending, other] });
    sync.onFrame({
      type: 'mass_message_progress',
      mass_message_id: 7,
      recipient_count: 3000,
      sent_count: 2000,
      status: 'sending',
    });
    expect(queryClient.getQueryData(massKeys.list())).toEqual({
      results: [{ ...sending, sent_count: 2000 }, other],
    });
    expect(queryClient.getQueryState(massKeys.list())?.isInvalidated).toBe(false);
    sync.onFrame({
      type: 'mass_message_progress',
      mass_message_id: 7,
      recipient_count: 3000,
      sent_count: 3000,
      status: 'sent',
    });
    expect(queryClient.getQueryData(massKeys.list())).toEqual({
      results: [{ ...sending, sent_count: 3000, status: 'sent' }, other],
    });
    expect(queryClient.getQueryState(massKeys.list())?.isInvalidated).toBe(true);
  });

  it('writes the badge counts', () => {
    const sync = createLiveSync(queryClient);
    sync.onFrame({ type: 'unread_counts', messages: 3, notifications: 120 });
    expect(queryClient.getQueryData(liveKeys.unreadCounts)).toEqual({
      messages: 3,
      notifications: 120,
    });
    sync.onFrame({ type: 'notifications_read', unread_count: -1 });
    expect(queryClient.getQueryData(liveKeys.unreadCounts)).toEqual({
      messages: 3,
      notifications: 0,
    });
  });

  it('appends a message to its thread and moves its conversation to the top of the pages', () => {
    queryClient.setQueryData<MessageThread>(messagingKeys.thread(5), {
      messages: [],
      hasOlder: false,
      loadedAt: Date.now(),
    });
    const other = { ...conversation, id: 4 };
    queryClient.setQueryData<ConversationPages>(messagingKeys.conversations(), {
      pages: [
        {
          conversations: [other],
          next: '/messaging/conversations/?limit=1&before=a',
          unreadMessages: undefined,
        },
        {
          conversations: [conversation],
          next: '/messaging/conversations/?limit=1&before=b',
          unreadMessages: undefined,
        },
      ],
      pageParams: [
        '/messaging/conversations/?limit=1',
        '/messaging/conversations/?limit=1&before=a',
      ],
    });
    const held = () => queryClient.getQueryData<ConversationPages>(messagingKeys.conversations());
    const sync = createLiveSync(queryClient);
    sync.onFrame({
      type: 'message',
      conversation_id: 5,
      message: wireMessage(10, 'hello'),
    });
    expect(
      queryClient.getQueryData<MessageThread>(messagingKeys.thread(5))?.messages.map((m) => m.id),
    ).toEqual([10]);
    const [updated, below] = conversationsOf(held());
    expect(updated?.last_message?.text).toBe('hello');
    expect(below?.id).toBe(4);
    // Each page keeps its size and the server's cursor to the page after it.
    expect(held()?.pages.map((page) => page.conversations.map((c) => c.id))).toEqual([[5], [4]]);
    expect(held()?.pages.map((page) => page.next)).toEqual([
      '/messaging/conversations/?limit=1&before=a',
      '/messaging/conversations/?limit=1&before=b',
    ]);
    // Not on screen (no observer): it counts as unread.
    expect(updated?.unread_count).toBe(1);
    sync.onFrame({ type: 'read', conversation_id: 5 });
    expect(conversationsOf(held())[0]?.unread_count).toBe(0);
  });

  it('reads the list again for a message in a conversation on no page held', () => {
    queryClient.setQueryData<ConversationPages>(messagingKeys.conversations(), {
      pages: [{ conversations: [conversation], next: undefined, unreadMessages: undefined }],
      pageParams: ['/messaging/conversations/?limit=30'],
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    createLiveSync(queryClient).onFrame({
      type: 'message',
      conversation_id: 9,
      message: wireMessage(11, 'hi'),
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messagingKeys.conversations() });
    expect(conversationsOf(queryClient.getQueryData(messagingKeys.conversations()))).toEqual([
      conversation,
    ]);
  });

  it('adds notifications to the list and remembers the newest id', () => {
    queryClient.setQueryData<AppNotification[]>(notificationKeys.list(), []);
    const sync = createLiveSync(queryClient);
    expect(sync.lastNotificationId()).toBeUndefined();
    sync.onFrame({ type: 'notification', notification: wireNotification(8, 'a') });
    sync.onFrame({ type: 'notification', notification: wireNotification(9, 'b'), replay: true });
    sync.onFrame({ type: 'notification', notification: wireNotification(9, 'b') });
    expect(
      queryClient.getQueryData<AppNotification[]>(notificationKeys.list())?.map((n) => n.id),
    ).toEqual([9, 8]);
    expect(sync.lastNotificationId()).toBe(9);
    sync.onFrame({ type: 'notifications_read', unread_count: 0 });
    expect(
      queryClient.getQueryData<AppNotification[]>(notificationKeys.list())?.every((n) => n.is_read),
    ).toBe(true);
  });

  it('forgets the newest id of another user', () => {
    const sync = createLiveSync(queryClient);
    sync.onFrame({ type: 'notification', notification: wireNotification(8) });
    expect(sync.lastNotificationId()).toBe(8);
    setSession({ access: accessToken(2, 60), refresh: 'r2' });
    expect(sync.lastNotificationId()).toBeUndefined();
  });

  it('reads the messages again when first live, and everything missed after a reconnect', () => {
    const sync = createLiveSync(queryClient);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    sync.onLive(false);
    // A message sent before the socket was live came as no frame.
    expect(invalidate.mock.calls).toEqual([[{ queryKey: messagingKeys.all }]]);
    invalidate.mockClear();
    sync.onLive(true);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messagingKeys.all });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: notificationKeys.list() });
  });

  it("keeps a video's processing progress and reloads its lists once it is done", () => {
    const upload = '0B9A3C5E-1F2D-4A6B-8C7D-9E0F1A2B3C4D';
    const key = videoProcessingKeys.upload(upload.toLowerCase());
    const sync = createLiveSync(queryClient);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    sync.onFrame({
      type: 'upload_processing',
      upload_id: upload,
      state: 'processing',
      progress: 42.4,
    });
    expect(queryClient.getQueryData(key)).toEqual({
      state: 'processing',
      progress: 42,
      error: null,
    });
    // Progress alone asks the server nothing.
    expect(invalidate).not.toHaveBeenCalled();

    sync.onFrame({ type: 'upload_processing', upload_id: upload, state: 'ready', progress: 97 });
    expect(queryClient.getQueryData(key)).toEqual({ state: 'ready', progress: 100, error: null });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: postKeys.all });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: libraryKeys.all });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: messagingKeys.all });
  });

  it('keeps the reason a video failed', () => {
    const upload = '0b9a3c5e-1f2d-4a6b-8c7d-9e0f1a2b3c4d';
    const sync = createLiveSync(queryClient);
    sync.onFrame({
      type: 'upload_processing',
      upload_id: upload,
      state: 'failed',
      progress: 12,
      error: 'The video file is truncated or damaged.',
    });
    expect(queryClient.getQueryData(videoProcessingKeys.upload(upload))).toEqual({
      state: 'failed',
      progress: 12,
      error: 'The video file is truncated or damaged.',
    });
  });

  it('after a reconnect, reloads the post lists that hold a video in the making', async () => {
    const page = (posts: Post[]): PostPages => ({
      pages: [{ posts, next: undefined }],
      pageParams: [''],
    });
    const post = (id: number, extra: Partial<Post> = {}): Post =>
      postBody({ id, created_at: '2025-01-01T00:00:00Z', ...extra });
    queryClient.setQueryData(postKeys.feed(), page([post(1, { video_state: 'processing' })]));
    queryClient.setQueryData(postKeys.user(7), page([post(2, { video_state: 'ready' }), post(3)]));
    const sync = createLiveSync(queryClient);
    sync.onLive(true);
    await Promise.resolve();
    expect(queryClient.getQueryState(postKeys.feed())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(postKeys.user(7))?.isInvalidated).toBe(false);
  });
});
