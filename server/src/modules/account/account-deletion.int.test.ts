import { messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { login, newClientAddress, postJson } from '../../../test/auth.ts';
import { applyAsCreator } from '../../../test/creator.ts';
import {
  balance,
  buildCreator,
  get,
  ledgerViolations,
  moneySnapshot,
  platformBalance,
  tip,
  topUp,
} from '../../../test/economy.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import {
  png,
  storedFileExists,
  storedKeys,
  uploadFile,
  waitForVariants,
} from '../../../test/media.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const deleteAccount = (user: Pick<TestUser, 'access'> | undefined, body: unknown) =>
  t.request({
    method: 'POST',
    url: '/api/auth/account/delete/',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    ...(user ? { token: user.access } : {}),
  });

async function count(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${sql}`,
    params,
  );
  return rows[0]?.n ?? 0;
}

/** Every storage key of the user's uploads, variants included, once the media job made them. */
async function storedKeysOf(user: TestUser): Promise<string[]> {
  const { rows } = await t.pool.query<{ id: string }>(
    'SELECT id FROM uploads WHERE owner_id = $1',
    [user.id],
  );
  // The media job makes variants after the upload answers; wait so none is written later.
  for (const { id } of rows) await waitForVariants(t, id, ['thumb']);
  const { rows: stored } = await t.pool.query<{ storage_key: string; variants: object }>(
    'SELECT storage_key, variants FROM uploads WHERE owner_id = $1',
    [user.id],
  );
  return stored.flatMap((row) => [row.storage_key, ...(Object.values(row.variants) as string[])]);
}

/**
 * A user with something of everything: a profile with images, a post with an image, a
 * library file, a pending creator application, settings, a notification and a session.
 */
async function userWithData() {
  const user = await buildUser(t);
  const profileImage = (
    await uploadFile(t, user, { content: await png(), context: 'profile_image' })
  ).json().id as string;
  const put = await t.request({
    method: 'PUT',
    url: '/api/auth/profile/',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ profile_image_uuid: profileImage, bio: 'Personal words' }),
    token: user.access,
  });
  if (put.statusCode !== 200) throw new Error(`profile update failed: ${put.body}`);
  const post = await buildPost(t, user, {
    content: 'My post',
    media: { content: await png(), type: 'image' },
  });
  const library = await uploadFile(t, user, { content: await png(), context: 'user_media' });
  if (library.statusCode !== 201) throw new Error(`upload failed: ${library.body}`);
  await applyAsCreator(t, user);
  await t.request({
    method: 'PUT',
    url: '/api/auth/settings/',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ language: 'fr' }),
    token: user.access,
  });
  const pair = await login(t, user.email, user.password);
  return { user, post, pair, keys: await storedKeysOf(user) };
}

describe('POST /api/auth/account/delete/', () => {
  it('answers 401 without a token', async () => {
    const res = await deleteAccount(undefined, { password: 'whatever' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: messages.authRequired });
  });

  it.each([
    ['no password', {}],
    ['an empty password', { password: '' }],
    ['a password that is not text', { password: 42 }],
  ])('asks for the password when given %s and deletes nothing', async (_, body) => {
    const user = await buildUser(t);
    const res = await deleteAccount(user, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ password: ['Enter your password to confirm.'] });
    expect(await count('users WHERE id = $1', [user.id])).toBe(1);
  });

  it('refuses a wrong password and removes nothing', async () => {
    const { user, post, pair, keys } = await userWithData();
    const res = await deleteAccount(user, { password: 'not my password' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'The password is not correct.' });

    expect(await count('users WHERE id = $1', [user.id])).toBe(1);
    expect(await count('posts WHERE id = $1', [post.id])).toBe(1);
    // Avatar, post image, library file, and the application's two images.
    expect(await count('uploads WHERE owner_id = $1', [user.id])).toBe(5);
    expect(await count('creator_applications WHERE user_id = $1', [user.id])).toBe(1);
    for (const key of keys) expect(await storedFileExists(t, key)).toBe(true);
    expect((await get(t, user, '/api/auth/profile/')).statusCode).toBe(200);
    expect(
      (await postJson(t, '/api/auth/token/refresh/', { refresh: pair.refresh })).statusCode,
    ).toBe(200);
  });

  it('is not held back by failed logins to the account from elsewhere', async () => {
    const user = await buildUser(t);
    const elsewhere = newClientAddress();
    for (let i = 0; i < 10; i++) {
      const res = await postJson(
        t,
        '/api/auth/token/',
        { email: user.email, password: `wrong guess ${i}` },
        { remoteAddress: elsewhere },
      );
      expect(res.statusCode).toBe(401);
    }
    const res = await deleteAccount(user, { password: user.password });
    expect(res.statusCode).toBe(200);
    expect(await count('users WHERE id = $1', [user.id])).toBe(0);
  });

  it('deletes the account, its sessions, data, posts and files after the password', async () => {
    const { user, post, pair, keys } = await userWithData();
    const other = await buildUser(t);
    const otherPost = await buildPost(t, other, {
      content: 'Not theirs',
      media: { content: await png(), type: 'image' },
    });
    const otherKeys = await storedKeysOf(other);
    // Each original with its feed, medium and thumbnail sizes and blurred preview; the two
    // profile images (own and the creator application's) with their avatar too.
    expect(keys).toHaveLength(5 * 5 + 2);
    const before = await get(t, other, `/api/posts/user/${user.id}/`);
    expect(before.json()).toEqual([expect.objectContaining({ id: post.id })]);
    expect((await t.request({ method: 'GET', url: post.image! })).statusCode).toBe(200);

    const res = await deleteAccount(user, { password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your account has been deleted.' });

    // Sessions: the access token, the refresh token and the password all stop working.
    const profile = await get(t, user, '/api/auth/profile/');
    expect(profile.statusCode).toBe(401);
    expect(profile.json()).toMatchObject({ detail: messages.authInvalid });
    expect((await get(t, { access: pair.access }, '/api/auth/settings/')).statusCode).toBe(401);
    const refreshed = await postJson(t, '/api/auth/token/refresh/', { refresh: pair.refresh });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json()).toMatchObject({ detail: messages.invalidRefreshToken });
    const signIn = await postJson(t, '/api/auth/token/', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.statusCode).toBe(401);

    // Personal data, posts and uploads are gone from the database...
    expect(await count('users WHERE id = $1', [user.id])).toBe(0);
    for (const table of ['refresh_tokens', 'user_settings', 'creator_applications']) {
      expect(await count(`${table} WHERE user_id = $1`, [user.id])).toBe(0);
    }
    expect(await count('posts WHERE author_id = $1', [user.id])).toBe(0);
    expect(await count('uploads WHERE owner_id = $1', [user.id])).toBe(0);
    expect(await count('notifications WHERE user_id = $1', [user.id])).toBe(0);
    // ...and the files from disk, variants included.
    for (const key of keys) expect(await storedFileExists(t, key)).toBe(false);
    expect(await storedKeys(t, `originals/${user.id}/`)).toEqual([]);
    expect(await storedKeys(t, `variants/${user.id}/`)).toEqual([]);

    // Others see nothing of it any more.
    expect((await get(t, other, `/api/auth/users/${user.id}/`)).statusCode).toBe(404);
    expect((await get(t, other, `/api/posts/user/${user.id}/`)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: post.image! })).statusCode).toBe(404);

    // Another user's things are untouched.
    expect(await count('posts WHERE id = $1', [otherPost.id])).toBe(1);
    for (const key of otherKeys) expect(await storedFileExists(t, key)).toBe(true);
    expect((await get(t, other, '/api/auth/profile/')).statusCode).toBe(200);

    // A second delete with the old token is refused, not repeated.
    expect((await deleteAccount(user, { password: user.password })).statusCode).toBe(401);
  });

  it('frees the username and email for a new sign-up', async () => {
    const user = await buildUser(t);
    expect((await deleteAccount(user, { password: user.password })).statusCode).toBe(200);
    const address = newClientAddress();
    const res = await postJson(
      t,
      '/api/auth/signup/',
      {
        username: user.username,
        email: user.email,
        password: 'a brand new password',
        password_confirm: 'a brand new password',
      },
      { remoteAddress: address },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username: user.username, email: user.email });
    const pair = await login(t, user.email, 'a brand new password');
    const profile = (await get(t, { access: pair.access }, '/api/auth/profile/')).json();
    expect(profile).toMatchObject({ username: user.username, bio: '', is_creator: false });
    expect(profile.id).not.toBe(user.id);
  });

  it('keeps in the ledger the money a deleted fan topped up and spent', async () => {
    const fan = await buildUser(t);
    const creator = await buildCreator(t);
    await topUp(t, fan, '20');
    expect((await tip(t, fan, creator, '5')).statusCode).toBe(201);
    const fanWallet = await t.pool.query<{ id: number }>(
      `SELECT id FROM ledger_accounts WHERE kind = 'wallet' AND user_id = $1`,
      [fan.id],
    );
    const before = await moneySnapshot(t);

    expect((await deleteAccount(fan, { password: fan.password })).statusCode).toBe(200);

    // Every balance and every ledger row is as it was; the wallet only lost its owner.
    const after = await moneySnapshot(t);
    expect(after.balances).toEqual(before.balances);
    expect([after.entries, after.transactions]).toEqual([before.entries, before.transactions]);
    const { rows } = await t.pool.query<{ user_id: number | null; balance_cents: string }>(
      'SELECT user_id, balance_cents FROM ledger_accounts WHERE id = $1',
      [fanWallet.rows[0]!.id],
    );
    expect(rows).toEqual([{ user_id: null, balance_cents: '1500' }]);
    expect(await ledgerViolations(t)).toEqual([]);
    expect(await balance(t, creator, 'earnings')).toBe(450);

    // The creator still sees the tip, from a party who is gone.
    const lines = (await get(t, creator, '/api/wallet/transactions/')).json();
    expect(lines).toContainEqual(
      expect.objectContaining({
        kind: 'tip',
        direction: 'in',
        amount_cents: 500,
        counterparty: null,
      }),
    );
  });

  it('keeps in the ledger the earnings of a deleted creator', async () => {
    const creator = await buildCreator(t);
    const fan = await buildUser(t);
    await topUp(t, fan, '30');
    expect((await tip(t, fan, creator, '10')).statusCode).toBe(201);
    const revenue = await platformBalance(t, 'platform_revenue');
    const accounts = await t.pool.query<{ id: number; kind: string }>(
      'SELECT id, kind FROM ledger_accounts WHERE user_id = $1 ORDER BY kind',
      [creator.id],
    );
    expect(accounts.rows.map((row) => row.kind)).toContain('earnings');
    const before = await moneySnapshot(t);

    expect((await deleteAccount(creator, { password: creator.password })).statusCode).toBe(200);

    const after = await moneySnapshot(t);
    expect(after.balances).toEqual(before.balances);
    expect([after.entries, after.transactions]).toEqual([before.entries, before.transactions]);
    const kept = await t.pool.query<{
      kind: string;
      user_id: number | null;
      balance_cents: string;
    }>(
      'SELECT kind, user_id, balance_cents FROM ledger_accounts WHERE id = ANY($1) ORDER BY kind',
      [accounts.rows.map((row) => row.id)],
    );
    expect(kept.rows).toContainEqual({ kind: 'earnings', user_id: null, balance_cents: '900' });
    expect(kept.rows).toHaveLength(accounts.rows.length);
    const { rows } = await t.pool.query<{ sum: string }>(
      'SELECT coalesce(sum(amount_cents), 0)::text AS sum FROM ledger_entries',
    );
    expect(rows[0]?.sum).toBe('0');
    expect(await ledgerViolations(t)).toEqual([]);
    expect(await platformBalance(t, 'platform_revenue')).toBe(revenue);

    // The fan's history still shows what they paid.
    expect(await balance(t, fan)).toBe(2000);
    const lines = (await get(t, fan, '/api/wallet/transactions/')).json();
    expect(lines).toContainEqual(
      expect.objectContaining({
        kind: 'tip',
        direction: 'out',
        amount_cents: 1000,
        counterparty: null,
      }),
    );
  });

  it('shows the deleted user’s messages in others’ conversations as from a deleted user', async () => {
    const leaving = await buildUser(t);
    const staying = await buildUser(t);
    const started = await postJson(
      t,
      '/api/messaging/conversations/start_conversation/',
      { recipient_id: staying.id },
      { token: leaving.access },
    );
    expect(started.statusCode).toBe(200);
    const conversationId = started.json().id as number;
    const attachment = await uploadFile(t, leaving, {
      content: await png(),
      context: 'message_attachment',
    });
    expect(attachment.statusCode).toBe(201);
    const sent = await postJson(
      t,
      `/api/messaging/conversations/${conversationId}/send_message/`,
      { text: 'Goodbye, and thanks', uploaded_file_uuids: [attachment.json().id] },
      { token: leaving.access },
    );
    expect(sent.statusCode).toBe(201);
    const reply = await postJson(
      t,
      `/api/messaging/conversations/${conversationId}/send_message/`,
      { text: 'Bye!' },
      { token: staying.access },
    );
    expect(reply.statusCode).toBe(201);
    await storedKeysOf(leaving);

    expect((await deleteAccount(leaving, { password: leaving.password })).statusCode).toBe(200);

    const list = await get(t, staying, `/api/messaging/conversations/${conversationId}/messages/`);
    expect(list.statusCode).toBe(200);
    const shown = list.json() as {
      text: string;
      sender: number | null;
      sender_name: string;
      attachments: unknown[];
    }[];
    expect(shown.map((m) => [m.text, m.sender, m.sender_name])).toEqual([
      ['Goodbye, and thanks', null, 'Deleted user'],
      ['Bye!', staying.id, staying.username],
    ]);
    // The departed user's files went with the account.
    expect(shown[0]!.attachments).toEqual([]);
    const conversations = (await get(t, staying, '/api/messaging/conversations/')).json() as {
      id: number;
      other_user: { username: string };
    }[];
    expect(conversations.find((c) => c.id === conversationId)?.other_user.username).toBe(
      'Deleted user',
    );
  });
});
