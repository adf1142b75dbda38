import { messages, ownProfile } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { png, storedFileExists, uploadFile, uploadRow } from '../../../test/media.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PRICE_MESSAGE = 'Choose one of: free, 4.99, 9.99, 19.99.';
const URL_MESSAGE = 'Enter a valid URL starting with http:// or https://.';

const signedUrl = (id: string, variant = 'original') =>
  new RegExp(`^/media/${id}/${variant}\\?exp=\\d+&sig=[\\w-]+$`);

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

async function uploadId(user: TestUser, context: string): Promise<string> {
  const res = await uploadFile(t, user, { content: await png(), context });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

describe('PUT /api/auth/profile/ (JSON)', () => {
  it('stores every field and answers the own profile', async () => {
    const user = await buildUser(t);
    const res = await put(user, {
      bio: '  A bio with spaces around  ',
      category: 'art',
      subcategories: ['cosplay', 'yoga'],
      tags: ['Cosplay', 'Daily Posts'],
      vibes: ['Sultry', 'Playful'],
      subscription_price: '4.99',
      instagram_url: 'https://instagram.com/me',
      x_url: 'https://x.com/me',
      social_links: {
        youtube: 'https://youtube.com/@me',
        tiktok: '',
        reddit: 'https://reddit.com/u/me',
        website: 'https://me.example',
      },
      custom_tag: '  Moonlit ',
      custom_vibe: 'Dreamy',
      show_subcategories: false,
      show_tags: false,
      show_vibes: false,
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      id: user.id,
      email: user.email,
      username: user.username,
      bio: 'A bio with spaces around',
      category: 'art',
      subcategories: ['cosplay', 'yoga'],
      tags: ['Cosplay', 'Daily Posts'],
      vibes: ['Sultry', 'Playful'],
      subscription_price: '4.99',
      instagram_url: 'https://instagram.com/me',
      x_url: 'https://x.com/me',
      social_links: {
        youtube: 'https://youtube.com/@me',
        reddit: 'https://reddit.com/u/me',
        website: 'https://me.example',
      },
      custom_tag: 'Moonlit',
      custom_vibe: 'Dreamy',
      show_subcategories: false,
      show_tags: false,
      show_vibes: false,
      is_profile_locked: false,
    };
    expect(res.json()).toMatchObject(expected);
    expect(ownProfile.parse(res.json())).toEqual(res.json());
    expect((await ownView(user)).json()).toMatchObject(expected);
  });

  it('changes only the fields sent', async () => {
    const user = await buildUser(t);
    await put(user, { bio: 'first', tags: ['One'] });
    const res = await put(user, { x_url: 'https://x.com/only' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bio: 'first', tags: ['One'], x_url: 'https://x.com/only' });
  });

  it('trims and de-duplicates tags, vibes and subcategories', async () => {
    const user = await buildUser(t);
    const res = await put(user, {
      tags: ['  Cosplay ', 'cosplay', '', '   ', 'Daily Posts', 'COSPLAY', 'daily posts'],
      vibes: [' Sultry', 'sultry ', '\tSULTRY\n', 'Playful'],
      subcategories: ['yoga', ' Yoga '],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      tags: ['Cosplay', 'Daily Posts'],
      vibes: ['Sultry', 'Playful'],
      subcategories: ['yoga'],
    });
    expect((await ownView(user)).json().tags).toEqual(['Cosplay', 'Daily Posts']);
  });

  it.each(['free', '4.99', '9.99', '19.99'])('accepts the price %s', async (price) => {
    const user = await buildUser(t);
    await put(user, { subscription_price: price === 'free' ? '4.99' : 'free' });
    const res = await put(user, { subscription_price: price });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription_price).toBe(price);
    expect((await ownView(user)).json().subscription_price).toBe(price);
  });

  it.each([['5.00'], ['4.990'], ['0'], [''], ['FREE'], [4.99], [null]])(
    'refuses the price %j with the message',
    async (price) => {
      const user = await buildUser(t);
      await put(user, { subscription_price: '9.99' });
      const res = await put(user, { subscription_price: price });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ subscription_price: [PRICE_MESSAGE] });
      expect((await ownView(user)).json().subscription_price).toBe('9.99');
    },
  );

  it.each(['ab', 'has space', 'x'.repeat(31), 'émile', 'semi;colon', 'dot.name'])(
    'refuses the username %j',
    async (username) => {
      const user = await buildUser(t);
      const res = await put(user, { username });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ username: [messages.usernameInvalid] });
      expect((await ownView(user)).json().username).toBe(user.username);
    },
  );

  it('refuses a username another user has, in any case', async () => {
    const [user, other] = [await buildUser(t), await buildUser(t)];
    for (const taken of [other.username, other.username.toUpperCase()]) {
      const res = await put(user, { username: taken });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ username: ['A user with that username already exists.'] });
    }
    expect((await ownView(user)).json().username).toBe(user.username);
  });

  it('changes the username, also to another case of the own one', async () => {
    const user = await buildUser(t);
    const recased = user.username.toUpperCase();
    const res = await put(user, { username: recased });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(recased);
    const renamed = await put(user, { username: `new-${user.id}_name` });
    expect(renamed.statusCode).toBe(200);
    const viewer = await buildUser(t);
    expect((await view(viewer, `new-${user.id}_name`)).json().id).toBe(user.id);
    expect((await view(viewer, user.username)).statusCode).toBe(404);
  });

  it.each([
    ['instagram_url', 'instagram.com/me'],
    ['instagram_url', 'javascript:alert(1)'],
    ['x_url', 'ftp://x.com/me'],
    ['x_url', 'https://has space.com'],
  ])('refuses %s = %j', async (field, value) => {
    const user = await buildUser(t);
    const res = await put(user, { [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ [field]: [URL_MESSAGE] });
  });

  it('refuses a social link that is not a web URL and stores none of the body', async () => {
    const user = await buildUser(t);
    const res = await put(user, {
      bio: 'should not be stored',
      social_links: { website: 'javascript:alert(1)', youtube: 'https://youtube.com/@me' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ social_links: [URL_MESSAGE] });
    expect((await ownView(user)).json()).toMatchObject({ bio: '', social_links: {} });
  });

  it('clears a link sent as an empty string', async () => {
    const user = await buildUser(t);
    await put(user, { instagram_url: 'https://instagram.com/me' });
    const res = await put(user, { instagram_url: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().instagram_url).toBe('');
  });

  it('refuses a bio over 500 characters, an unknown category and too many tags', async () => {
    const user = await buildUser(t);
    const bio = await put(user, { bio: 'x'.repeat(501) });
    expect(bio.statusCode).toBe(400);
    expect(bio.json()).toMatchObject({ bio: ['Bio must be at most 500 characters long.'] });
    expect((await put(user, { bio: 'x'.repeat(500) })).statusCode).toBe(200);

    const category = await put(user, { category: 'not-a-category' });
    expect(category.statusCode).toBe(400);
    expect(category.json()).toMatchObject({ category: ['Choose a category from the list.'] });

    const tags = await put(user, { tags: Array.from({ length: 31 }, (_, i) => `tag${i}`) });
    expect(tags.statusCode).toBe(400);
    expect(tags.json()).toMatchObject({ tags: ['Choose at most 30 tags.'] });

    const notList = await put(user, { vibes: 'Sultry' });
    expect(notList.statusCode).toBe(400);
    expect(notList.json()).toMatchObject({ vibes: ['Send vibes as a list.'] });
  });

  it('holds tags, vibes and categories to the one entry rule the creator application follows', async () => {
    const user = await buildUser(t);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { subcategories: Array.from({ length: 21 }, (_, i) => `category${i}`) },
        { subcategories: ['Choose at most 20 categories.'] },
      ],
      [{ vibes: ['v'.repeat(41)] }, { vibes: ['Each vibe must be at most 40 characters long.'] }],
      [
        { tags: ['Cosplay', '#trending'] },
        { tags: ["Each tag may use only letters, numbers, spaces and _ & ' + - ."] },
      ],
      [{ tags: ['Cosplay', 42] }, { tags: ['Send tags as a list.'] }],
    ];
    for (const [body, expected] of cases) {
      const res = await put(user, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject(expected);
    }
    // Counted once cleaned: 31 spellings of one tag are one tag.
    const repeated = Array.from({ length: 31 }, (_, i) =>
      i % 2 ? 'Q&A Sessions' : 'q&a sessions',
    );
    const ok = await put(user, { tags: repeated, vibes: ["Let's Plays", '18+ Only', 'ñandú'] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      tags: ['q&a sessions'],
      vibes: ["Let's Plays", '18+ Only', 'ñandú'],
    });
  });

  it.each([['[]'], ['"text"'], ['42']])('answers 400 for the body %s', async (payload) => {
    const user = await buildUser(t);
    const res = await t.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      headers: { 'content-type': 'application/json' },
      payload,
      token: user.access,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ fields: object }>().fields)).toEqual(['non_field_errors']);
  });

  it('sets the profile and cover image from the caller’s own uploads', async () => {
    const user = await buildUser(t);
    const profileImage = await uploadId(user, 'profile_image');
    const coverImage = await uploadId(user, 'cover_image');
    const res = await put(user, {
      profile_image_uuid: profileImage,
      cover_image_uuid: coverImage,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile_image).toMatch(signedUrl(profileImage));
    expect(res.json().cover_image).toMatch(signedUrl(coverImage));
    const seen = await view(await buildUser(t), user.id);
    expect(seen.json().profile_image).toMatch(signedUrl(profileImage));
    const bytes = await t.request({ method: 'GET', url: seen.json().profile_image });
    expect(bytes.statusCode).toBe(200);
  });

  it('refuses another user’s upload and an upload of another context', async () => {
    const [user, other] = [await buildUser(t), await buildUser(t)];
    const othersImage = await uploadId(other, 'profile_image');
    const postImage = await uploadId(user, 'post_image');
    const profileImage = await uploadId(user, 'profile_image');

    for (const id of [othersImage, postImage]) {
      const res = await put(user, { profile_image_uuid: id, bio: 'not stored' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        profile_image_uuid: ['This is not one of your uploaded profile images.'],
      });
    }
    const cover = await put(user, { cover_image_uuid: profileImage });
    expect(cover.statusCode).toBe(400);
    expect(cover.json()).toMatchObject({
      cover_image_uuid: ['This is not one of your uploaded cover images.'],
    });
    const notUuid = await put(user, { profile_image_uuid: 'not-a-uuid' });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json()).toMatchObject({ profile_image_uuid: ['Not a valid file id.'] });

    const after = (await ownView(user)).json();
    expect(after).toMatchObject({ bio: '', profile_image: null, cover_image: null });
    // The other user's upload is untouched.
    expect(await uploadRow(t, othersImage)).toBeDefined();
  });

  it('removes a replaced profile image and its file', async () => {
    const user = await buildUser(t);
    const first = await uploadId(user, 'profile_image');
    await put(user, { profile_image_uuid: first });
    const firstKey = (await uploadRow(t, first))!.storageKey;
    const second = await uploadId(user, 'profile_image');
    const res = await put(user, { profile_image_uuid: second });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile_image).toMatch(signedUrl(second));
    expect(await uploadRow(t, first)).toBeUndefined();
    expect(await storedFileExists(t, firstKey)).toBe(false);

    const cleared = await put(user, { profile_image_uuid: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().profile_image).toBeNull();
    expect(await uploadRow(t, second)).toBeUndefined();
  });
});
