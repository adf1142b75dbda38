/** Keys whose changes are counted at most; past it, everything is dropped at once instead. */
const MAX_CHANGE_COUNTS = 100_000;

/** What a read saw before it went to the database: whether its key changed while it read. */
export type Stamp = { readonly changes: number; readonly resets: number };

/**
 * Values read from the database, kept by numeric key (a user, an author) until a change notice
 * drops them, they grow old, or room is needed (the least recently used go first).
 *
 * A read that raced a change must not be kept, or the change would be lost until the value
 * grows old: take a `stamp` before reading, and `keep` refuses the value if its key was dropped
 * or everything cleared meanwhile.
 */
export function createKeptValues<V>(options: {
  /** Bounds how long a value could be wrong if a notice were ever lost. */
  maxAgeMs: number;
  /** The most weight kept in all, in the unit of `weigh` (1 per value by default). */
  maxWeight: number;
  weigh?: (value: V) => number;
  /** False while notices are not arriving: nothing is answered from memory or kept then. */
  live: () => boolean;
}) {
  const weigh = options.weigh ?? (() => 1);
  const entries = new Map<number, { value: V; weight: number; keptAt: number }>();
  let weight = 0;
  const changes = new Map<number, number>();
  let resets = 0;

  function remove(key: number) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    weight -= entry.weight;
  }

  const kept = {
    /** The kept value, if it is young enough and notices are arriving. */
    fresh(key: number): V | undefined {
      const entry = entries.get(key);
      if (!entry || !options.live() || Date.now() - entry.keptAt >= options.maxAgeMs) {
        return undefined;
      }
      // Used again: to the end of the eviction order.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },

    stamp(key: number): Stamp {
      return { changes: changes.get(key) ?? 0, resets };
    },

    /** Keeps a value read after `stamp`, unless its key changed since. */
    keep(key: number, value: V, stamp: Stamp): void {
      if (!options.live() || stamp.resets !== resets) return;
      if ((changes.get(key) ?? 0) !== stamp.changes) return;
      remove(key);
      const entryWeight = weigh(value);
      entries.set(key, { value, weight: entryWeight, keptAt: Date.now() });
      weight += entryWeight;
      for (const [oldest] of entries) {
        if (weight <= options.maxWeight) break;
        remove(oldest);
      }
    },

    /** The kept value, or one read now and kept. */
    async get(key: number, read: () => Promise<V>): Promise<V> {
      const found = kept.fresh(key);
      if (found !== undefined) return found;
      const stamp = kept.stamp(key);
      const value = await read();
      kept.keep(key, value, stamp);
      return value;
    },

    /** The value of `key` changed. */
    drop(key: number): void {
      // Counts are kept for keys never read too; past a bound, forgetting everything is safe.
      if (changes.size >= MAX_CHANGE_COUNTS && !changes.has(key)) {
        kept.clear();
        return;
      }
      changes.set(key, (changes.get(key) ?? 0) + 1);
      remove(key);
    },

    /** Everything may have changed. */
    clear(): void {
      resets += 1;
      entries.clear();
      changes.clear();
      weight = 0;
    },
  };
  return kept;
}
