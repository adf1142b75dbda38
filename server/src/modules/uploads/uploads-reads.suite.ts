import { messages } from '@zura/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { png, tempFilesLeft, uploadFile } from '../../../test/media.ts';
import { multipart } from '../../../test/multipart.ts';
import {
  CONTEXT_MESSAGE,
  signedUrl,
  withoutUrls,
  type UploadsApp,
} from './uploads-suite-helpers.ts';

/** Auth on every upload route, and reading the own files (the list and one file). */
export function describeUploadReads(app: UploadsApp) {
  let t: TestApp;
  beforeAll(() => {
    t = app();
  });

  describe('requires auth', () => {
    const someId = '00000000-0000-4000-8000-000000000000';
    it.each([
      ['POST', '/api/uploads/'],
      ['GET', '/api/uploads/my-files/'],
      ['GET', `/api/uploads/${someId}/`],
      ['DELETE', `/api/uploads/${someId}/`],
    ] as const)('%s %s answers 401 without a token and with a bad one', async (method, url) => {
      const body = multipart({ fields: { context: 'post_image' } });
      const withBody = method === 'POST' ? body : {};
      const bare = await t.request({ method, url, ...withBody });
      expect(bare.statusCode).toBe(401);
      expect(bare.json()).toMatchObject({ detail: messages.authRequired });
      const bad = await t.request({ method, url, ...withBody, token: 'not-a-token' });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toMatchObject({ detail: messages.authInvalid });
    });

    it('stores nothing for an unauthenticated upload', async () => {
      const count = async () =>
        (await t.pool.query<{ n: number }>('select count(*)::int as n from uploads')).rows[0]?.n;
      const before = await count();
      const body = multipart({
        fields: { context: 'post_image' },
        files: [{ name: 'file', filename: 'a.png', content: await png(), type: 'image/png' }],
      });
      const res = await t.request({ method: 'POST', url: '/api/uploads/', ...body });
      expect(res.statusCode).toBe(401);
      expect(await tempFilesLeft(t)).toEqual([]);
      expect(await count()).toBe(before);
    });
  });

  describe('GET /api/uploads/my-files/', () => {
    it('lists only the caller’s files, newest first, and filters by context', async () => {
      const [alice, bob] = [await buildUser(t), await buildUser(t)];
      const a1 = (
        await uploadFile(t, alice, { content: await png(), context: 'post_image' })
      ).json();
      const a2 = (
        await uploadFile(t, alice, { content: await png(), context: 'profile_image' })
      ).json();
      const a3 = (
        await uploadFile(t, alice, { content: await png(), context: 'post_image' })
      ).json();
      await uploadFile(t, bob, { content: await png(), context: 'post_image' });

      const all = await t.request({
        method: 'GET',
        url: '/api/uploads/my-files/',
        token: alice.access,
      });
      expect(all.statusCode).toBe(200);
      expect(all.json().map((f: { id: string }) => f.id)).toEqual([a3.id, a2.id, a1.id]);
      expect(withoutUrls(all.json()[0])).toEqual(withoutUrls(a3));
      expect(all.json()[0].file_url).toMatch(signedUrl(a3.id));

      const images = await t.request({
        method: 'GET',
        url: '/api/uploads/my-files/?context=post_image',
        token: alice.access,
      });
      expect(images.statusCode).toBe(200);
      expect(images.json().map((f: { id: string }) => f.id)).toEqual([a3.id, a1.id]);

      const none = await t.request({
        method: 'GET',
        url: '/api/uploads/my-files/?context=post_video',
        token: alice.access,
      });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toEqual([]);
    });

    it('answers an empty list for a user without files', async () => {
      const user = await buildUser(t);
      const res = await t.request({
        method: 'GET',
        url: '/api/uploads/my-files/',
        token: user.access,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('answers 400 for an unknown context', async () => {
      const user = await buildUser(t);
      const res = await t.request({
        method: 'GET',
        url: '/api/uploads/my-files/?context=selfies',
        token: user.access,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ context: [CONTEXT_MESSAGE] });
    });
  });

  describe('GET /api/uploads/{id}/', () => {
    it('answers the owner’s file', async () => {
      const user = await buildUser(t);
      const created = (
        await uploadFile(t, user, { content: await png(), context: 'post_image' })
      ).json();
      const res = await t.request({
        method: 'GET',
        url: `/api/uploads/${created.id}/`,
        token: user.access,
      });
      expect(res.statusCode).toBe(200);
      expect(withoutUrls(res.json())).toEqual(withoutUrls(created));
      expect(res.json().file_url).toMatch(signedUrl(created.id));
    });

    it('answers 404 to another user, the same as for a file that does not exist', async () => {
      const [owner, other] = [await buildUser(t), await buildUser(t)];
      const created = (
        await uploadFile(t, owner, { content: await png(), context: 'post_image' })
      ).json();
      const res = await t.request({
        method: 'GET',
        url: `/api/uploads/${created.id}/`,
        token: other.access,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'File not found.' });
      expect(res.body).not.toContain('/media/');

      const missing = await t.request({
        method: 'GET',
        url: '/api/uploads/00000000-0000-4000-8000-000000000000/',
        token: other.access,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ detail: 'File not found.' });
    });

    it.each(['not-a-uuid', '123', '00000000-0000-4000-8000-00000000000g'])(
      'answers 400 for the id %s',
      async (id) => {
        const user = await buildUser(t);
        const res = await t.request({
          method: 'GET',
          url: `/api/uploads/${id}/`,
          token: user.access,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ id: ['Not a valid file id.'] });
      },
    );
  });
}
