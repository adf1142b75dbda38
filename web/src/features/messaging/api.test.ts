import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../lib/session';
import { accessToken, fakeFetch, jsonResponse, memoryStorage } from '../../lib/test-helpers';
import { ACTIVE_CONVERSATION_STORAGE_KEY, startConversation, totalUnread } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('totalUnread', () => {
  it('sums the unread counts', () => {
    expect(totalUnread([{ unread_count: 2 }, { unread_count: 3 }, { unread_count: 0 }])).toBe(5);
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
