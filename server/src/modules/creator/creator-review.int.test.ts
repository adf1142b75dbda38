import { creatorApplicationMessages as m, messages } from '@zura/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  applicationFields,
  applicationImages,
  applyAsCreator,
  decide,
  submitApplication,
  VALID_BIO,
} from '../../../test/creator.ts';
import { makeAdmin } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { png, uploadFile } from '../../../test/media.ts';
import { uploadIdOf, creatorReviewKit } from './creator-review-test-kit.ts';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t);
  await makeAdmin(t, admin);
});
afterAll(() => t.close());

const { list, statusOf, ownProfile, notificationsOf, pendingApplicant } = creatorReviewKit(() => t);

describe('who may review', () => {
  it('answers 401 on every admin route without a token', async () => {
    const { user, application } = await pendingApplicant();
    const responses = [
      await list(undefined),
      await list(undefined, 'bogus'),
      await decide(t, undefined, application.id, 'approve'),
      await decide(t, undefined, application.id, 'reject', { reason: 'No' }),
      await decide(t, undefined, application.id, 'reject'),
      await decide(t, undefined, 'not-a-number', 'approve'),
    ];
    for (const res of responses) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ detail: messages.authRequired });
    }
    expect(await statusOf(user)).toMatchObject({ status: 'pending', is_creator: false });
  });

  it('answers 404 on every admin route to a signed-in user who is not an admin', async () => {
    const { user, application } = await pendingApplicant();
    const creator = await buildUser(t, { isCreator: true });
    for (const outsider of [user, creator]) {
      const responses = [
        await list(outsider),
        await list(outsider, 'approved'),
        // Bad input must not tell a non-admin that the route exists either.
        await list(outsider, 'bogus'),
        await decide(t, outsider, application.id, 'approve'),
        await decide(t, outsider, application.id, 'reject', { reason: 'No' }),
        await decide(t, outsider, application.id, 'reject'),
        await decide(t, outsider, 'not-a-number', 'approve'),
      ];
      for (const res of responses) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ detail: 'Not found.' });
      }
    }
    expect(await statusOf(user)).toMatchObject({ status: 'pending', is_creator: false });
    expect(await ownProfile(user)).toMatchObject({ is_creator: false });
  });

  it('refuses a deleted admin’s token', async () => {
    const gone = await buildUser(t);
    await makeAdmin(t, gone);
    expect((await list(gone)).statusCode).toBe(200);
    await t.pool.query('DELETE FROM users WHERE id = $1', [gone.id]);
    const res = await list(gone);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ detail: messages.authInvalid });
  });
});

describe('GET /api/admin/creator-applications/', () => {
  it('lists pending applications, oldest first, with the applicant and images that load', async () => {
    const first = await pendingApplicant();
    const second = await pendingApplicant();
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as {
      id: number;
      status: string;
      profile_image: string;
      cover_image: string;
      user: unknown;
    }[];
    const ids = rows.map((row) => row.id);
    expect(ids).toContain(first.application.id);
    expect(ids.indexOf(first.application.id)).toBeLessThan(ids.indexOf(second.application.id));
    expect(rows.every((row) => row.status === 'pending')).toBe(true);

    const row = rows.find((r) => r.id === second.application.id)!;
    expect(row).toEqual({
      ...second.application,
      profile_image: expect.any(String),
      cover_image: expect.any(String),
      user: { id: second.user.id, username: second.user.username, email: second.user.email },
    });
    expect(uploadIdOf(row.profile_image)).toBe(uploadIdOf(second.application.profile_image));
    for (const url of [row.profile_image, row.cover_image]) {
      const image = await t.request({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
  });

  it('filters by status and refuses an unknown one', async () => {
    const approved = await pendingApplicant();
    const rejected = await pendingApplicant();
    expect((await decide(t, admin, approved.application.id, 'approve')).statusCode).toBe(200);
    expect(
      (await decide(t, admin, rejected.application.id, 'reject', { reason: 'Too blurry.' }))
        .statusCode,
    ).toBe(200);

    const idsOf = async (status: string) =>
      ((await list(admin, status)).json() as { id: number; status: string }[]).map((r) => [
        r.id,
        r.status,
      ]);
    const pending = await idsOf('pending');
    expect(pending).not.toContainEqual([approved.application.id, 'pending']);
    expect(pending).not.toContainEqual([rejected.application.id, 'pending']);
    expect(await idsOf('approved')).toContainEqual([approved.application.id, 'approved']);
    expect(await idsOf('approved')).not.toContainEqual([rejected.application.id, 'rejected']);
    expect(await idsOf('rejected')).toContainEqual([rejected.application.id, 'rejected']);

    const bogus = await list(admin, 'bogus');
    expect(bogus.statusCode).toBe(400);
    expect(Object.keys(bogus.json<{ fields: object }>().fields)).toEqual(['status']);
  });
});

describe('POST /api/admin/creator-applications/{id}/approve/', () => {
  it('makes the applicant a creator with the profile applied with, and tells them', async () => {
    const user = await buildUser(t);
    const res = await submitApplication(t, user, {
      fields: applicationFields({
        username: 'Approved_Star',
        social_links: JSON.stringify({
          instagram: 'https://instagram.com/star',
          twitter: 'https://x.com/star',
          youtube: 'https://youtube.com/@star',
          tiktok: '',
          website: 'https://star.example',
        }),
        category: 'art',
        subcategories: JSON.stringify(['cosplay', 'my own thing']),
        tags: JSON.stringify(['anime', 'retro']),
        vibes: JSON.stringify(['playful', 'cozy']),
      }),
      files: await applicationImages(),
    });
    expect(res.statusCode).toBe(201);
    const application = res.json().application;
    expect(application.category).toBe('art');

    const approved = await decide(t, admin, application.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      id: application.id,
      status: 'approved',
      reviewed_at: expect.any(String),
      rejection_reason: null,
    });

    const profile = await ownProfile(user);
    expect(profile).toMatchObject({
      is_creator: true,
      username: 'Approved_Star',
      bio: VALID_BIO,
      category: 'art',
      instagram_url: 'https://instagram.com/star',
      x_url: 'https://x.com/star',
      social_links: { youtube: 'https://youtube.com/@star', website: 'https://star.example' },
      subcategories: ['cosplay', 'my own thing'],
      tags: ['anime', 'retro'],
      vibes: ['playful', 'cozy'],
    });
    expect(profile.social_links).not.toHaveProperty('tiktok');
    expect(uploadIdOf(profile.profile_image)).toBe(uploadIdOf(application.profile_image));
    expect(uploadIdOf(profile.cover_image)).toBe(uploadIdOf(application.cover_image));

    expect(await statusOf(user)).toMatchObject({
      status: 'approved',
      is_creator: true,
      application: { id: application.id, status: 'approved' },
    });
    const notes = await notificationsOf(user);
    expect(notes).toEqual([
      expect.objectContaining({
        notification_type: 'system',
        message: m.approved,
        is_read: false,
        data: { application_id: application.id },
      }),
    ]);
    // The admin is not notified about someone else's application.
    expect(
      (await notificationsOf(admin)).filter(
        (n: { data: { application_id?: number } }) => n.data.application_id === application.id,
      ),
    ).toEqual([]);
  });

  it('leaves the profile’s own main category when the application names none', async () => {
    const user = await buildUser(t);
    const put = await t.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      token: user.access,
      payload: { category: 'music' },
    });
    expect(put.statusCode).toBe(200);
    const application = await applyAsCreator(t, user);
    expect(application.category).toBeNull();
    expect((await decide(t, admin, application.id, 'approve')).statusCode).toBe(200);
    expect(await ownProfile(user)).toMatchObject({ is_creator: true, category: 'music' });
  });

  it('decides only once: approving or rejecting again answers 404 and changes nothing', async () => {
    const { user, application } = await pendingApplicant();
    expect((await decide(t, admin, application.id, 'approve')).statusCode).toBe(200);
    const again = await decide(t, admin, application.id, 'approve');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ detail: 'No pending application with this id.' });
    const reject = await decide(t, admin, application.id, 'reject', { reason: 'Changed my mind' });
    expect(reject.statusCode).toBe(404);
    expect(await statusOf(user)).toMatchObject({
      status: 'approved',
      application: { status: 'approved', rejection_reason: null },
    });
    expect(await notificationsOf(user)).toHaveLength(1);
  });

  it('answers 404 for an application that does not exist and 400 for a bad id', async () => {
    expect((await decide(t, admin, 999_999_999, 'approve')).statusCode).toBe(404);
    const bad = await decide(t, admin, 'abc', 'approve');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ id: ['Not a valid application id.'] });
  });

  it('stops a creator from applying again', async () => {
    const { user, application } = await pendingApplicant();
    await decide(t, admin, application.id, 'approve');
    const res = await submitApplication(t, user, {
      fields: applicationFields(),
      files: await applicationImages(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: m.alreadyCreator });
  });

  it('keeps the image of a pending application when the applicant removes it from the profile', async () => {
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
    // Applies with the images already on the profile, then removes the avatar while pending.
    const applied = await submitApplication(t, user, { fields: applicationFields() });
    expect(applied.statusCode).toBe(201);
    const { id } = applied.json().application;
    const removed = await t.request({
      method: 'DELETE',
      url: '/api/auth/profile/profile-image/',
      token: user.access,
    });
    expect(removed.statusCode).toBe(200);

    const row = (await list(admin)).json().find((r: { id: number }) => r.id === id);
    expect(uploadIdOf(row.profile_image)).toBe(profileId);
    expect((await t.request({ method: 'GET', url: row.profile_image })).statusCode).toBe(200);
    expect((await decide(t, admin, id, 'approve')).statusCode).toBe(200);
    expect(uploadIdOf((await ownProfile(user)).profile_image)).toBe(profileId);
  });

  it('keeps the current username when another user took the applied one meanwhile', async () => {
    const user = await buildUser(t);
    const application = await applyAsCreator(t, user, { username: 'Wanted_Name_1' });
    const other = await buildUser(t);
    await t.pool.query(`UPDATE users SET username = 'wanted_name_1' WHERE id = $1`, [other.id]);
    expect((await decide(t, admin, application.id, 'approve')).statusCode).toBe(200);
    expect(await ownProfile(user)).toMatchObject({ is_creator: true, username: user.username });
  });

  it('keeps the current username when the applied one breaks the username rule', async () => {
    // Applications sent before the rule applied to them may still wait with such a name.
    for (const legacy of ['039', 'x'.repeat(40)]) {
      const { user, application } = await pendingApplicant();
      await t.pool.query('UPDATE creator_applications SET username = $2 WHERE id = $1', [
        application.id,
        legacy,
      ]);
      expect((await decide(t, admin, application.id, 'approve')).statusCode).toBe(200);
      expect(await ownProfile(user)).toMatchObject({ is_creator: true, username: user.username });
    }
  });
});
