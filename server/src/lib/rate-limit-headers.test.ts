import { describe, expect, it } from 'vitest';
import { announceLimit, announcingLimits, type HeaderSink } from './rate-limit-headers.ts';

function sink(sent = false): HeaderSink & { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  return {
    sent,
    headers,
    header(name, value) {
      headers[name] = value;
    },
    getHeader: (name) => headers[name],
  };
}

describe('announceLimit', () => {
  it('keeps the tightest of the limits a request counted against', async () => {
    const reply = sink();
    await announcingLimits(reply, async () => {
      announceLimit(300, 299, 60);
      await Promise.resolve();
      announceLimit(20, 3, 3599.2);
      announceLimit(100, 50, 10);
    });
    expect(reply.headers).toEqual({
      'ratelimit-limit': '20',
      'ratelimit-remaining': '3',
      'ratelimit-reset': '3600',
    });
  });

  it('writes nothing outside a request, or once the answer is sent', () => {
    const sent = sink(true);
    announcingLimits(sent, () => announceLimit(20, 3, 60));
    expect(sent.headers).toEqual({});
    expect(() => announceLimit(20, 3, 60)).not.toThrow();
  });
});
