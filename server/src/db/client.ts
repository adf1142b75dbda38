import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle; services pass it explicitly to repos. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the pool-backed database or a transaction: what a repo function accepts. */
export type Executor = Database | Tx;

export type DatabaseHandle = {
  db: Database;
  pool: pg.Pool;
  /** Opens the pool's connections ahead of need; never throws (the pool retries on demand). */
  fill: () => Promise<void>;
  close: () => Promise<void>;
};

export function createDatabase(connectionString: string, max = 10): DatabaseHandle {
  // A fixed-size pool once warm (min = max): a quiet spell must not close the connections, or the
  // next burst waits for new ones (TLS or SCRAM handshakes) and prepares every statement again.
  const pool = new pg.Pool({ connectionString, max, min: max, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  const fill = async () => {
    const clients = await Promise.all(
      Array.from({ length: max }, () => pool.connect().catch(() => undefined)),
    );
    for (const client of clients) client?.release();
  };
  return { db, pool, fill, close: () => pool.end() };
}
