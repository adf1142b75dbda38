import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../db/migrate.ts';
import { foldUnreadCounts } from './unread-counts.ts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { withDatabaseBefore } from '../../../test/migrations.ts';
import {
  getAs,
  listMessages,
  postAs,
  sendMessage,
  startConversation,
} from '../../../test/messaging.ts';

/**
 * The unread badges are kept by triggers (migration 0014) instead of counted on every send and
 * read. Whatever changes what is unread, through the API or behind its back in SQL, the kept
 * counts must stay what counting the rows gives.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Badges = { messages: number; notifications: number };

/** What counting every row gives, for each user id asked about. */
async function counted(pool: pg.Pool | pg.Client, ids: number[]): Promise<Badges[]> {
  const { rows } = await pool.query<Badges>(
    `select coalesce((select sum(case when c.user_low_id = u.id then c.low_unread else c.high_unread end)
                        from conversations c
                       where c.user_low_id = u.id or c.user_high_id = u.id), 0)::int as messages,
            (select count(*) from notifications n where n.user_id = u.id and not n.is_read)::int
              as notifications
       from unnest($1::bigint[]) with ordinality as u(id, ord) order by ord`,
    [ids],
  );
  return rows;
}

/** What the triggers kept, for each user id asked about: the sum of their slots (none: 0). */
async function kept(pool: pg.Pool | pg.Client, ids: number[]): Promise<Badges[]> {
  const { rows } = await pool.query<Badges>(
    `select coalesce(sum(k.messages), 0)::int as messages,
            coalesce(sum(k.notifications), 0)::int as notifications
       from unnest($1::bigint[]) with ordinality as u(id, ord)
       left join unread_counts k on k.user_id = u.id
      group by u.ord order by u.ord`,
    [ids],
  );
  return rows;
}

async function expectKeptAsCounted(users: Pick<TestUser, 'id'>[], expected?: Badges[]) {
  const ids = users.map((user) => user.id);
  const truth = await counted(t.pool, ids);
  if (expected) expect(truth).toEqual(expected);
  expect(await kept(t.pool, ids)).toEqual(truth);
}

const notify = (userIds: number[], isRead = false) =>
  t.pool.query(
    `insert into notifications (user_id, type, kind, data, is_read)
     select id, 'system', 'text', '{"title":"Hello","message":"From the operator"}', $2
       from unnest($1::bigint[]) as u(id)`,
    [userIds, isRead],
  );

describe('unread badges kept by the database', () => {
  it('follow sends, reads and notification reads through the API', async () => {
    const alice = await buildUser(t);
    const bob = await buildUser(t);
    const carol = await buildUser(t);
    const withBob = await startConversation(t, alice, bob);
    const withCarol = await startConversation(t, carol, alice);
    await expectKeptAsCounted(
      [alice, bob, carol],
      [
        { messages: 0, notifications: 0 },
        { messages: 0, notifications: 0 },
        { messages: 0, notifications: 0 },
      ],
    );

    await sendMessage(t, alice, withBob.id, 'one');
    await sendMessage(t, alice, withBob.id, 'two');
    await sendMessage(t, bob, withBob.id, 'back');
    await sendMessage(t, carol, withCarol.id, 'hi');
    await expectKeptAsCounted(
      [alice, bob, carol],
      [
        { messages: 2, notifications: 2 },
        { messages: 2, notifications: 2 },
        { messages: 0, notifications: 0 },
      ],
    );

    // Opening a conversation clears its unread messages and their notifications.
    await listMessages(t, bob, withBob.id);
    await expectKeptAsCounted(
      [alice, bob],
      [
        { messages: 2, notifications: 2 },
        { messages: 0, notifications: 0 },
      ],
    );

    const notices = (await getAs(t, alice, '/api/notifications/unread/')).json<{ id: number }[]>();
    const markOne = await postAs(t, alice, `/api/notifications/${notices[0]!.id}/mark_read/`);
    expect(markOne.json()).toMatchObject({ unread_count: 1 });
    // Marking it again changes nothing.
    await postAs(t, alice, `/api/notifications/${notices[0]!.id}/mark_read/`);
    await expectKeptAsCounted([alice], [{ messages: 2, notifications: 1 }]);
    await postAs(t, alice, '/api/notifications/mark_all_read/');
    await expectKeptAsCounted([alice], [{ messages: 2, notifications: 0 }]);
  });

  it('follow writes made in SQL, many rows and many users in one statement', async () => {
    // In id order: the conversations written below name the lower id first, as the table requires.
    const users = (await Promise.all([1, 2, 3].map(() => buildUser(t)))).sort(
      (a, b) => a.id - b.id,
    );
    const ids = users.map((user) => user.id);
    await notify(ids);
    await notify(ids);
    await notify([ids[0]!], true); // already read: not counted
    await expectKeptAsCounted(users, [
      { messages: 0, notifications: 2 },
      { messages: 0, notifications: 2 },
      { messages: 0, notifications: 2 },
    ]);

    // One read, one unread again, one deleted read, one deleted unread.
    const { rows } = await t.pool.query<{ id: string; user_id: string }>(
      `select id, user_id from notifications where user_id = any($1::bigint[]) order by id`,
      [ids],
    );
    const ofUser = (id: number) => rows.filter((row) => Number(row.user_id) === id);
    await t.pool.query(`update notifications set is_read = true where id = $1`, [
      ofUser(ids[0]!)[0]!.id,
    ]);
    await t.pool.query(`update notifications set is_read = not is_read where user_id = $1`, [
      ids[1],
    ]);
    await t.pool.query(`delete from notifications where id = any($1::bigint[])`, [
      [ofUser(ids[2]!)[0]!.id, ofUser(ids[0]!)[2]!.id],
    ]);
    await expectKeptAsCounted(users, [
      { messages: 0, notifications: 1 },
      { messages: 0, notifications: 0 },
      { messages: 0, notifications: 1 },
    ]);

    // Unread counts written straight into conversations, then the conversations deleted.
    const { rows: made } = await t.pool.query<{ id: string }>(
      `insert into conversations (user_low_id, user_high_id, low_unread, high_unread)
       values ($1, $2, 3, 4), ($1, $3, 5, 0) returning id`,
      [ids[0], ids[1], ids[2]],
    );
    await expectKeptAsCounted(users, [
      { messages: 8, notifications: 1 },
      { messages: 4, notifications: 0 },
      { messages: 0, notifications: 1 },
    ]);
    await t.pool.query(`update conversations set low_unread = 0, high_unread = 7 where id = $1`, [
      made[1]!.id,
    ]);
    await expectKeptAsCounted(users, [
      { messages: 3, notifications: 1 },
      { messages: 4, notifications: 0 },
      { messages: 7, notifications: 1 },
    ]);
    await t.pool.query(`delete from conversations where id = $1`, [made[0]!.id]);
    await expectKeptAsCounted(users, [
      { messages: 0, notifications: 1 },
      { messages: 0, notifications: 0 },
      { messages: 7, notifications: 1 },
    ]);
  });

  it("go with a deleted account and leave the other side's badges right", async () => {
    const stays = await buildUser(t);
    const leaves = await buildUser(t);
    const conversation = await startConversation(t, stays, leaves);
    await sendMessage(t, stays, conversation.id, 'to you');
    await sendMessage(t, leaves, conversation.id, 'to you too');
    await notify([leaves.id]);

    const res = await postAs(t, leaves, '/api/auth/account/delete/', {
      password: leaves.password,
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await t.pool.query(`select * from unread_counts where user_id = $1`, [
      leaves.id,
    ]);
    expect(rows).toEqual([]);
    await expectKeptAsCounted([stays], [{ messages: 1, notifications: 1 }]);
  });

  it('count every one of many sends to one user at once', async () => {
    const popular = await buildUser(t, { isCreator: true });
    const fans = await Promise.all(Array.from({ length: 12 }, () => buildUser(t)));
    const conversations = await Promise.all(fans.map((fan) => startConversation(t, fan, popular)));
    await Promise.all(
      fans.flatMap((fan, i) => [
        sendMessage(t, fan, conversations[i]!.id, 'first'),
        sendMessage(t, fan, conversations[i]!.id, 'second'),
      ]),
    );
    await expectKeptAsCounted([popular], [{ messages: 24, notifications: 24 }]);
    // Sends on different connections wrote to different slots of the one user.
    const { rows } = await t.pool.query<{ slots: number }>(
      'select count(*)::int as slots from unread_counts where user_id = $1',
      [popular.id],
    );
    expect(rows[0]!.slots).toBeGreaterThan(1);
  });

  it("are what the send answers to the recipient's socket, from the kept counts", async () => {
    const fan = await buildUser(t);
    const creator = await buildUser(t, { isCreator: true });
    const conversation = await startConversation(t, fan, creator);
    await notify([creator.id]);
    await notify([creator.id]);
    const badges: Badges[] = [];
    const stop = t.services.bus.subscribe((events) => {
      for (const event of events) {
        if (event.userId === creator.id && event.frame.type === 'unread_counts') {
          badges.push({
            messages: Number(event.frame.messages),
            notifications: Number(event.frame.notifications),
          });
        }
      }
    });
    try {
      await sendMessage(t, fan, conversation.id, 'hello');
      await sendMessage(t, fan, conversation.id, 'again');
    } finally {
      stop();
    }
    expect(badges).toEqual([
      { messages: 1, notifications: 3 },
      { messages: 2, notifications: 4 },
    ]);
  });
});

describe('folding the slots (the hourly unread-counts-fold job)', () => {
  const rowsOf = async (user: Pick<TestUser, 'id'>) =>
    (
      await t.pool.query<{ slot: number; messages: number; notifications: number }>(
        'select slot, messages, notifications from unread_counts where user_id = $1 order by slot',
        [user.id],
      )
    ).rows;

  it('leaves one row for a user with something unread, none for a user with nothing', async () => {
    const [spread, settled, single] = await Promise.all([1, 2, 3].map(() => buildUser(t)));
    await t.pool.query(
      `insert into unread_counts (user_id, slot, messages, notifications)
       values ($1, 1, 0, 3), ($1, 5, 2, 0), ($1, 0, 1, 1),
              ($2, 2, 0, 4), ($2, 7, 0, -4),
              ($3, 9, 1, 1)`,
      [spread!.id, settled!.id, single!.id],
    );
    const users = [spread!, settled!, single!];
    const before = await kept(
      t.pool,
      users.map((user) => user.id),
    );

    // Batches of one user: the fold walks on past each batch.
    expect(await foldUnreadCounts(t.db, 1)).toBeGreaterThanOrEqual(2);
    expect(
      await kept(
        t.pool,
        users.map((user) => user.id),
      ),
    ).toEqual(before);
    expect(await rowsOf(spread!)).toEqual([{ slot: 0, messages: 3, notifications: 4 }]);
    expect(await rowsOf(settled!)).toEqual([]);
    expect(await rowsOf(single!)).toEqual([{ slot: 9, messages: 1, notifications: 1 }]);
  });

  it('loses nothing counted by sends that land while it folds', async () => {
    const popular = await buildUser(t, { isCreator: true });
    const fans = await Promise.all(Array.from({ length: 8 }, () => buildUser(t)));
    const conversations = await Promise.all(fans.map((fan) => startConversation(t, fan, popular)));
    let sending = true;
    const folding = (async () => {
      let folds = 0;
      while (sending || folds === 0) {
        await foldUnreadCounts(t.db);
        folds += 1;
      }
      return folds;
    })();
    for (let round = 0; round < 4; round += 1) {
      await Promise.all(
        fans.map((fan, i) => sendMessage(t, fan, conversations[i]!.id, `round ${round}`)),
      );
    }
    sending = false;
    expect(await folding).toBeGreaterThan(0);
    await expectKeptAsCounted([popular], [{ messages: 32, notifications: 32 }]);
  });
});

// Runs the whole migration history on a new database: slow on a busy machine.
describe('migration 0014', { timeout: 120_000 }, () => {
  it('starts the kept counts from what a database already holds, and TRUNCATE empties them', async () => {
    await withDatabaseBefore('unread_counts', async (handle) => {
      const { rows: users } = await handle.pool.query<{ id: number }>(
        `insert into users (username, email, password_hash)
         select 'old_' || g, 'old_' || g || '@example.com', 'x' from generate_series(1, 3) g
         returning id::int`,
      );
      const [a, b, c] = users.map((user) => user.id) as [number, number, number];
      await handle.pool.query(
        `insert into conversations (user_low_id, user_high_id, low_unread, high_unread)
         values ($1, $2, 2, 5), ($1, $3, 1, 0)`,
        [a, b, c],
      );
      await handle.pool.query(
        `insert into notifications (user_id, type, title, message, is_read)
         values ($1, 'system', 't', 'm', false), ($1, 'system', 't', 'm', true),
                ($2, 'system', 't', 'm', false), ($2, 'system', 't', 'm', false)`,
        [a, b],
      );

      await runMigrations(handle.db);
      const expected = [
        { messages: 3, notifications: 1 },
        { messages: 5, notifications: 2 },
        { messages: 0, notifications: 0 },
      ];
      expect(await counted(handle.pool, [a, b, c])).toEqual(expected);
      expect(await kept(handle.pool, [a, b, c])).toEqual(expected);

      // TRUNCATE fires none of the row or statement triggers; its own trigger empties the counts.
      await handle.pool.query('truncate notifications');
      await handle.pool.query('truncate conversations cascade');
      const none = [0, 0, 0].map(() => ({ messages: 0, notifications: 0 }));
      expect(await counted(handle.pool, [a, b, c])).toEqual(none);
      expect(await kept(handle.pool, [a, b, c])).toEqual(none);
    });
  });
});
