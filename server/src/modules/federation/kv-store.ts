import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { federationKv } from '../../db/schema/index.ts';

/** One in this many writes also sweeps expired rows, so no timer is needed to keep it small. */
const SWEEP_EVERY = 200;
const SWEEP_BATCH = 500;

/** A TTL in milliseconds; calendar units (months) need a starting point, taken as now. */
export function ttlMs(options: KvStoreSetOptions | undefined): number | undefined {
  const ttl = options?.ttl;
  if (!ttl) return undefined;
  try {
    return ttl.total({ unit: 'milliseconds' });
  } catch {
    return ttl.total({ unit: 'milliseconds', relativeTo: new Date().toISOString().slice(0, 10) });
  }
}

function expiresAt(options: KvStoreSetOptions | undefined) {
  const ms = ttlMs(options);
  return ms === undefined ? null : new Date(Date.now() + ms).toISOString();
}

/** `value` as a jsonb parameter: JSON text, so arrays and strings are not taken for SQL types. */
const jsonb = (value: unknown) => sql`${JSON.stringify(value ?? null)}::jsonb`;
const keyParam = (key: KvKey) => sql`${sql.param([...key])}::text[]`;
const live = sql`(${federationKv.expiresAt} is null or ${federationKv.expiresAt} > now())`;

/**
 * Fedify's `KvStore` on our PostgreSQL: every instance reads and writes the same rows, so what
 * one learned (a remote key, an activity already handled) the others know. Values are jsonb;
 * an expired row reads as absent. `cas` is one conditional statement, so two instances racing on
 * one key cannot both win.
 */
export function createPostgresKvStore(db: Database): KvStore {
  let writes = 0;
  const sweep = async () => {
    writes += 1;
    if (writes % SWEEP_EVERY !== 0) return;
    await db.execute(sql`delete from ${federationKv} where ${federationKv.key} in (
      select ${federationKv.key} from ${federationKv}
       where ${federationKv.expiresAt} <= now() limit ${SWEEP_BATCH})`);
  };

  return {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const { rows } = await db.execute<{ value: T }>(
        sql`select ${federationKv.value} as value from ${federationKv}
             where ${federationKv.key} = ${keyParam(key)} and ${live}`,
      );
      return rows[0]?.value;
    },

    async set(key, value, options) {
      await db.execute(sql`insert into ${federationKv} (key, value, expires_at)
        values (${keyParam(key)}, ${jsonb(value)}, ${expiresAt(options)})
        on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`);
      await sweep();
    },

    async delete(key) {
      await db.execute(
        sql`delete from ${federationKv} where ${federationKv.key} = ${keyParam(key)}`,
      );
    },

    async cas(key, expectedValue, newValue, options) {
      const expires = expiresAt(options);
      // Absent (or expired) is what `undefined` expects: an insert that only replaces a dead row.
      const statement =
        expectedValue === undefined
          ? sql`insert into ${federationKv} (key, value, expires_at)
              values (${keyParam(key)}, ${jsonb(newValue)}, ${expires})
              on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
              where ${federationKv.expiresAt} is not null and ${federationKv.expiresAt} <= now()
              returning 1`
          : sql`update ${federationKv} set value = ${jsonb(newValue)}, expires_at = ${expires}
              where ${federationKv.key} = ${keyParam(key)} and ${live}
                and ${federationKv.value} = ${jsonb(expectedValue)}
              returning 1`;
      const { rows } = await db.execute(statement);
      if (rows.length > 0) await sweep();
      return rows.length > 0;
    },

    async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
      // Fedify lists rarely (a prefix of its own caches); a prefix is the key's first elements.
      const where = prefix
        ? sql`${federationKv.key}[1:${prefix.length}] = ${keyParam(prefix)} and ${live}`
        : live;
      const { rows } = await db.execute<{ key: string[]; value: unknown }>(
        sql`select ${federationKv.key} as key, ${federationKv.value} as value from ${federationKv}
             where ${where} order by ${federationKv.key}`,
      );
      for (const row of rows) {
        const [first, ...rest] = row.key;
        if (first === undefined) continue;
        yield { key: [first, ...rest], value: row.value };
      }
    },
  };
}
