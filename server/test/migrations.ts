import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { migrationsFolder } from '../src/db/migrate.ts';

/** Helpers for tests of one migration over data that was there before it. */

/**
 * A fresh database on the test server, migrated up to the migration named `tag` (its name
 * without the number, which may change) but not including it, handed to `run`; dropped after.
 * `run` writes the old data, then runs the remaining migrations itself.
 */
export async function withDatabaseBefore(
  tag: string,
  run: (handle: DatabaseHandle) => Promise<void>,
): Promise<void> {
  const serverUrl = new URL(inject('databaseServerUrl'));
  const name = `zura_before_${randomBytes(4).toString('hex')}`;
  serverUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  serverUrl.pathname = `/${name}`;
  const handle = createDatabase(serverUrl.toString(), 1);
  // The migrations before `tag`, in a folder of their own.
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'zura-migrations-'));
  try {
    fs.cpSync(migrationsFolder, before, { recursive: true });
    const journalPath = path.join(before, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const target = journal.entries.find((entry) => entry.tag.replace(/^\d+_/, '') === tag);
    if (!target) throw new Error(`no migration named ${tag}`);
    journal.entries = journal.entries.filter((entry) => entry.idx < target.idx);
    fs.writeFileSync(journalPath, JSON.stringify(journal));
    await migrate(handle.db, { migrationsFolder: before });
    await run(handle);
  } finally {
    fs.rmSync(before, { recursive: true, force: true });
    await handle.close();
    await admin.query(`drop database ${name}`);
    await admin.end();
  }
}
