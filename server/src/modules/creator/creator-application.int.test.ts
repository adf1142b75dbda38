import { messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  applicationFields,
  applicationImages,
  submitApplication,
  VALID_BIO,
} from '../../../test/creator.ts';
import { buildUser } from '../../../test/factories.ts';
import { png, tempFilesLeft, uploadFile } from '../../../test/media.ts';
import { ownProfile, statusOf, uploadCount, uploadIdOf } from './creator-application.helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/auth/creator-application/', () => {
  it('answers 401 without a token', async () => {
    const res = await statusOf(t, undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: messages.authRequired });
  });

  it('answers status none for a user who never applied', async () => {
    const user = await buildUser(t);
    const res = await statusOf(t, user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'none', is_creator: false, application: null });
  });

  it('answers approved for a user who already is a creator', async () => {
    const creator = await buildUser(t, { isCreator: true });
    expect((await statusOf(t, creator)).json()).toEqual({
      status: 'approved',
      is_creator: true,
      application: null,
    });
  });
});

describe('POST /api/auth/creator-application/', () => {
  it('accepts a valid application as pending, with its images stored and served', async () => {
    const user = await buildUser(t);
    const [profile, cover] = await applicationImages();
    const fields = applicationFields({
      username: '  Cosplay_Queen_1  ',
      bio: `  ${VALID_BIO}  `,
      social_links: JSON.stringify({
        instagram: 'https://instagram.com/queen',
        twitter: '  ',
        website: ' https://queen.example ',
      }),
      category: ' gaming ',
      subcategories: JSON.stringify(['cosplay', ' Cosplay ', 'fitness']),
      tags: JSON.stringify(['anime', '  ', 'Anime', 'gaming ']),
      vibes: JSON.stringify(['playful']),
    });
    const res = await submitApplication(t, user, { fields, files: [profile!, cover!] });

    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message:
        "Creator application submitted successfully! We'll review your application and get back to you soon.",
      status: 'pending',
      application: {
        id: expect.any(Number),
        status: 'pending',
        username: 'Cosplay_Queen_1',
        bio: VALID_BIO,
        category: 'gaming',
        profile_image: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\/original\?exp=\d+&sig=/),
        cover_image: expect.stringMatching(/^\/media\/[0-9a-f-]{36}\/original\?exp=\d+&sig=/),
        // Blank links are dropped, the others trimmed; entries trimmed, duplicates ignored.
        social_links: {
          instagram: 'https://instagram.com/queen',
          website: 'https://queen.example',
        },
        subcategories: ['cosplay', 'fitness'],
        tags: ['anime', 'gaming'],
        vibes: ['playful'],
        rejection_reason: null,
        created_at: expect.any(String),
        reviewed_at: null,
      },
    });

    // The images are the caller's own uploads, in their contexts, and load through their URLs.
    const { rows } = await t.pool.query<{ id: string; context: string }>(
      'SELECT id, context FROM uploads WHERE owner_id = $1 ORDER BY context',
      [user.id],
    );
    expect(rows).toEqual([
      { id: uploadIdOf(body.application.cover_image), context: 'cover_image' },
      { id: uploadIdOf(body.application.profile_image), context: 'profile_image' },
    ]);
    for (const [url, file] of [
      [body.application.profile_image, profile!],
      [body.application.cover_image, cover!],
    ] as const) {
      const image = await t.request({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(file.content)).toBe(true);
    }

    // Status now reads pending with the same application; the user is not a creator yet.
    expect((await statusOf(t, user)).json()).toEqual({
      status: 'pending',
      is_creator: false,
      application: body.application,
    });
    expect(await ownProfile(t, user)).toMatchObject({
      username: user.username,
      is_creator: false,
      bio: '',
    });
    expect(await tempFilesLeft(t)).toEqual([]);
  });

  it('answers 401 without a token and stores nothing', async () => {
    const uploadsBefore = await t.pool.query('SELECT id FROM uploads ORDER BY id');
    const res = await submitApplication(t, undefined, {
      fields: applicationFields(),
      files: await applicationImages(),
    });
    expect(res.statusCode).toBe(401);
    expect((await t.pool.query('SELECT id FROM uploads ORDER BY id')).rows).toEqual(
      uploadsBefore.rows,
    );
    expect(await tempFilesLeft(t)).toEqual([]);
  });

  it.each([
    ['50', 'x'.repeat(50)],
    ['500', 'y'.repeat(500)],
  ])('accepts a bio of exactly %s characters', async (_, bio) => {
    const user = await buildUser(t);
    const res = await submitApplication(t, user, {
      fields: applicationFields({ bio }),
      files: await applicationImages(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().application.bio).toBe(bio);
  });

  it('lets the existing profile and cover images stand in for the files', async () => {
    const user = await buildUser(t);
    const profileId = (
      await uploadFile(t, user, { content: await png(), context: 'profile_image' })
    ).json().id as string;
    const coverId = (
      await uploadFile(t, user, { content: await png(), context: 'cover_image' })
    ).json().id as string;
    const put = await t.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ profile_image_uuid: profileId, cover_image_uuid: coverId }),
      token: user.access,
    });
    expect(put.statusCode).toBe(200);

    const res = await submitApplication(t, user, { fields: applicationFields() });
    expect(res.statusCode).toBe(201);
    const { application } = res.json();
    expect(uploadIdOf(application.profile_image)).toBe(profileId);
    expect(uploadIdOf(application.cover_image)).toBe(coverId);
    expect(await uploadCount(t, user)).toBe(2);
  });

  it('accepts the applicant’s own current username', async () => {
    const user = await buildUser(t);
    const res = await submitApplication(t, user, {
      fields: applicationFields({ username: user.username }),
      files: await applicationImages(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().application.username).toBe(user.username);
  });
});
