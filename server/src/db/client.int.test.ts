import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { createDatabase, type DatabaseHandle } from './client.ts';

describe('database pool', () => {
  let t: TestApp | undefined;
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    await t?.close();
  });

  it('opens every connection on fill and keeps them idle, ready for the next request', async () => {
    t = await buildTestApp();
    database = createDatabase(t.databaseUrl, 4);
    expect(database.pool.totalCount).toBe(0);
    await database.fill();
    expect(database.pool.totalCount).toBe(4);
    expect(database.pool.idleCount).toBe(4);
    // Each is a working connection to the same database.
    const { rows } = await database.pool.query<{ n: number }>('select 1 as n');
    expect(rows[0]?.n).toBe(1);
    expect(database.pool.totalCount).toBe(4);
  });
});
