import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@zura/contracts';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { login, postJson, type TokenPairBody } from '../../../test/auth.ts';
import {
  balance,
  buildCreator,
  makeAdmin,
  makeDue,
  renewAllDue,
  subscribe,
  subscriptionRow,
  tip,
  topUp,
} from '../../../test/economy.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { authedSocket, closeAllSockets, listen } from '../../../test/sockets.ts';

/**
 * Suspension by an admin: every session of the account ends at once (tokens, sockets), sign-in
 * is refused with the reason, the profile is gone for others, renewals stop; lifting it lets the
 * owner back in. Every action is in the append-only audit log.
 */
let t: TestApp;
let ws: string;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  ws = (await listen(t.app)).ws;
  admin = await buildUser(t);
  await makeAdmin(t, admin);
});
afterAll(async () => {
  await closeAllSockets();
  await t.close();
});

const suspend = (id: number | string, body: unknown, token = admin.access) =>
  postJson(t, `/api/admin/users/${id}/suspend/`, body, { token });
const unsuspend = (id: number, body: unknown = {}) =>
  postJson(t, `/api/admin/users/${id}/unsuspend/`, body, { token: admin.access });
const profileOf = (who: number, token: string) =>
  t.request({ method: 'GET', url: `/api/auth/users/${who}/`, token });
const auditLog = async () =>
  (await t.request({ method: 'GET', url: '/api/admin/audit-log/', token: admin.access })).json<{
    results: { action: string; actor: { username: string }; target_id: number; reason: string }[];
  }>().results;

describe('suspending an account', () => {
  it('ends its sessions and sockets at once, refuses sign-in with the reason, hides the profile', async () => {
    const user = await buildUser(t);
    const viewer = await buildUser(t);
    const pair: TokenPairBody = await login(t, user.email, user.password);
    const socket = await authedSocket(ws, pair.access);
    expect((await profileOf(user.id, viewer.access)).statusCode).toBe(200);

    const res = await suspend(user.id, { reason: 'Spam in every conversation.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.userSuspended });

    expect((await socket.waitForClose()).code).toBe(4401);
    const me = await t.request({ method: 'GET', url: '/api/auth/profile/', token: pair.access });
    expect(me.statusCode).toBe(401);
    const refresh = await postJson(t, '/api/auth/token/refresh/', { refresh: pair.refresh });
    expect(refresh.statusCode).toBe(401);
    const signIn = await postJson(t, '/api/auth/token/', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({
      detail: `${messages.accountSuspended} Reason: Spam in every conversation.`,
    });
    // A wrong password learns nothing of the suspension.
    const guess = await postJson(t, '/api/auth/token/', {
      email: user.email,
      password: 'wrong one',
    });
    expect(guess.statusCode).toBe(401);
    expect((await profileOf(user.id, viewer.access)).statusCode).toBe(404);

    const [entry] = await auditLog();
    expect(entry).toMatchObject({
      action: 'user_suspended',
      actor: { username: admin.username },
      target_id: user.id,
      reason: 'Spam in every conversation.',
    });

    // Lifted: the owner signs in again and the profile is back.
    expect((await unsuspend(user.id, { note: 'Appeal accepted.' })).statusCode).toBe(200);
    expect((await login(t, user.email, user.password)).access).toEqual(expect.any(String));
    expect((await profileOf(user.id, viewer.access)).statusCode).toBe(200);
    expect((await auditLog())[0]).toMatchObject({
      action: 'user_unsuspended',
      reason: 'Appeal accepted.',
    });
  });

  it('hides the account’s posts everywhere and takes no money for it, until lifted', async () => {
    const creator = await buildCreator(t, 500);
    const fan = await buildUser(t);
    await topUp(t, fan, '20.00');
    const post = await buildPost(t, creator);
    const feedIds = async () =>
      (await t.request({ method: 'GET', url: '/api/posts/', token: fan.access }))
        .json<{ id: number }[]>()
        .map((row) => row.id);
    const postsOf = () =>
      t.request({ method: 'GET', url: `/api/posts/user/${creator.id}/`, token: fan.access });
    const explore = async () =>
      (
        await t.request({
          method: 'GET',
          url: `/api/explore/creators/?q=${creator.username}`,
          token: fan.access,
        })
      ).body;
    expect(await feedIds()).toContain(post.id);
    expect(await explore()).toContain(creator.username);

    expect((await suspend(creator.id, { reason: 'Fraud.' })).statusCode).toBe(200);
    expect(await feedIds()).not.toContain(post.id);
    expect((await postsOf()).statusCode).toBe(404);
    expect(await explore()).not.toContain(creator.username);
    const tipRes = await tip(t, fan, creator, '5.00');
    expect(tipRes.statusCode).toBe(404);
    expect(tipRes.json()).toMatchObject({ detail: 'Creator not found.' });
    expect((await subscribe(t, fan, creator)).statusCode).toBe(404);

    expect((await unsuspend(creator.id)).statusCode).toBe(200);
    expect(await feedIds()).toContain(post.id);
    expect((await postsOf()).statusCode).toBe(200);
  });

  it('stops renewals to and from the suspended account', async () => {
    const creator = await buildCreator(t, 500);
    const fan = await buildUser(t);
    await topUp(t, fan, '20.00');
    const sub = await subscribe(t, fan, creator);
    expect(sub.statusCode).toBe(201);
    const id = sub.json<{ id: number }>().id;
    const before = await balance(t, fan);

    expect((await suspend(creator.id, { reason: 'Stolen content.' })).statusCode).toBe(200);
    await makeDue(t, id);
    await renewAllDue(t);

    expect((await subscriptionRow(t, id)).status).toBe('expired');
    expect(await balance(t, fan)).toBe(before);
  });

  it('refuses what makes no sense, naming why', async () => {
    const user = await buildUser(t);
    const otherAdmin = await buildUser(t);
    await makeAdmin(t, otherAdmin);

    const self = await suspend(admin.id, { reason: 'x' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ error: messages.cannotSuspendSelf });
    expect((await suspend(otherAdmin.id, { reason: 'x' })).json()).toMatchObject({
      error: messages.cannotSuspendAdmin,
    });
    const noReason = await suspend(user.id, { reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ reason: [messages.suspensionReasonRequired] });
    expect((await suspend(user.id, {})).statusCode).toBe(400);
    expect((await suspend('abc', { reason: 'x' })).statusCode).toBe(400);
    expect((await suspend(999_999_999, { reason: 'x' })).statusCode).toBe(404);

    expect((await suspend(user.id, { reason: 'Harassment.' })).statusCode).toBe(200);
    const twice = await suspend(user.id, { reason: 'Again.' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ error: messages.alreadySuspended });
    expect((await unsuspend(user.id)).statusCode).toBe(200);
    expect((await unsuspend(user.id)).json()).toMatchObject({ error: messages.notSuspended });
  });

  it('lifts a suspension sent with no body at all, since its note is optional (issue 32)', async () => {
    const user = await buildUser(t);
    expect((await suspend(user.id, { reason: 'Spam.' })).statusCode).toBe(200);
    const bare = await t.request({
      method: 'POST',
      url: `/api/admin/users/${user.id}/unsuspend/`,
      token: admin.access,
    });
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual({ message: messages.userUnsuspended });
    expect((await suspend(user.id, { reason: 'Spam again.' })).statusCode).toBe(200);
    expect((await unsuspend(user.id, ['note'])).json()).toMatchObject({
      non_field_errors: ['Expected a JSON object.'],
    });
  });

  it('is for admins only: others get 404, and no token 401, whatever they send', async () => {
    const user = await buildUser(t);
    const fan = await buildUser(t);
    const asFan = await suspend(user.id, { reason: 'x' }, fan.access);
    expect(asFan.statusCode).toBe(404);
    const anonymous = await t.request({
      method: 'POST',
      url: `/api/admin/users/${user.id}/suspend/`,
      headers: { 'content-type': 'application/json' },
      payload: '{"reason":',
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await login(t, user.email, user.password)).access).toEqual(expect.any(String));
  });
});

describe('the admin user search', () => {
  it('finds accounts by the start of the username or email, with their state', async () => {
    const user = await buildUser(t, { username: 'findme_zz9', email: 'zz9-search@example.com' });
    await suspend(user.id, { reason: 'Scam.' });
    const byName = await t.request({
      method: 'GET',
      url: '/api/admin/users/?q=FINDME_zz',
      token: admin.access,
    });
    expect(byName.json()).toEqual({
      results: [
        expect.objectContaining({
          id: user.id,
          username: 'findme_zz9',
          suspension_reason: 'Scam.',
          suspended_at: expect.any(String) as string,
        }),
      ],
    });
    const byMail = await t.request({
      method: 'GET',
      url: '/api/admin/users/?q=zz9-se',
      token: admin.access,
    });
    expect(byMail.json<{ results: { id: number }[] }>().results.map((row) => row.id)).toEqual([
      user.id,
    ]);
    // Wildcards are text, not patterns.
    const wildcard = await t.request({
      method: 'GET',
      url: '/api/admin/users/?q=%25',
      token: admin.access,
    });
    expect(wildcard.json<{ results: unknown[] }>().results).toEqual([]);
  });
});

describe('the audit log', () => {
  it('cannot be changed or emptied, even with SQL', async () => {
    const user = await buildUser(t);
    await suspend(user.id, { reason: 'Audit me.' });
    await expect(t.pool.query(`UPDATE audit_log SET reason = 'nothing happened'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(t.pool.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(t.pool.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
  });

  it('records creator applications decided', async () => {
    const creator = await buildCreator(t, 500);
    await t.pool.query(
      `INSERT INTO creator_applications (user_id, username, bio, subcategories, tags, vibes)
       VALUES ($1, $2, 'bio', '{}', '{}', '{}')`,
      [creator.id, creator.username],
    );
    const { rows } = await t.pool.query<{ id: string }>(
      'SELECT id FROM creator_applications WHERE user_id = $1',
      [creator.id],
    );
    const applicationId = Number(rows[0]?.id);
    const rejected = await postJson(
      t,
      `/api/admin/creator-applications/${applicationId}/reject/`,
      { reason: 'Add a cover image.' },
      { token: admin.access },
    );
    expect(rejected.statusCode).toBe(200);
    expect((await auditLog())[0]).toMatchObject({
      action: 'application_rejected',
      target_id: applicationId,
      reason: 'Add a cover image.',
    });
  });
});
