import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { png, storedFileExists, TEXT_BYTES, uploadFile, uploadRow } from '../../../test/media.ts';
import { multipart, type MultipartFile } from '../../../test/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

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

async function uploadId(user: TestUser, context: string): Promise<string> {
  const res = await uploadFile(t, user, { content: await png(), context });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

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
    expect(res.json()).toMatchObject({ tags: ['Send this field as JSON.'] });
  });

  it('refuses an image file that is not an image and changes nothing', async () => {
    const user = await buildUser(t);
    const res = await putMultipart(user, { bio: 'not stored' }, [
      { name: 'profile_image', filename: 'me.png', content: TEXT_BYTES, type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
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
    expect(res.json()).toMatchObject({ detail: `There is no ${word} image to delete.` });
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
