import type { KvKey, KvStore, KvStoreListEntry } from '@fedify/fedify';
import type { Redis } from 'ioredis';
import { ttlMs } from './kv-store.ts';

const DEFAULT_NAMESPACE = 'zura:fedify:';
const SCAN_COUNT = 500;

/**
 * JSON with object keys sorted, so that equal values are equal strings: `cas` compares what is
 * stored with what is expected as text (PostgreSQL's jsonb compares them as values).
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : inner,
  );
}

/** `*`, `?`, `[`, `]` and `\` are SCAN's pattern characters: a key's own are matched as such. */
const globEscaped = (text: string) => text.replace(/[*?[\]\\]/g, '\\$&');

/** Sets KEYS[1] to ARGV[3] (with a TTL of ARGV[4] ms, if any) when it holds what is expected. */
const CAS_SCRIPT = `
local current = redis.call('GET', KEYS[1])
if ARGV[1] == 'absent' then
  if current then return 0 end
elseif current ~= ARGV[2] then
  return 0
end
if ARGV[4] ~= '' then
  redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
else
  redis.call('SET', KEYS[1], ARGV[3])
end
return 1`;

/**
 * Fedify's `KvStore` on Redis, used instead of the PostgreSQL one when `REDIS_URL` is set: what
 * Fedify caches on every delivery it checks (remote keys and documents, activities already
 * handled, circuit breakers) is then read from memory, shared by every instance. A key is the
 * namespace and the JSON of Fedify's key array; Redis's own expiry keeps the TTLs, and `cas` is
 * one script, so two instances racing on one key cannot both win. (`@fedify/redis` exists but
 * lags behind Fedify 2.3; this is its small part that we use.)
 */
export function createRedisKvStore(redis: Redis, options: { namespace?: string } = {}): KvStore {
  const namespace = options.namespace ?? DEFAULT_NAMESPACE;
  const redisKey = (key: KvKey) => `${namespace}${JSON.stringify(key)}`;
  const expiry = (ttl: Parameters<typeof ttlMs>[0]) => {
    const ms = ttlMs(ttl);
    return ms === undefined ? undefined : Math.max(1, Math.ceil(ms));
  };

  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const text = await redis.get(redisKey(key));
      return text === null ? undefined : (JSON.parse(text) as T);
    },

    async set(key, value, setOptions) {
      const ms = expiry(setOptions);
      const text = canonicalJson(value);
      if (ms === undefined) await redis.set(redisKey(key), text);
      else await redis.set(redisKey(key), text, 'PX', ms);
    },

    async delete(key) {
      await redis.del(redisKey(key));
    },

    async cas(key, expectedValue, newValue, setOptions) {
      const ms = expiry(setOptions);
      const swapped = await redis.eval(
        CAS_SCRIPT,
        1,
        redisKey(key),
        expectedValue === undefined ? 'absent' : 'value',
        expectedValue === undefined ? '' : canonicalJson(expectedValue),
        canonicalJson(newValue),
        ms === undefined ? '' : String(ms),
      );
      return swapped === 1;
    },

    async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
      // The JSON of a prefix array, without its closing bracket, starts the JSON of every key
      // under it; a following "," or "]" tells ["list"] from ["listing"].
      const start = prefix ? `${namespace}${JSON.stringify(prefix).slice(0, -1)}` : namespace;
      const keys: string[] = [];
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(
          cursor,
          'MATCH',
          `${globEscaped(start)}*`,
          'COUNT',
          SCAN_COUNT,
        );
        cursor = next;
        for (const key of found) {
          const rest = key.slice(start.length);
          if (!prefix || rest.startsWith(',') || rest === ']') keys.push(key);
        }
      } while (cursor !== '0');
      // Rare (Fedify lists a cache's prefix); sorted, as the PostgreSQL store answers.
      keys.sort();
      const values = keys.length > 0 ? await redis.mget(...keys) : [];
      for (const [index, key] of keys.entries()) {
        const text = values[index];
        // Expired between the scan and the read: absent.
        if (text === null || text === undefined) continue;
        const parsed = JSON.parse(key.slice(namespace.length)) as string[];
        const [first, ...others] = parsed;
        if (first === undefined) continue;
        yield { key: [first, ...others], value: JSON.parse(text) };
      }
    },
  };
}
