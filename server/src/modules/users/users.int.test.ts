import { randomBytes } from 'node:crypto';
import { messages, ownProfile } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { login } from '../../../test/auth.ts';
import { buildPost, buildUser } from '../../../test/factories.ts';
import { lockProfile, unlockProfile } from '../../../test/profiles.ts';
import { createAccessTokens } from '../auth/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers, ...(token ? { token } : {}) });

/** An access token for `userId` that expired an hour ago, signed with the app's own key. */
async function expiredAccessToken(userId: number): Promise<string> {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    vi.setSystemTime(Date.now() - 2 * 60 * 60 * 1000);
    return await t.accessTokens.issue(userId, await t.services.sessions.start(userId));
  } finally {
    vi.useRealTimers();
  }
}

/** Base64url JSON, for hand-made JWTs. */
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe.each(['/api/auth/profile/', '/api/auth/users/discover/'])(
  'GET %s requires auth',
  (url) => {
    it('answers 401 without an Authorization header', async () => {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ detail: messages.authRequired });
    });

    it('answers 401 for a scheme other than Bearer', async () => {
      const user = await buildUser(t);
      const res = await get(url, undefined, { authorization: `Basic ${user.access}` });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ detail: messages.authRequired });
    });

    it.each([
      ['garbage', async () => 'not-a-jwt-at-all'],
      ['signed with another key', async () => createAccessTokens(randomBytes(32)).issue(1, 1)],
      ['expired', async () => expiredAccessToken((await buildUser(t)).id)],
      [
        'unsigned (alg none)',
        async () =>
          `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ user_id: 1, token_type: 'access' })}.`,
      ],
      [
        'with a tampered user id',
        async () => {
          const [header, , signature] = (await buildUser(t)).access.split('.');
          const exp = Math.floor(Date.now() / 1000) + 3600;
          return `${header}.${b64({ user_id: 1, token_type: 'access', iss: 'zura', exp })}.${signature}`;
        },
      ],
    ])('answers 401 for a %s token', async (_, makeToken) => {
      const res = await get(url, await makeToken());
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ detail: messages.authInvalid });
    });

    it('answers 401 for a refresh token sent as a bearer token', async () => {
      const user = await buildUser(t);
      const { refresh } = await login(t, user.email, user.password);
      const res = await get(url, refresh);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ detail: messages.authInvalid });
    });
  },
);

describe('GET /api/auth/profile/', () => {
  it('answers every field of the spec user profile for a new account', async () => {
    const user = await buildUser(t, { verified: false });
    const res = await get('/api/auth/profile/', user.access);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(Object.keys(ownProfile.shape).sort());
    expect(ownProfile.parse(body)).toEqual(body);
    expect(body).toEqual({
      id: user.id,
      email: user.email,
      username: user.username,
      bio: '',
      followers: 0,
      profile_image: null,
      cover_image: null,
      profile_image_small: null,
      cover_image_small: null,
      category: null,
      subcategories: [],
      tags: [],
      vibes: [],
      social_links: {},
      instagram_url: '',
      x_url: '',
      subscription_price: 'free',
      custom_tag: '',
      custom_vibe: '',
      show_subcategories: true,
      show_tags: true,
      show_vibes: true,
      is_profile_locked: false,
      is_creator: false,
      is_admin: false,
      email_verified: false,
      // Not in the specification: the creator's visible-mark default (issue 35), off.
      visible_mark_default: false,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  it('shows what is stored: creator flag, price as text, followers, lists and links', async () => {
    const user = await buildUser(t, { isCreator: true });
    await t.pool.query(
      `UPDATE users SET subscription_price_cents = 999, followers_count = 1234, bio = 'Hi there',
         tags = '{yoga,art}', social_links = '{"youtube":"https://youtube.com/@me"}',
         email_verified_at = now()
       WHERE id = $1`,
      [user.id],
    );
    const res = await get('/api/auth/profile/', user.access);
    expect(res.json()).toMatchObject({
      is_creator: true,
      subscription_price: '9.99',
      followers: 1234,
      bio: 'Hi there',
      tags: ['yoga', 'art'],
      social_links: { youtube: 'https://youtube.com/@me' },
      email_verified: true,
    });
  });

  it('never shows the password hash', async () => {
    const user = await buildUser(t);
    const res = await get('/api/auth/profile/', user.access);
    expect(res.body).not.toContain('argon2');
    expect(res.json()).not.toHaveProperty('password_hash');
    expect(res.json()).not.toHaveProperty('passwordHash');
  });

  it('shows each user their own profile', async () => {
    const a = await buildUser(t);
    const b = await buildUser(t);
    expect((await get('/api/auth/profile/', a.access)).json()).toMatchObject({ id: a.id });
    expect((await get('/api/auth/profile/', b.access)).json()).toMatchObject({ id: b.id });
  });

  it('refuses a valid token of a deleted account', async () => {
    const user = await buildUser(t);
    await t.pool.query('DELETE FROM users WHERE id = $1', [user.id]);
    const res = await get('/api/auth/profile/', user.access);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: 'Given token not valid for any token type' });
  });
});

describe('GET /api/auth/users/discover/', () => {
  // Its own database: the ranking is asserted over every user there is.
  let d: TestApp;
  beforeAll(async () => {
    d = await buildTestApp();
  });
  afterAll(() => d.close());

  const discover = (token: string) =>
    d.request({ method: 'GET', url: '/api/auth/users/discover/', token });

  it('answers an empty list when nobody else exists', async () => {
    const user = await buildUser(d);
    const res = await discover(user.access);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  /** A creator with one published post and the given number of followers. */
  async function creatorWithPost(followers = 0) {
    const creator = await buildUser(d, { isCreator: true });
    await buildPost(d, creator);
    await d.pool.query('UPDATE users SET followers_count = $2 WHERE id = $1', [
      creator.id,
      followers,
    ]);
    return creator;
  }

  it('suggests at most 10 creators with posts, most followed first, never the caller', async () => {
    // The caller is the most followed creator of all: the one who would rank first.
    const caller = await creatorWithPost(10_000);
    const creatorA = await creatorWithPost(5);
    const creatorB = await creatorWithPost(50);
    for (let i = 0; i < 10; i++) await creatorWithPost();
    // Popular, but nothing to see: a plain fan, a creator without posts, an admin.
    const fan = await buildUser(d);
    await buildPost(d, fan);
    const empty = await buildUser(d, { isCreator: true });
    const admin = await buildUser(d);
    await d.pool.query('UPDATE users SET is_admin = true WHERE id = $1', [admin.id]);
    await buildPost(d, admin);
    for (const id of [fan.id, empty.id, admin.id]) {
      await d.pool.query('UPDATE users SET followers_count = 9000 WHERE id = $1', [id]);
    }

    const res = await discover(caller.access);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ id: number; followers: number }[]>();
    expect(list).toHaveLength(10);
    const ids = list.map((p) => p.id);
    for (const id of [caller.id, fan.id, empty.id, admin.id]) expect(ids).not.toContain(id);
    expect(ids.slice(0, 2)).toEqual([creatorB.id, creatorA.id]);
    expect(list[0]).toEqual({
      id: creatorB.id,
      userId: creatorB.id,
      username: creatorB.username,
      profile_image: null,
      profile_image_small: null,
      followers: 50,
      is_following: false,
    });
    for (const profile of list) expect(profile).not.toHaveProperty('email');
  });

  it('leaves out creators the caller already follows', async () => {
    const followed = await creatorWithPost(3_000_000);
    const caller = await buildUser(d);
    const before = (await discover(caller.access)).json<{ id: number }[]>();
    expect(before[0]?.id).toBe(followed.id);
    await d.pool.query('INSERT INTO follows (follower_id, followee_id) VALUES ($1, $2)', [
      caller.id,
      followed.id,
    ]);
    const after = (await discover(caller.access)).json<{ id: number }[]>();
    expect(after.map((p) => p.id)).not.toContain(followed.id);
  });

  it('suggests the caller to others', async () => {
    const caller = await creatorWithPost(4_000_000);
    const other = await buildUser(d);
    const list = (await discover(other.access)).json<{ id: number }[]>();
    expect(list[0]?.id).toBe(caller.id);
  });

  it('leaves out the followers of a locked profile until the caller unlocks it', async () => {
    const owner = await creatorWithPost(5_000_000);
    const viewer = await buildUser(d);
    await lockProfile(d, owner);
    const before = (await discover(viewer.access)).json<{ id: number }[]>();
    expect(before.find((p) => p.id === owner.id)).toEqual({
      id: owner.id,
      userId: owner.id,
      username: owner.username,
      profile_image: null,
      profile_image_small: null,
      is_following: false,
    });

    await unlockProfile(d, viewer, owner);
    const after = (await discover(viewer.access)).json<{ id: number }[]>();
    expect(after.find((p) => p.id === owner.id)).toMatchObject({ followers: 5_000_000 });
    // Someone else's unlock does not count for another viewer.
    const stranger = await buildUser(d);
    const theirs = (await discover(stranger.access)).json<{ id: number }[]>();
    expect(theirs.find((p) => p.id === owner.id)).not.toHaveProperty('followers');
  });
});
