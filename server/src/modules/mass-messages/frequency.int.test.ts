import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator, subscribe, topUp } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { createMass, sendAs } from '../../../test/mass-messages.ts';

/**
 * A creator sends at most four mass messages in any 24 hours, each at least an hour after the
 * one before: a fifth, or one too soon, is refused with 429, saying when the next may go, and
 * reaches nobody.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function creatorWithFan() {
  const creator = await buildCreator(t, 499);
  const fan = await buildUser(t);
  await topUp(t, fan, '50');
  expect((await subscribe(t, fan, creator)).statusCode).toBe(201);
  return creator;
}

const send = (creator: TestUser, text: string) =>
  sendAs(t, creator, 'POST', '/api/creator/mass-messages/', { text, segment: { kind: 'active' } });

/** Moves the creator's mass messages back in time, as if sent that long ago. */
async function age(creator: TestUser, id: number, minutesAgo: number) {
  await t.pool.query(
    `UPDATE mass_messages SET created_at = now() - make_interval(mins => $2) WHERE id = $1 AND creator_id = $3`,
    [id, minutesAgo, creator.id],
  );
}

async function massCount(creator: TestUser) {
  const { rows } = await t.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mass_messages WHERE creator_id = $1 AND kind = 'mass'`,
    [creator.id],
  );
  return rows[0]?.n;
}

describe('how often a creator may send mass messages', () => {
  it('refuses one less than an hour after the last, saying when the next can go', async () => {
    const creator = await creatorWithFan();
    const first = await createMass(t, creator, { text: 'one', segment: { kind: 'active' } });
    await age(creator, first.id, 20);
    const refused = await send(creator, 'two');
    expect(refused.statusCode).toBe(429);
    const body = refused.json<{ detail: string; next_at: string }>();
    expect(body.detail).toBe(
      'You can send a mass message once an hour, at most 4 a day. The next one can go out in 40 minutes.',
    );
    const next = Date.parse(body.next_at) - Date.now();
    expect(next).toBeGreaterThan(39 * 60_000);
    expect(next).toBeLessThanOrEqual(40 * 60_000);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(39 * 60);
    expect(await massCount(creator)).toBe(1);

    await age(creator, first.id, 61);
    expect((await send(creator, 'two')).statusCode).toBe(201);
  });

  it('refuses a fifth within 24 hours until the oldest is a day old', async () => {
    const creator = await creatorWithFan();
    for (const [i, minutesAgo] of [23 * 60 + 30, 600, 300, 120].entries()) {
      const mass = await createMass(t, creator, { text: `n${i}`, segment: { kind: 'active' } });
      await age(creator, mass.id, minutesAgo);
    }
    const refused = await send(creator, 'fifth');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ detail: string }>().detail).toBe(
      'You can send a mass message once an hour, at most 4 a day. The next one can go out in 30 minutes.',
    );
    expect(await massCount(creator)).toBe(4);
  });

  it('lets one of several sent at once through', async () => {
    const creator = await creatorWithFan();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => send(creator, `burst ${n}`)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 429, 429, 429, 429]);
    expect(await massCount(creator)).toBe(1);
  });

  it('does not count one that failed before reaching anybody, nor welcome messages', async () => {
    const creator = await creatorWithFan();
    const failed = await createMass(t, creator, { text: 'lost', segment: { kind: 'active' } });
    await t.pool.query(`UPDATE mass_messages SET status = 'failed', sent_count = 0 WHERE id = $1`, [
      failed.id,
    ]);
    const welcome = await sendAs(t, creator, 'PUT', '/api/creator/welcome-message/', {
      text: 'welcome',
    });
    expect(welcome.statusCode).toBe(200);
    expect((await send(creator, 'again')).statusCode).toBe(201);
  });
});
