import { QueryClient } from '@tanstack/react-query';
import type { CallSummary } from '@zura/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../lib/session';
import { accessToken, memoryStorage } from '../../lib/test-helpers';
import { incomingCall, receiveCall } from '../calls';
import type { ChatMessage } from '../messaging';
import type { MessageThread } from '../messaging';
import { createLiveSync } from './live-sync';
import { messagingKeys } from '../../lib/query-keys';

/** Issue 32: the live sync feeds the app-wide call store, which rings on any page. */

let queryClient: QueryClient;

/** A call user 2 places to the signed-in user 1, announced by message 31 of conversation 5. */
function call(overrides: Partial<CallSummary> = {}): CallSummary {
  return {
    id: 4,
    conversation_id: 5,
    message_id: 31,
    room_id: 'room_1_2',
    caller_id: 2,
    caller_username: 'kate',
    callee_id: 1,
    state: 'ringing',
    started_at: new Date().toISOString(),
    answered_at: null,
    ended_at: null,
    duration_seconds: null,
    ...overrides,
  };
}

const announcement: ChatMessage = {
  id: 31,
  conversation_id: 5,
  text: 'kate started a video call',
  created_at: new Date().toISOString(),
  timestamp: new Date().toISOString(),
  sender: 2,
  sender_name: 'kate',
  has_media: false,
  is_locked: false,
  is_unlocked: false,
  price: 0,
  price_cents: 0,
  attachments: [],
  is_system: true,
  roomId: 'room_1_2',
  call: call(),
};

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('navigator', {});
  setSession({ access: accessToken(1, 60), refresh: 'r' });
  queryClient = new QueryClient();
});
afterEach(() => {
  // The store is module state: leave it with nothing ringing.
  receiveCall(call({ state: 'missed' }), 1);
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('call frames', () => {
  it('ring for the callee, and stop when the call is answered (here or on another device)', () => {
    const sync = createLiveSync(queryClient);
    sync.onFrame({ type: 'call', call: call() });
    expect(incomingCall()).toMatchObject({ id: 4, caller_username: 'kate' });
    sync.onFrame({ type: 'call', call: call({ state: 'answered' }) });
    expect(incomingCall()).toBeNull();
  });

  it('do not ring for the caller, nor for a call that has rung out', () => {
    const sync = createLiveSync(queryClient);
    sync.onFrame({ type: 'call', call: call({ caller_id: 1, callee_id: 2 }) });
    expect(incomingCall()).toBeNull();
    const old = new Date(Date.now() - 61_000).toISOString();
    sync.onFrame({ type: 'call', call: call({ started_at: old }) });
    expect(incomingCall()).toBeNull();
  });

  it("redraw the announcement's chip in the open thread", () => {
    const key = messagingKeys.thread(5);
    queryClient.setQueryData<MessageThread>(key, {
      messages: [announcement],
      hasOlder: false,
      loadedAt: Date.now(),
    });
    const sync = createLiveSync(queryClient);
    sync.onFrame({ type: 'call', call: call({ state: 'ended', duration_seconds: 192 }) });
    expect(queryClient.getQueryData<MessageThread>(key)?.messages[0]?.call).toMatchObject({
      state: 'ended',
      duration_seconds: 192,
    });
  });
});

describe('the socket going live', () => {
  it.each([false, true])(
    'asks which calls ring now, so a call started before it was live rings (reconnected: %s)',
    async (reconnected) => {
      const fetchMock = vi.fn(
        async () =>
          new Response(JSON.stringify([call()]), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      );
      vi.stubGlobal('fetch', fetchMock);
      const sync = createLiveSync(queryClient);
      sync.onLive(reconnected);
      await vi.waitFor(() => expect(incomingCall()).toMatchObject({ id: 4 }));
      expect(String(fetchMock.mock.calls[0]?.[0 as never])).toContain('/calls/ringing/');
    },
  );
});
