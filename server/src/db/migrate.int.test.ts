import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

/** Instances started together after an upgrade migrate one after the other, never both at once. */
describe('runMigrations', () => {
  it('from several instances at once: each succeeds and every migration is applied once', async () => {
    const serverUrl = new URL(inject('databaseServerUrl'));
    const name = `zura_migrate_${randomBytes(4).toString('hex')}`;
    serverUrl.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: serverUrl.toString() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    serverUrl.pathname = `/${name}`;
    const instances = [1, 2, 3].map(() => createDatabase(serverUrl.toString(), 2));
    try {
      await Promise.all(instances.map((instance) => runMigrations(instance.db)));
      const { rows } = await instances[0]!.pool.query<{ hash: string }>(
        'select hash from drizzle.__drizzle_migrations',
      );
      expect(rows.length).toBeGreaterThan(20);
      expect(new Set(rows.map((row) => row.hash)).size).toBe(rows.length);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await admin.query(`drop database ${name}`);
      await admin.end();
    }
  });
});
