import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { withDatabaseBefore } from '../../../test/migrations.ts';

/**
 * Profile paths take an id or a username: digits always mean the id, and no username is ever all
 * digits, so one path can never name two accounts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('a path of digits', () => {
  it('means the id, written as ids are (no leading zeros, above 0, a safe integer)', async () => {
    const viewer = await buildUser(t);
    const owner = await buildUser(t);
    const res = await t.request({
      method: 'GET',
      url: `/api/auth/users/${owner.id}/`,
      token: viewer.access,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: owner.id, username: owner.username });
    // Digits are never a username, so what is not an id is refused, not looked up.
    for (const path of [`000${owner.id}`, '9'.repeat(20), '0']) {
      const res = await t.request({
        method: 'GET',
        url: `/api/auth/users/${path}/`,
        token: viewer.access,
      });
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toMatchObject({ idOrUsername: ['Not a valid user id.'] });
    }
  });

  it('can never be a username: the database refuses one', async () => {
    const user = await buildUser(t);
    await expect(
      t.pool.query(`UPDATE users SET username = '12345' WHERE id = $1`, [user.id]),
    ).rejects.toThrow(/users_username_not_digits/);
  });
});

// Runs the whole migration history on a new database: slow on a busy machine.
describe('migration usernames_not_digits', { timeout: 120_000 }, () => {
  it('renames every all-digit username to user_<id>, with a suffix when that is taken', async () => {
    await withDatabaseBefore('usernames_not_digits', async ({ db, pool }) => {
      const { rows } = await pool.query<{ id: number }>(
        `insert into users (username, email, password_hash)
         values ('039', 'a@example.com', 'x'), ('12345', 'b@example.com', 'x'),
                ('kept_name', 'c@example.com', 'x'), ('placeholder', 'd@example.com', 'x')
         returning id::int`,
      );
      const [digits, moreDigits, kept, squatter] = rows.map((row) => row.id) as number[];
      // Someone already holds the name the second account would get.
      await pool.query('update users set username = $2 where id = $1', [
        squatter,
        `User_${moreDigits}`,
      ]);

      await runMigrations(db);
      const { rows: after } = await pool.query<{ id: number; username: string }>(
        'select id::int, username from users order by id',
      );
      expect(after).toEqual([
        { id: digits, username: `user_${digits}` },
        {
          id: moreDigits,
          username: expect.stringMatching(new RegExp(`^user_${moreDigits}_[0-9a-f]{8}$`)),
        },
        { id: kept, username: 'kept_name' },
        { id: squatter, username: `User_${moreDigits}` },
      ]);
    });
  });
});
