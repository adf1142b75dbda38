import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkHealth } from './health';

afterEach(() => {
  vi.useRealTimers();
});

describe('checkHealth', () => {
  it('passes when GET /api/ answers OK', async () => {
    const fetchImpl = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response('{"status":"ok"}', { status: 200 }),
    );
    expect(await checkHealth({ fetchImpl })).toBe(true);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/api/');
  });

  it('tries twice, 0.5 s apart, then fails', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn(async () => new Response('{}', { status: 503 }));
    const result = checkHealth({ fetchImpl });
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe(false);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('gives up on an answer after 3 s and succeeds on the second try', async () => {
    vi.useFakeTimers();
    let call = 0;
    const fetchImpl = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
      call += 1;
      if (call === 2) return Promise.resolve(new Response('{}', { status: 200 }));
      return new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError')));
      });
    });
    const result = checkHealth({ fetchImpl: fetchImpl as typeof fetch });
    await vi.advanceTimersByTimeAsync(3000);
    await vi.advanceTimersByTimeAsync(500);
    expect(await result).toBe(true);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });
});
