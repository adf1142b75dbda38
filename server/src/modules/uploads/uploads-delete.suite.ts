import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import { getMedia, png, storedFileExists, uploadFile, uploadRow } from '../../../test/media.ts';
import { type UploadsApp } from './uploads-suite-helpers.ts';

/** DELETE /api/uploads/{id}/: only the owner deletes, and then the row and the bytes are gone. */
export function describeUploadDeletes(app: UploadsApp) {
  let t: TestApp;
  beforeAll(() => {
    t = app();
  });

  describe('DELETE /api/uploads/{id}/', () => {
    it('lets the owner delete the file: the row and the bytes are gone', async () => {
      const user = await buildUser(t);
      const created = (
        await uploadFile(t, user, { content: await png(), context: 'post_image' })
      ).json();
      const row = await uploadRow(t, created.id);
      expect(await storedFileExists(t, row!.storageKey)).toBe(true);

      const res = await t.request({
        method: 'DELETE',
        url: `/api/uploads/${created.id}/`,
        token: user.access,
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      expect(await uploadRow(t, created.id)).toBeUndefined();
      expect(await storedFileExists(t, row!.storageKey)).toBe(false);

      const media = await getMedia(t, created.file_url);
      expect(media.statusCode).toBe(404);
      const again = await t.request({
        method: 'DELETE',
        url: `/api/uploads/${created.id}/`,
        token: user.access,
      });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ detail: 'File not found.' });
      const get = await t.request({
        method: 'GET',
        url: `/api/uploads/${created.id}/`,
        token: user.access,
      });
      expect(get.statusCode).toBe(404);
    });

    it('answers 404 to another user and leaves the file alone', async () => {
      const [owner, other] = [await buildUser(t), await buildUser(t)];
      const bytes = await png();
      const created = (
        await uploadFile(t, owner, { content: bytes, context: 'post_image' })
      ).json();
      const res = await t.request({
        method: 'DELETE',
        url: `/api/uploads/${created.id}/`,
        token: other.access,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'File not found.' });
      const row = await uploadRow(t, created.id);
      expect(row).toBeDefined();
      expect(await t.storage.readBuffer(row!.storageKey)).toEqual(bytes);
    });

    it('answers 400 for a bad id', async () => {
      const user = await buildUser(t);
      const res = await t.request({
        method: 'DELETE',
        url: '/api/uploads/nope/',
        token: user.access,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ id: ['Not a valid file id.'] });
    });
  });
}
