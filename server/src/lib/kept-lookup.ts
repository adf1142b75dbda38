import DataLoader from 'dataloader';
import { createKeptValues } from './kept-values.ts';

/**
 * Values read from the database by numeric key and kept (see `kept-values.ts`) once found; a
 * key not found is asked again next time. The keys not kept that are asked for in one turn of
 * the event loop share one read: when requests queue up (after a start, in a burst of new
 * visitors) they arrive together, and the database answers them all with one statement.
 */
export function createKeptLookup<V>(options: {
  /** Bounds how long a value could be wrong if a change notice were ever lost. */
  maxAgeMs: number;
  /** The most values kept; the least recently used go first. */
  maxValues: number;
  /** False while change notices are not arriving: nothing is answered from memory or kept. */
  live: () => boolean;
  /** The values of the keys found, by key; keys not found are left out. */
  read: (keys: readonly number[]) => Promise<Map<number, V>>;
}) {
  const kept = createKeptValues<V>({
    maxAgeMs: options.maxAgeMs,
    maxWeight: options.maxValues,
    live: options.live,
  });
  const reads = new DataLoader<number, V | undefined>(
    async (keys) => {
      const found = await options.read(keys);
      return keys.map((key) => found.get(key));
    },
    // No cache of its own (`kept` is the cache, with its invalidation); a batch collects every
    // key asked for until the event loop's check phase, across requests.
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch), maxBatchSize: 500 },
  );

  return {
    async get(key: number): Promise<V | undefined> {
      const fresh = kept.fresh(key);
      if (fresh !== undefined) return fresh;
      const stamp = kept.stamp(key);
      const found = await reads.load(key);
      if (found !== undefined) kept.keep(key, found, stamp);
      return found;
    },
    /** The value kept and fresh, without a read or a promise; undefined when it must be asked. */
    known: (key: number): V | undefined => kept.fresh(key),
    drop: (key: number) => kept.drop(key),
    clear: () => kept.clear(),
  };
}
