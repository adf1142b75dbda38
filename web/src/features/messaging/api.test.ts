import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../lib/session';
import { accessToken, fakeFetch, jsonResponse, memoryStorage } from '../../lib/test-helpers';
import {
  ACTIVE_CONVERSATION_STORAGE_KEY,
  conversationList,
  parseConversations,
  startConversation,
  totalUnread,
} from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('conversation list shapes', () => {
  const items = [
    { id: 1, unread_count: 2 },
    { id: 2, unread: 3 },
  ];

  it.each([
    ['a bare array', items],
    ['results', { results: items }],
    ['data', { data: items }],
    ['conversations', { conversations: items }],
  ])('reads %s', (_name, body) => {
    expect(conversationList(body)).toHaveLength(2);
  });

  it('treats anything else as empty', () => {
    expect(conversationList(null)).toEqual([]);
    expect(conversationList({ detail: 'x' })).toEqual([]);
  });

  it('sums unread counts of both shapes and skips malformed rows', () => {
    const parsed = parseConversations([...items, { nope: true }, { id: 3 }]);
    expect(parsed).toHaveLength(3);
    expect(totalUnread(parsed)).toBe(5);
  });
});

describe('startConversation', () => {
  it('posts the recipient and remembers the conversation as active', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('navigator', {});
    setSession({ access: accessToken(1, 60), refresh: 'r1' });
    const { calls, fetchStub } = fakeFetch(() => jsonResponse(201, { id: 42 }));
    vi.stubGlobal('fetch', fetchStub);

    expect(await startConversation(7)).toEqual({ id: 42 });
    expect(calls[0]).toMatchObject({
      url: '/api/messaging/conversations/start_conversation/',
      method: 'POST',
      body: { recipient_id: 7 },
    });
    expect(storage.getItem(ACTIVE_CONVERSATION_STORAGE_KEY)).toBe('42');
  });
});
