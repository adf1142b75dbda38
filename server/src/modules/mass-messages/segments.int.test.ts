import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { block } from '../../../test/blocks.ts';
import { buildCreator, subscribe, tip, topUp } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import {
  copiesTo,
  createMass,
  followAs,
  muteAs,
  sendAs,
  waitSent,
} from '../../../test/mass-messages.ts';

/**
 * Each segment names exactly its fans, and never the creator, anyone blocked either way, a fan
 * who muted the creator or a suspended account.
 */
let t: TestApp;
let creator: TestUser;
const fans: Record<string, TestUser> = {};

async function subscribed(name: string) {
  const fan = await buildUser(t);
  await topUp(t, fan, '50');
  const res = await subscribe(t, fan, creator);
  if (res.statusCode !== 201) throw new Error(`subscribe failed: ${res.body}`);
  fans[name] = fan;
  return fan;
}

beforeAll(async () => {
  t = await buildTestApp();
  creator = await buildCreator(t, 499);
  await subscribed('active');
  const spender = await subscribed('spender');
  const tipped = await tip(t, spender, creator, '20');
  if (tipped.statusCode >= 300) throw new Error(`tip failed: ${tipped.body}`);
  const expired = await subscribed('expired');
  await t.pool.query(
    `UPDATE subscriptions SET status = 'expired', expired_at = now() WHERE fan_id = $1`,
    [expired.id],
  );
  fans.follower = await buildUser(t);
  await followAs(t, fans.follower, creator);
  await block(t, creator, await subscribed('blocked'));
  await block(t, await subscribed('blocker'), creator);
  await muteAs(t, await subscribed('muted'), creator);
  const suspended = await subscribed('suspended');
  await t.pool.query('UPDATE users SET suspended_at = now() WHERE id = $1', [suspended.id]);
  fans.stranger = await buildUser(t);
});
afterAll(() => t.close());

const idsOf = (...names: string[]) =>
  names.map((name) => fans[name]?.id ?? 0).sort((a, b) => a - b);

async function count(segment: Record<string, unknown>) {
  const res = await sendAs(t, creator, 'POST', '/api/creator/mass-messages/count/', { segment });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number; refused_ids: number[] }>();
}

describe('segments', () => {
  it.each([
    ['active', { kind: 'active' }, ['active', 'spender']],
    ['expired', { kind: 'expired' }, ['expired']],
    ['followers', { kind: 'followers' }, ['follower']],
    ['spenders', { kind: 'spenders', min_amount: '10', days: 30 }, ['spender']],
    ['list', { kind: 'list', user_ids: [] as number[] }, ['active', 'follower']],
  ])('%s: delivers to exactly its fans', async (_name, segment, expected) => {
    const chosen =
      segment.kind === 'list'
        ? { kind: 'list', user_ids: idsOf('active', 'follower', 'muted', 'blocked') }
        : segment;
    expect(await count(chosen)).toEqual({ count: expected.length, refused_ids: [] });
    // One creator sends each case: the ones before went out a day ago, past the frequency limit.
    await t.pool.query(
      `UPDATE mass_messages SET created_at = now() - interval '1 day' WHERE creator_id = $1`,
      [creator.id],
    );
    const mass = await createMass(t, creator, { text: `to ${segment.kind}`, segment: chosen });
    expect(mass).toMatchObject({ recipient_count: expected.length, status: 'queued' });
    await waitSent(t, mass.id);
    expect(await copiesTo(t, mass.id, creator.id)).toEqual(idsOf(...expected));
  });

  it('counts nobody who spent less than the amount, or long ago', async () => {
    expect((await count({ kind: 'spenders', min_amount: '30', days: 30 })).count).toBe(0);
    await t.pool.query(
      `UPDATE ledger_transactions SET created_at = now() - interval '10 days' WHERE payer_id = $1`,
      [fans.spender?.id],
    );
    expect((await count({ kind: 'spenders', min_amount: '10', days: 5 })).count).toBe(0);
    expect((await count({ kind: 'spenders', min_amount: '10', days: 11 })).count).toBe(1);
  });

  it('refuses hand-picked users who are not fans, naming them', async () => {
    const segment = { kind: 'list', user_ids: idsOf('active', 'stranger') };
    expect(await count(segment)).toEqual({ count: 1, refused_ids: idsOf('stranger') });
    const res = await sendAs(t, creator, 'POST', '/api/creator/mass-messages/', {
      text: 'hi',
      segment,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(String(fans.stranger?.id));
  });

  it('refuses a segment nobody is in', async () => {
    const other = await buildCreator(t, 0);
    const res = await sendAs(t, other, 'POST', '/api/creator/mass-messages/', {
      text: 'hi',
      segment: { kind: 'active' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('No fan is in this segment.');
  });

  it('stops reaching a fan once muted, and again once unmuted', async () => {
    const fan = fans.active as TestUser;
    await muteAs(t, fan, creator);
    const state = await t.request({
      method: 'GET',
      url: `/api/auth/users/${creator.id}/mute/`,
      token: fan.access,
    });
    expect(state.json()).toEqual({ muted: true });
    expect((await count({ kind: 'active' })).count).toBe(1);
    const res = await sendAs(t, fan, 'DELETE', `/api/auth/users/${creator.id}/mute/`);
    expect(res.json()).toEqual({ muted: false });
    expect((await count({ kind: 'active' })).count).toBe(2);
  });

  it('refuses muting oneself or nobody', async () => {
    const fan = fans.active as TestUser;
    expect((await sendAs(t, fan, 'PUT', `/api/auth/users/${fan.id}/mute/`)).statusCode).toBe(400);
    expect((await sendAs(t, fan, 'PUT', '/api/auth/users/999999999/mute/')).statusCode).toBe(404);
    expect(
      (await sendAs(t, undefined, 'PUT', `/api/auth/users/${creator.id}/mute/`)).statusCode,
    ).toBe(401);
  });
});
