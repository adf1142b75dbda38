import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { createDatabase } from '../../db/client.ts';
import { createAccountCheck } from './account-check.ts';

describe('account check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers ids asked for together with one query, each with its own answer', async () => {
    const users = await Promise.all([buildUser(t), buildUser(t), buildUser(t)]);
    const ids = users.map((user) => user.id);
    const missing = Math.max(...ids) + 1_000;
    // A pool of its own, so that only this check's queries are counted (the app's job queue
    // polls through the app's pool).
    const database = createDatabase(t.databaseUrl, 2);
    const accountExists = createAccountCheck(database.db, t.services.changes);
    let queries = 0;
    database.pool.on('acquire', () => (queries += 1));
    try {
      const answers = await Promise.all([...ids, missing].map((id) => accountExists(id)));
      expect(answers).toEqual([true, true, true, false]);
      expect(queries).toBe(1);
      // Remembered now, except the id that was not found: only that one is asked again.
      expect(await Promise.all([...ids, missing].map((id) => accountExists(id)))).toEqual([
        true,
        true,
        true,
        false,
      ]);
      expect(queries).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('refuses a deleted account on the next check', async () => {
    const user = await buildUser(t);
    const accountExists = createAccountCheck(t.db, t.services.changes);
    expect(await accountExists(user.id)).toBe(true);
    await t.pool.query('delete from users where id = $1', [user.id]);
    await t.services.changes.sync();
    expect(await accountExists(user.id)).toBe(false);
  });
});
