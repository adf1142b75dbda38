import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerFrame } from './frames';
import {
  LiveConnection,
  TOKEN_RENEWAL_LEAD_MS,
  type LiveStatus,
  type SocketLike,
} from './live-connection';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

function setup(
  overrides: { token?: string | null; healthy?: boolean; refreshed?: string | null } = {},
) {
  const sockets: FakeSocket[] = [];
  const statuses: LiveStatus[] = [];
  const frames: ServerFrame[] = [];
  const refreshToken = vi.fn(async (_stale: string) => overrides.refreshed ?? null);
  const healthCheck = vi.fn(async () => overrides.healthy ?? true);
  let token = overrides.token === undefined ? 'access-1' : overrides.token;
  const connection = new LiveConnection({
    url: () => 'ws://test/ws/notifications/',
    getToken: async () => token,
    refreshToken: async (stale) => {
      const fresh = await refreshToken(stale);
      if (fresh) token = fresh;
      return fresh;
    },
    healthCheck,
    lastNotificationId: () => 41,
    onFrame: (frame) => frames.push(frame),
    onStatus: (status) => statuses.push(status),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  });
  const latest = () => sockets[sockets.length - 1] as FakeSocket;
  const goLive = async () => {
    await vi.advanceTimersByTimeAsync(0);
    latest().open();
    latest().receive({ type: 'auth_ok', user_id: 1 });
  };
  const setToken = (next: string) => {
    token = next;
  };
  return {
    connection,
    sockets,
    statuses,
    frames,
    refreshToken,
    healthCheck,
    latest,
    goLive,
    setToken,
  };
}

type Frame = { type: string };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('LiveConnection', () => {
  it('authenticates with the token and the newest notification id, then is live', async () => {
    const t = setup();
    t.connection.start();
    await t.goLive();
    expect(t.latest().sent[0]).toEqual({
      type: 'auth',
      token: 'access-1',
      last_notification_id: 41,
    });
    expect(t.connection.status).toBe('open');
    expect(t.statuses).toEqual(['connecting', 'open']);
    t.latest().receive({ type: 'unread_counts', messages: 1, notifications: 2 });
    expect(t.frames.map((frame) => frame.type)).toEqual(['auth_ok', 'unread_counts']);
  });

  it('renews its token on the open socket shortly before the server would close it', async () => {
    const t = setup();
    t.connection.start();
    await vi.advanceTimersByTimeAsync(0);
    t.latest().open();
    t.latest().receive({
      type: 'auth_ok',
      user_id: 1,
      expires_at: Date.now() + TOKEN_RENEWAL_LEAD_MS + 10_000,
    });
    const authFrames = () => t.latest().sent.filter((frame) => (frame as Frame).type === 'auth');
    t.setToken('access-2');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(authFrames()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(authFrames()).toEqual([
      { type: 'auth', token: 'access-1', last_notification_id: 41 },
      { type: 'auth', token: 'access-2' },
    ]);
    expect(t.sockets).toHaveLength(1);
    expect(t.connection.status).toBe('open');
    // A 4401 afterwards refreshes the token the socket ran on last.
    t.latest().drop(4401);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.refreshToken).toHaveBeenCalledWith('access-2');
  });

  it('sends nothing when no newer token is to be had', async () => {
    const t = setup();
    t.connection.start();
    await vi.advanceTimersByTimeAsync(0);
    t.latest().open();
    t.latest().receive({ type: 'auth_ok', user_id: 1, expires_at: Date.now() + 1_000 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(t.latest().sent.filter((frame) => (frame as Frame).type === 'auth')).toHaveLength(1);
  });

  it('does not connect without a token', async () => {
    const t = setup({ token: null });
    t.connection.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.sockets).toHaveLength(0);
    expect(t.healthCheck).not.toHaveBeenCalled();
    expect(t.connection.status).toBe('idle');
  });

  it('does not connect when the health check fails', async () => {
    const t = setup({ healthy: false });
    t.connection.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.sockets).toHaveLength(0);
    expect(t.connection.status).toBe('down');
  });

  it('stops for good after 1006', async () => {
    const t = setup();
    t.connection.start();
    await t.goLive();
    t.latest().drop(1006);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sockets).toHaveLength(1);
    expect(t.connection.status).toBe('down');
  });

  it('reconnects an abnormal close after 2 s × attempt, five times at most', async () => {
    const t = setup();
    t.connection.start();
    await vi.advanceTimersByTimeAsync(0);
    for (const delay of [2000, 4000, 6000, 8000, 10000]) {
      t.latest().open();
      t.latest().drop(1011);
      const before = t.sockets.length;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(t.sockets).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(t.sockets).toHaveLength(before + 1);
    }
    t.latest().open();
    t.latest().drop(1011);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sockets).toHaveLength(6);
    expect(t.connection.status).toBe('down');
  });

  it('starts counting again once live', async () => {
    const t = setup();
    t.connection.start();
    await t.goLive();
    t.latest().drop(1011);
    await vi.advanceTimersByTimeAsync(2000);
    t.latest().open();
    t.latest().receive({ type: 'auth_ok', user_id: 1 });
    t.latest().drop(1011);
    await vi.advanceTimersByTimeAsync(1999);
    expect(t.sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sockets).toHaveLength(3);
  });

  it('refreshes the token once after 4401 and stops on a second 4401', async () => {
    const t = setup({ refreshed: 'access-2' });
    t.connection.start();
    await vi.advanceTimersByTimeAsync(0);
    t.latest().open();
    t.latest().drop(4401);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.refreshToken).toHaveBeenCalledWith('access-1');
    expect(t.sockets).toHaveLength(2);
    t.latest().open();
    expect(t.latest().sent[0]).toMatchObject({ type: 'auth', token: 'access-2' });
    t.latest().drop(4401);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sockets).toHaveLength(2);
    expect(t.refreshToken).toHaveBeenCalledTimes(1);
    expect(t.connection.status).toBe('down');
  });

  it('stops when the refresh is refused', async () => {
    const t = setup({ refreshed: null });
    t.connection.start();
    await vi.advanceTimersByTimeAsync(0);
    t.latest().open();
    t.latest().drop(4401);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.sockets).toHaveLength(1);
    expect(t.connection.status).toBe('down');
  });

  it('closes with 1000 on stop and cancels a pending reconnect', async () => {
    const t = setup();
    t.connection.start();
    await t.goLive();
    t.latest().drop(1011);
    t.connection.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.sockets).toHaveLength(1);
    expect(t.connection.status).toBe('idle');

    t.connection.start();
    await t.goLive();
    const socket = t.latest();
    t.connection.stop();
    expect(socket.closedWith).toBe(1000);
  });

  it('pings while live and treats a silent socket as dropped', async () => {
    const t = setup();
    t.connection.start();
    await t.goLive();
    await vi.advanceTimersByTimeAsync(25_000);
    expect(t.latest().sent).toContainEqual({ type: 'ping' });
    t.latest().receive({ type: 'pong' });
    await vi.advanceTimersByTimeAsync(75_000);
    // Silent for more than two intervals: closed and, being abnormal, reconnected.
    expect(t.sockets[0]?.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.sockets).toHaveLength(2);
  });

  it('only sends frames while live', async () => {
    const t = setup();
    t.connection.start();
    expect(t.connection.send({ type: 'mark_all_read' })).toBe(false);
    await t.goLive();
    expect(t.connection.send({ type: 'mark_all_read' })).toBe(true);
    expect(t.latest().sent).toContainEqual({ type: 'mark_all_read' });
  });
});
