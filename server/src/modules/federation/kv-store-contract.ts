import { Temporal } from '@js-temporal/polyfill';
import type { KvStore } from '@fedify/fedify';
import { beforeAll, describe, expect, it } from 'vitest';

/** Fedify's durations are the polyfill's; the interfaces name TypeScript's own Temporal. */
const duration = (like: Temporal.DurationLike) =>
  Temporal.Duration.from(like) as unknown as globalThis.Temporal.Duration;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What any of our Fedify key-value stores must do (PostgreSQL's, Redis's): `kv` and `other` are
 * two instances' stores over one backing store, `another` makes a third (for racers). Each
 * store under test starts empty.
 */
export function describeKvStore(
  label: string,
  stores: () => { kv: KvStore; other: KvStore; another: () => KvStore },
) {
  describe(label, () => {
    let kv: KvStore;
    let other: KvStore;
    beforeAll(() => {
      ({ kv, other } = stores());
    });

    it('gets what was set, from another instance too, and nothing once deleted', async () => {
      const value = {
        id: 'https://remote.example/u',
        n: 3,
        list: ['a', 'b'],
        nested: { ok: true },
      };
      expect(await kv.get(['doc', 'x'])).toBeUndefined();
      await kv.set(['doc', 'x'], value);
      expect(await other.get(['doc', 'x'])).toEqual(value);
      await kv.set(['doc', 'x'], 'replaced');
      expect(await kv.get(['doc', 'x'])).toBe('replaced');
      await kv.set(['n'], 42);
      expect(await kv.get(['n'])).toBe(42);
      await other.delete(['doc', 'x']);
      expect(await kv.get(['doc', 'x'])).toBeUndefined();
      // Keys are whole arrays: a prefix or a longer key is another key.
      await kv.set(['a', 'b'], 1);
      expect(await kv.get(['a'])).toBeUndefined();
      expect(await kv.get(['a', 'b', 'c'])).toBeUndefined();
    });

    it('forgets a value when its TTL runs out', async () => {
      await kv.set(['ttl'], 'short', { ttl: duration({ milliseconds: 300 }) });
      await kv.set(['ttl', 'long'], 'long', { ttl: duration({ hours: 1 }) });
      expect(await kv.get(['ttl'])).toBe('short');
      await sleep(400);
      expect(await kv.get(['ttl'])).toBeUndefined();
      expect(await kv.get(['ttl', 'long'])).toBe('long');
      // Setting again without a TTL keeps it for good.
      await kv.set(['ttl'], 'kept');
      expect(await kv.get(['ttl'])).toBe('kept');
    });

    it('compares and swaps atomically, an expired value counting as absent', async () => {
      const cas = kv.cas?.bind(kv);
      if (!cas) throw new Error('cas expected');
      expect(await cas(['cas'], undefined, { v: 1 })).toBe(true);
      expect(await cas(['cas'], undefined, { v: 2 })).toBe(false);
      expect(await cas(['cas'], { v: 9 }, { v: 2 })).toBe(false);
      expect(await cas(['cas'], { v: 1 }, { v: 2 })).toBe(true);
      expect(await kv.get(['cas'])).toEqual({ v: 2 });
      // Ten racers on one value: exactly one wins.
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          stores()
            .another()
            .cas?.(['cas'], { v: 2 }, { v: 10 + i }),
        ),
      );
      expect(results.filter(Boolean).length).toBe(1);
      await kv.set(['cas', 'dead'], 'old', { ttl: duration({ milliseconds: 100 }) });
      await sleep(200);
      expect(await cas(['cas', 'dead'], 'old', 'new')).toBe(false);
      expect(await cas(['cas', 'dead'], undefined, 'new')).toBe(true);
      expect(await kv.get(['cas', 'dead'])).toBe('new');
    });

    it('lists the live entries under a prefix', async () => {
      await kv.set(['list', 'one'], 1);
      await kv.set(['list', 'two', 'deep'], 2);
      await kv.set(['listing'], 3);
      await kv.set(['list', 'gone'], 4, { ttl: duration({ milliseconds: 50 }) });
      await sleep(100);
      const entries: { key: readonly string[]; value: unknown }[] = [];
      for await (const entry of kv.list(['list'])) entries.push(entry);
      expect(entries).toEqual([
        { key: ['list', 'one'], value: 1 },
        { key: ['list', 'two', 'deep'], value: 2 },
      ]);
      const all: unknown[] = [];
      for await (const entry of kv.list()) all.push(entry.key);
      expect(all).toContainEqual(['listing']);
    });
  });
}
