import { describe, expect, it, vi } from 'vitest';
import { createKeptValues } from './kept-values.ts';

function kept(options: Partial<Parameters<typeof createKeptValues<string>>[0]> = {}) {
  let live = true;
  const values = createKeptValues<string>({
    maxAgeMs: 1_000,
    maxWeight: 3,
    live: () => live,
    ...options,
  });
  return { values, setLive: (value: boolean) => (live = value) };
}

describe('kept values', () => {
  it('reads once, then answers from memory', async () => {
    const { values } = kept();
    const read = vi.fn(async () => 'a');
    expect(await values.get(1, read)).toBe('a');
    expect(await values.get(1, read)).toBe('a');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('does not keep a read that raced a change of its key, or a clear', async () => {
    const { values } = kept();
    expect(await values.get(1, async () => (values.drop(1), 'stale'))).toBe('stale');
    expect(values.fresh(1)).toBeUndefined();
    expect(await values.get(2, async () => (values.clear(), 'stale'))).toBe('stale');
    expect(values.fresh(2)).toBeUndefined();
    // A change of another key does not matter.
    expect(await values.get(3, async () => (values.drop(4), 'fine'))).toBe('fine');
    expect(values.fresh(3)).toBe('fine');
  });

  it('drops the least recently used first when over its weight', async () => {
    const { values } = kept();
    for (const key of [1, 2, 3]) await values.get(key, async () => `v${key}`);
    values.fresh(1); // 1 is used again, so 2 is now the oldest
    await values.get(4, async () => 'v4');
    expect(values.fresh(2)).toBeUndefined();
    expect([values.fresh(1), values.fresh(3), values.fresh(4)]).toEqual(['v1', 'v3', 'v4']);
  });

  it('weighs values when told how', async () => {
    const { values } = kept({ maxWeight: 10, weigh: (value) => value.length });
    await values.get(1, async () => 'aaaaaa');
    await values.get(2, async () => 'bbbbbb');
    expect(values.fresh(1)).toBeUndefined();
    expect(values.fresh(2)).toBe('bbbbbb');
  });

  it('forgets values past their age, and answers nothing from memory while not live', async () => {
    vi.useFakeTimers();
    try {
      const { values, setLive } = kept();
      await values.get(1, async () => 'a');
      vi.advanceTimersByTime(1_001);
      expect(values.fresh(1)).toBeUndefined();
      await values.get(1, async () => 'b');
      setLive(false);
      expect(values.fresh(1)).toBeUndefined();
      await values.get(2, async () => 'c');
      setLive(true);
      expect(values.fresh(2)).toBeUndefined();
      expect(values.fresh(1)).toBe('b');
    } finally {
      vi.useRealTimers();
    }
  });
});
