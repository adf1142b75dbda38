import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Database } from './client.ts';

export const migrationsFolder = path.join(import.meta.dirname, '..', '..', 'drizzle');

/** The advisory lock the instances of one database take in turn to migrate ('zura'). */
const MIGRATION_LOCK = 0x7a757261;

/**
 * Applies the committed SQL migrations; safe to run on every start and from several instances.
 * Drizzle reads which migrations are done and then applies the rest, so two instances starting
 * together after an upgrade would both apply the same one and the second would fail: they take
 * an advisory lock in turn, and the second finds nothing left to do.
 */
export async function runMigrations(db: Database): Promise<void> {
  // Drizzle keeps the pool (or client) it was made with as `$client`; `Database` leaves it out.
  const connection = (db as Database & { $client: pg.Pool | pg.PoolClient | pg.Client }).$client;
  const client = connection instanceof pg.Pool ? await connection.connect() : undefined;
  const session = client ?? connection;
  try {
    await session.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(session), { migrationsFolder });
    } finally {
      await session.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client?.release();
  }
}
