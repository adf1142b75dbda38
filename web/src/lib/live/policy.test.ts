import { describe, expect, it } from 'vitest';
import { MAX_RECONNECT_ATTEMPTS, decideOnClose, liveSocketUrl, reconnectDelay } from './policy';

const fresh = { attempts: 0, authRetried: false };

describe('decideOnClose', () => {
  it.each([1000, 1001])('stops after a normal close (%i)', (code) => {
    expect(decideOnClose(code, fresh)).toEqual({ action: 'stop', reason: 'closed' });
  });

  it('stops after 1006 (network), as the spec says', () => {
    expect(decideOnClose(1006, fresh)).toEqual({ action: 'stop', reason: 'network' });
  });

  it('refreshes the token once after 4401, then stops', () => {
    expect(decideOnClose(4401, fresh)).toEqual({ action: 'refresh' });
    expect(decideOnClose(4401, { attempts: 0, authRetried: true })).toEqual({
      action: 'stop',
      reason: 'auth',
    });
  });

  it.each([4403, 4400])('stops when refused for good (%i)', (code) => {
    expect(decideOnClose(code, fresh)).toEqual({ action: 'stop', reason: 'refused' });
  });

  it('reconnects other abnormal closes with 2 s × attempt, at most 5 times', () => {
    const delays: number[] = [];
    let attempts = 0;
    for (;;) {
      const decision = decideOnClose(1011, { attempts, authRetried: false });
      if (decision.action !== 'reconnect') {
        expect(decision).toEqual({ action: 'stop', reason: 'exhausted' });
        break;
      }
      attempts = decision.attempt;
      delays.push(decision.delayMs);
    }
    expect(delays).toEqual([2000, 4000, 6000, 8000, 10000]);
    expect(attempts).toBe(MAX_RECONNECT_ATTEMPTS);
  });

  it('treats the auth timeout (4408) and a client timeout (4000) as abnormal', () => {
    expect(decideOnClose(4408, fresh)).toMatchObject({ action: 'reconnect', attempt: 1 });
    expect(decideOnClose(4000, fresh)).toMatchObject({ action: 'reconnect', delayMs: 2000 });
  });
});

describe('socket helpers', () => {
  it('computes the delay of an attempt', () => {
    expect(reconnectDelay(1)).toBe(2000);
    expect(reconnectDelay(3)).toBe(6000);
  });

  it('builds the socket URL of the page origin', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'zura.example' })).toBe(
      'wss://zura.example/ws/notifications/',
    );
    expect(liveSocketUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/ws/notifications/',
    );
  });
});
