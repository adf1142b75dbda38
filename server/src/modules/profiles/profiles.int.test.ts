import { messages, ownProfile } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HEADER_KEYS = [
  'cover_image',
  'cover_image_small',
  'id',
  'is_following',
  'is_owner',
  'is_profile_locked',
  'is_unlocked',
  'profile_image',
  'profile_image_small',
  'username',
];
const PUBLIC_KEYS = [
  ...HEADER_KEYS,
  'bio',
  'category',
  'created_at',
  'followers',
  'instagram_url',
  'is_creator',
  'social_links',
  'subcategories',
  'subscription_price',
  'tags',
  'vibes',
  'x_url',
].sort();

function put(user: Pick<TestUser, 'access'>, body: unknown) {
  return t.request({
    method: 'PUT',
    url: '/api/auth/profile/',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    token: user.access,
  });
}

function view(viewer: Pick<TestUser, 'access'>, idOrUsername: string | number) {
  return t.request({
    method: 'GET',
    url: `/api/auth/users/${idOrUsername}/`,
    token: viewer.access,
  });
}

const ownView = (user: TestUser) =>
  t.request({ method: 'GET', url: '/api/auth/profile/', token: user.access });

describe('requires auth', () => {
  it.each([
    ['PUT', '/api/auth/profile/'],
    ['DELETE', '/api/auth/profile/profile-image/'],
    ['DELETE', '/api/auth/profile/cover-image/'],
    ['GET', '/api/auth/users/1/'],
    ['GET', '/api/auth/users/someone/'],
    ['POST', '/api/auth/users/someone/unlock/'],
  ] as const)('%s %s answers 401 without a token and with a bad one', async (method, url) => {
    const body =
      method === 'PUT' || method === 'POST'
        ? { headers: { 'content-type': 'application/json' }, payload: '{"password":"x"}' }
        : {};
    const bare = await t.request({ method, url, ...body });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ detail: messages.authRequired });
    const bad = await t.request({ method, url, ...body, token: 'not-a-token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ detail: messages.authInvalid });
  });

  it('changes nothing for an unauthenticated PUT', async () => {
    const user = await buildUser(t);
    const res = await t.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
      payload: JSON.stringify({ bio: 'hacked' }),
    });
    expect(res.statusCode).toBe(401);
    expect((await ownView(user)).json().bio).toBe('');
  });
});

describe('GET /api/auth/users/{idOrUsername}/', () => {
  it('shows the owner everything of their own profile, by id and by username', async () => {
    const user = await buildUser(t);
    for (const key of [user.id, user.username, user.username.toUpperCase()]) {
      const res = await view(user, key);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        id: user.id,
        email: user.email,
        username: user.username,
        is_owner: true,
        is_unlocked: false,
        is_profile_locked: false,
        custom_tag: '',
        show_tags: true,
      });
      expect(Object.keys(body).sort()).toEqual(
        [
          ...new Set([
            ...Object.keys(ownProfile.shape),
            ...HEADER_KEYS.filter((key) => key !== 'is_following'),
          ]),
        ].sort(),
      );
    }
  });

  it('never shows another viewer the email, hashes or private settings', async () => {
    const owner = await buildUser(t);
    const viewer = await buildUser(t);
    await put(owner, {
      bio: 'Hello there',
      tags: ['Cosplay'],
      vibes: ['Playful'],
      custom_tag: 'private-custom-tag',
      custom_vibe: 'private-custom-vibe',
      show_vibes: false,
      subscription_price: '9.99',
      social_links: { website: 'https://example.com' },
    });
    // A locked-then-unlocked profile keeps no hash; lock it to have one stored, then open it.
    await put(owner, { is_profile_locked: true, profile_password: 'a-profile-password' });
    await put(owner, { is_profile_locked: false });

    for (const key of [owner.id, owner.username]) {
      const res = await view(viewer, key);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(PUBLIC_KEYS);
      expect(body).toMatchObject({
        id: owner.id,
        username: owner.username,
        bio: 'Hello there',
        tags: ['Cosplay'],
        vibes: [],
        subscription_price: '9.99',
        social_links: { website: 'https://example.com' },
        is_owner: false,
        is_unlocked: false,
        is_profile_locked: false,
      });
      for (const secret of [owner.email, 'private-custom', '$argon2', 'password']) {
        expect(res.body).not.toContain(secret);
      }
    }
  });

  it('answers 404 for a user that does not exist', async () => {
    const viewer = await buildUser(t);
    for (const key of ['no_such_user', '999999999']) {
      const res = await view(viewer, key);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'User not found' });
    }
  });

  it('answers 400 for a key longer than any username', async () => {
    const viewer = await buildUser(t);
    const res = await view(viewer, 'x'.repeat(65));
    expect(res.statusCode).toBe(400);
  });
});
