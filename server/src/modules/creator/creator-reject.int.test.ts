import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import {
  applicationFields,
  applicationImages,
  decide,
  submitApplication,
} from '../../../test/creator.ts';
import { makeAdmin } from '../../../test/economy.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { creatorReviewKit } from './creator-review-test-kit.ts';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildUser(t);
  await makeAdmin(t, admin);
});
afterAll(() => t.close());

const { list, statusOf, ownProfile, notificationsOf, pendingApplicant } = creatorReviewKit(() => t);

describe('POST /api/admin/creator-applications/{id}/reject/', () => {
  it('refuses a request without a body and leaves the application pending', async () => {
    const { user, application } = await pendingApplicant();
    const res = await decide(t, admin, application.id, 'reject');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ non_field_errors: ['Expected a JSON object.'] });
    expect(await statusOf(user)).toMatchObject({ status: 'pending' });
  });

  it.each([
    ['no reason', {}],
    ['a blank reason', { reason: '   ' }],
    ['a reason that is not text', { reason: 42 }],
  ])('needs a reason: refuses %s and leaves the application pending', async (_, body) => {
    const { user, application } = await pendingApplicant();
    const res = await decide(t, admin, application.id, 'reject', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ reason: ['Give a reason for the applicant.'] });
    expect(await statusOf(user)).toMatchObject({ status: 'pending' });
    expect(await notificationsOf(user)).toEqual([]);
  });

  it('refuses a reason over 1000 characters', async () => {
    const { application } = await pendingApplicant();
    const res = await decide(t, admin, application.id, 'reject', { reason: 'x'.repeat(1001) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      reason: ['The reason must be at most 1000 characters long.'],
    });
  });

  it('rejects with the reason, tells the applicant, and lets them apply again', async () => {
    const { user, application } = await pendingApplicant();
    const res = await decide(t, admin, application.id, 'reject', {
      reason: '  Please use a clearer photo.  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: application.id,
      status: 'rejected',
      rejection_reason: 'Please use a clearer photo.',
      reviewed_at: expect.any(String),
    });

    expect(await statusOf(user)).toMatchObject({
      status: 'rejected',
      is_creator: false,
      application: { id: application.id, rejection_reason: 'Please use a clearer photo.' },
    });
    expect(await ownProfile(user)).toMatchObject({ is_creator: false, username: user.username });
    const notes = await notificationsOf(user);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      notification_type: 'system',
      data: { application_id: application.id },
    });
    expect(notes[0].message).toContain('Please use a clearer photo.');

    // Rejecting again answers 404: the decision is made.
    expect((await decide(t, admin, application.id, 'reject', { reason: 'Again' })).statusCode).toBe(
      404,
    );

    const again = await submitApplication(t, user, {
      fields: applicationFields(),
      files: await applicationImages(),
    });
    expect(again.statusCode).toBe(201);
    const second = again.json().application;
    expect(second.id).not.toBe(application.id);
    expect(await statusOf(user)).toEqual({
      status: 'pending',
      is_creator: false,
      application: second,
    });
    const pendingIds = ((await list(admin)).json() as { id: number }[]).map((r) => r.id);
    expect(pendingIds).toContain(second.id);
    expect(pendingIds).not.toContain(application.id);

    // The second one can be approved: the earlier rejection does not stand in the way.
    expect((await decide(t, admin, second.id, 'approve')).statusCode).toBe(200);
    expect(await ownProfile(user)).toMatchObject({ is_creator: true, username: second.username });
  });
});
