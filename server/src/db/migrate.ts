import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

export const migrationsFolder = path.join(import.meta.dirname, '..', '..', 'drizzle');

/** Applies the committed SQL migrations; safe to run on every start and from several instances. */
export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
}
