import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';

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

function unlock(viewer: Pick<TestUser, 'access'>, username: string, body?: unknown) {
  return t.request({
    method: 'POST',
    url: `/api/auth/users/${username}/unlock/`,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
    token: viewer.access,
  });
}

const ownView = (user: TestUser) =>
  t.request({ method: 'GET', url: '/api/auth/profile/', token: user.access });
const postsOf = (viewer: TestUser, idOrUsername: string | number) =>
  t.request({ method: 'GET', url: `/api/posts/user/${idOrUsername}/`, token: viewer.access });
const feedIds = async (viewer: TestUser) => {
  const res = await t.request({ method: 'GET', url: '/api/posts/?limit=50', token: viewer.access });
  expect(res.statusCode).toBe(200);
  return res.json().map((post: { id: number }) => post.id) as number[];
};

/** A user whose profile is locked with `password`, with a bio and one post. */
async function lockedProfile(password = 'open sesame') {
  const owner = await buildUser(t);
  const post = await buildPost(t, owner, { content: `secret post of ${owner.username}` });
  const res = await put(owner, {
    bio: `secret bio of ${owner.username}`,
    is_profile_locked: true,
    profile_password: password,
  });
  expect(res.statusCode).toBe(200);
  return { owner, post, password };
}

describe('locking a profile', () => {
  it('needs a password of at least 4 characters', async () => {
    const user = await buildUser(t);
    const none = await put(user, { is_profile_locked: true });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      profile_password: ['Set a password to lock your profile.'],
    });
    const short = await put(user, { is_profile_locked: true, profile_password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({
      profile_password: ['The profile password must be at least 4 characters long.'],
    });
    expect((await ownView(user)).json().is_profile_locked).toBe(false);
  });

  it('shows others only the header, no posts, and keeps the author out of their feed', async () => {
    const { owner, post } = await lockedProfile();
    const viewer = await buildUser(t);

    const res = await view(viewer, owner.username);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: owner.id,
      username: owner.username,
      profile_image: null,
      cover_image: null,
      profile_image_small: null,
      cover_image_small: null,
      is_profile_locked: true,
      is_unlocked: false,
      is_owner: false,
      is_following: false,
    });
    expect(res.body).not.toContain('secret bio');

    for (const key of [owner.username, owner.id]) {
      const posts = await postsOf(viewer, key);
      expect(posts.statusCode).toBe(200);
      expect(posts.json()).toEqual([]);
    }
    expect(await feedIds(viewer)).not.toContain(post.id);

    // The owner still sees everything.
    expect((await view(owner, owner.id)).json()).toMatchObject({
      bio: `secret bio of ${owner.username}`,
      is_profile_locked: true,
    });
    expect((await postsOf(owner, owner.id)).json().map((p: { id: number }) => p.id)).toEqual([
      post.id,
    ]);
    expect(await feedIds(owner)).toContain(post.id);
  });

  it('keeps the profile locked when other fields change, without the password again', async () => {
    const { owner } = await lockedProfile();
    const res = await put(owner, { bio: 'still locked' });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_profile_locked).toBe(true);
    const viewer = await buildUser(t);
    expect(Object.keys((await view(viewer, owner.id)).json()).sort()).toEqual(HEADER_KEYS);
  });

  it('opening the profile shows everything again and forgets the password', async () => {
    const { owner, post } = await lockedProfile();
    const viewer = await buildUser(t);
    const res = await put(owner, { is_profile_locked: false });
    expect(res.statusCode).toBe(200);
    expect((await view(viewer, owner.id)).json().bio).toBe(`secret bio of ${owner.username}`);
    expect(await feedIds(viewer)).toContain(post.id);
    const relock = await put(owner, { is_profile_locked: true });
    expect(relock.statusCode).toBe(400);
    expect(relock.json()).toMatchObject({
      profile_password: ['Set a password to lock your profile.'],
    });
  });
});

describe('POST /api/auth/users/{username}/unlock/', () => {
  it('answers 400 for a wrong password, and the profile stays locked', async () => {
    const { owner } = await lockedProfile();
    const viewer = await buildUser(t);
    const res = await unlock(viewer, owner.username, { password: 'not it' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Incorrect password' });
    expect(Object.keys((await view(viewer, owner.id)).json()).sort()).toEqual(HEADER_KEYS);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['an empty password', { password: '' }],
  ])('answers 400 Password is required for %s', async (_, body) => {
    const { owner } = await lockedProfile();
    const viewer = await buildUser(t);
    const res = await unlock(viewer, owner.username, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Password is required', code: 'password_required' });
  });

  it('refuses to unlock the own profile', async () => {
    const { owner, password } = await lockedProfile();
    const res = await unlock(owner, owner.username, { password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'You cannot unlock your own profile.' });
  });

  it('answers 404 for a user that does not exist', async () => {
    const viewer = await buildUser(t);
    const res = await unlock(viewer, 'nobody_here', { password: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'User not found' });
  });

  it('with the right password opens content and posts to that viewer only', async () => {
    const { owner, post, password } = await lockedProfile();
    const [viewer, third] = [await buildUser(t), await buildUser(t)];

    const res = await unlock(viewer, owner.username, { password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profile unlocked.',
      profile: {
        id: owner.id,
        bio: `secret bio of ${owner.username}`,
        is_unlocked: true,
        is_owner: false,
      },
    });
    expect(res.body).not.toContain(owner.email);

    const seen = await view(viewer, owner.username);
    expect(seen.json()).toMatchObject({
      bio: `secret bio of ${owner.username}`,
      is_profile_locked: true,
      is_unlocked: true,
    });
    expect(Object.keys(seen.json()).sort()).toEqual(PUBLIC_KEYS);
    expect((await postsOf(viewer, owner.username)).json()).toEqual([
      expect.objectContaining({ id: post.id, content: `secret post of ${owner.username}` }),
    ]);
    expect(await feedIds(viewer)).toContain(post.id);

    // Nobody else gained anything.
    expect(Object.keys((await view(third, owner.username)).json()).sort()).toEqual(HEADER_KEYS);
    expect((await postsOf(third, owner.username)).json()).toEqual([]);
    expect(await feedIds(third)).not.toContain(post.id);
  });

  it('unlocks by id as well as by username', async () => {
    const { owner, password } = await lockedProfile();
    const viewer = await buildUser(t);
    const res = await unlock(viewer, String(owner.id), { password });
    expect(res.statusCode).toBe(200);
    expect((await view(viewer, owner.id)).json().is_unlocked).toBe(true);
  });

  it('a new profile password clears earlier unlocks', async () => {
    const { owner, post, password } = await lockedProfile();
    const viewer = await buildUser(t);
    expect((await unlock(viewer, owner.username, { password })).statusCode).toBe(200);

    const changed = await put(owner, { profile_password: 'a brand new password' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().is_profile_locked).toBe(true);

    expect(Object.keys((await view(viewer, owner.id)).json()).sort()).toEqual(HEADER_KEYS);
    expect((await postsOf(viewer, owner.id)).json()).toEqual([]);
    expect(await feedIds(viewer)).not.toContain(post.id);

    const old = await unlock(viewer, owner.username, { password });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ error: 'Incorrect password' });
    const fresh = await unlock(viewer, owner.username, { password: 'a brand new password' });
    expect(fresh.statusCode).toBe(200);
    expect(await feedIds(viewer)).toContain(post.id);
  });
});
