import { messages, ownProfile } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { png, storedFileExists, TEXT_BYTES, uploadFile, uploadRow } from '../../../test/media.ts';
import { multipart, type MultipartFile } from '../../../test/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HEADER_KEYS = [
  'cover_image',
  'id',
  'is_following',
  'is_owner',
  'is_profile_locked',
  'is_unlocked',
  'profile_image',
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

function putMultipart(
  user: Pick<TestUser, 'access'>,
  fields: Record<string, string>,
  files: MultipartFile[] = [],
) {
  return t.request({
    method: 'PUT',
    url: '/api/auth/profile/',
    ...multipart({ fields, files }),
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

async function uploadId(user: TestUser, context: string): Promise<string> {
  const res = await uploadFile(t, user, { content: await png(), context });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

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
    expect(bare.json()).toEqual({ detail: messages.authRequired });
    const bad = await t.request({ method, url, ...body, token: 'not-a-token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ detail: messages.authInvalid });
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
      expect(res.json()).toEqual({ detail: 'User not found' });
    }
  });

  it('answers 400 for a key longer than any username', async () => {
    const viewer = await buildUser(t);
    const res = await view(viewer, 'x'.repeat(65));
    expect(res.statusCode).toBe(400);
  });
});

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
      expect(res.json()).toEqual({ subscription_price: [PRICE_MESSAGE] });
      expect((await ownView(user)).json().subscription_price).toBe('9.99');
    },
  );

  it.each(['ab', 'has space', 'x'.repeat(31), 'émile', 'semi;colon', 'dot.name'])(
    'refuses the username %j',
    async (username) => {
      const user = await buildUser(t);
      const res = await put(user, { username });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ username: [messages.usernameInvalid] });
      expect((await ownView(user)).json().username).toBe(user.username);
    },
  );

  it('refuses a username another user has, in any case', async () => {
    const [user, other] = [await buildUser(t), await buildUser(t)];
    for (const taken of [other.username, other.username.toUpperCase()]) {
      const res = await put(user, { username: taken });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ username: ['A user with that username already exists.'] });
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
    expect(res.json()).toEqual({ [field]: [URL_MESSAGE] });
  });

  it('refuses a social link that is not a web URL and stores none of the body', async () => {
    const user = await buildUser(t);
    const res = await put(user, {
      bio: 'should not be stored',
      social_links: { website: 'javascript:alert(1)', youtube: 'https://youtube.com/@me' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ social_links: [URL_MESSAGE] });
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
    expect(bio.json()).toEqual({ bio: ['Bio must be at most 500 characters long.'] });
    expect((await put(user, { bio: 'x'.repeat(500) })).statusCode).toBe(200);

    const category = await put(user, { category: 'not-a-category' });
    expect(category.statusCode).toBe(400);
    expect(category.json()).toEqual({ category: ['Choose a category from the list.'] });

    const tags = await put(user, { tags: Array.from({ length: 31 }, (_, i) => `tag${i}`) });
    expect(tags.statusCode).toBe(400);
    expect(tags.json()).toEqual({ tags: ['Choose at most 30 tags.'] });

    const notList = await put(user, { vibes: 'Sultry' });
    expect(notList.statusCode).toBe(400);
    expect(notList.json()).toEqual({ vibes: ['Send vibes as a list.'] });
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
      expect(res.json()).toEqual(expected);
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
    expect(Object.keys(res.json())).toEqual(['non_field_errors']);
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
      expect(res.json()).toEqual({
        profile_image_uuid: ['This is not one of your uploaded profile images.'],
      });
    }
    const cover = await put(user, { cover_image_uuid: profileImage });
    expect(cover.statusCode).toBe(400);
    expect(cover.json()).toEqual({
      cover_image_uuid: ['This is not one of your uploaded cover images.'],
    });
    const notUuid = await put(user, { profile_image_uuid: 'not-a-uuid' });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json()).toEqual({ profile_image_uuid: ['Not a valid file id.'] });

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

describe('PUT /api/auth/profile/ (multipart)', () => {
  it('takes the image files and JSON-encoded lists', async () => {
    const user = await buildUser(t);
    const res = await putMultipart(
      user,
      {
        bio: 'From a form',
        tags: JSON.stringify([' Cosplay ', 'cosplay', 'Art']),
        vibes: JSON.stringify(['Playful']),
        social_links: JSON.stringify({ website: 'https://me.example', youtube: '' }),
        subscription_price: '19.99',
        show_tags: 'false',
      },
      [
        { name: 'profile_image', filename: 'me.png', content: await png(), type: 'image/png' },
        { name: 'cover_image', filename: 'cover.png', content: await png(), type: 'image/png' },
      ],
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      bio: 'From a form',
      tags: ['Cosplay', 'Art'],
      vibes: ['Playful'],
      social_links: { website: 'https://me.example' },
      subscription_price: '19.99',
      show_tags: false,
    });
    const profileId = /^\/media\/([0-9a-f-]{36})\//.exec(body.profile_image)?.[1];
    const coverId = /^\/media\/([0-9a-f-]{36})\//.exec(body.cover_image)?.[1];
    expect((await uploadRow(t, profileId!))?.context).toBe('profile_image');
    expect((await uploadRow(t, coverId!))?.context).toBe('cover_image');
    expect((await uploadRow(t, profileId!))?.ownerId).toBe(user.id);
  });

  it('keeps text that looks like true, false or null as text', async () => {
    const user = await buildUser(t);
    const res = await putMultipart(user, { bio: 'true', custom_tag: 'null', username: 'false' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bio: 'true', custom_tag: 'null', username: 'false' });
  });

  it('reads true, false and null in the boolean and id fields', async () => {
    const user = await buildUser(t);
    const image = await uploadId(user, 'profile_image');
    await put(user, { profile_image_uuid: image, category: 'art' });
    const res = await putMultipart(user, {
      show_vibes: 'false',
      is_profile_locked: 'true',
      profile_password: 'form password',
      profile_image_uuid: 'null',
      category: 'null',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      show_vibes: false,
      is_profile_locked: true,
      profile_image: null,
      category: null,
    });
    const viewer = await buildUser(t);
    expect((await unlock(viewer, user.username, { password: 'form password' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a list that is not JSON', async () => {
    const user = await buildUser(t);
    const res = await putMultipart(user, { tags: 'Cosplay, Art' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ tags: ['Send this field as JSON.'] });
  });

  it('refuses an image file that is not an image and changes nothing', async () => {
    const user = await buildUser(t);
    const res = await putMultipart(user, { bio: 'not stored' }, [
      { name: 'profile_image', filename: 'me.png', content: TEXT_BYTES, type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      profile_image: ["The file's contents are not an image, which profile_image accepts."],
    });
    expect((await ownView(user)).json()).toMatchObject({ bio: '', profile_image: null });
  });
});

describe.each([
  ['profile-image', 'profile_image', 'profile', 'Profile'],
  ['cover-image', 'cover_image', 'cover', 'Cover'],
] as const)('DELETE /api/auth/profile/%s/', (path, context, word, Word) => {
  const field = context === 'profile_image' ? 'profile_image_uuid' : 'cover_image_uuid';

  it('answers 404 when there is no image', async () => {
    const user = await buildUser(t);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/auth/profile/${path}/`,
      token: user.access,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: `There is no ${word} image to delete.` });
  });

  it('deletes the image, its upload and its file, and only the caller’s', async () => {
    const [user, other] = [await buildUser(t), await buildUser(t)];
    const mine = await uploadId(user, context);
    const theirs = await uploadId(other, context);
    await put(user, { [field]: mine });
    await put(other, { [field]: theirs });
    const key = (await uploadRow(t, mine))!.storageKey;

    const res = await t.request({
      method: 'DELETE',
      url: `/api/auth/profile/${path}/`,
      token: user.access,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `${Word} image deleted.` });
    expect((await ownView(user)).json()[context]).toBeNull();
    expect(await uploadRow(t, mine)).toBeUndefined();
    expect(await storedFileExists(t, key)).toBe(false);

    expect((await ownView(other)).json()[context]).toMatch(signedUrl(theirs));
    expect(await uploadRow(t, theirs)).toBeDefined();

    const again = await t.request({
      method: 'DELETE',
      url: `/api/auth/profile/${path}/`,
      token: user.access,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('locking a profile', () => {
  it('needs a password of at least 4 characters', async () => {
    const user = await buildUser(t);
    const none = await put(user, { is_profile_locked: true });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ profile_password: ['Set a password to lock your profile.'] });
    const short = await put(user, { is_profile_locked: true, profile_password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
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
    expect(relock.json()).toEqual({ profile_password: ['Set a password to lock your profile.'] });
  });
});

describe('POST /api/auth/users/{username}/unlock/', () => {
  it('answers 400 for a wrong password, and the profile stays locked', async () => {
    const { owner } = await lockedProfile();
    const viewer = await buildUser(t);
    const res = await unlock(viewer, owner.username, { password: 'not it' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Incorrect password' });
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
    expect(res.json()).toEqual({ error: 'Password is required' });
  });

  it('refuses to unlock the own profile', async () => {
    const { owner, password } = await lockedProfile();
    const res = await unlock(owner, owner.username, { password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'You cannot unlock your own profile.' });
  });

  it('answers 404 for a user that does not exist', async () => {
    const viewer = await buildUser(t);
    const res = await unlock(viewer, 'nobody_here', { password: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'User not found' });
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
    expect(old.json()).toEqual({ error: 'Incorrect password' });
    const fresh = await unlock(viewer, owner.username, { password: 'a brand new password' });
    expect(fresh.statusCode).toBe(200);
    expect(await feedIds(viewer)).toContain(post.id);
  });
});
