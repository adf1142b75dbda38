import { createHash } from 'node:crypto';
import { messages } from '@zura/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import {
  getMedia,
  isoMediaHeader,
  matroskaHeader,
  mp4,
  png,
  storedFileExists,
  storedKeys,
  tempFilesLeft,
  TEXT_BYTES,
  uploadFile,
  uploadRow,
} from '../../../test/media.ts';
import { multipart } from '../../../test/multipart.ts';
import { buildTestAppOn, type StoreKind } from '../../../test/stores.ts';
import { UPLOAD_CONTEXTS, uploads } from '../../db/schema/index.ts';

/**
 * The upload API's tests, run once per media store (`uploads.int.test.ts` on local disk,
 * `uploads.s3.int.test.ts` on S3): what a user sees must not depend on where the bytes live.
 */
export function describeUploads(store: StoreKind) {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestAppOn(store);
  });
  afterAll(() => t.close());

  it(`keeps its media on the ${store} store`, () => {
    expect(t.storage.kind).toBe(store === 'local' ? 'local' : 's3');
  });

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const CONTEXT_MESSAGE = `Choose one of: ${UPLOAD_CONTEXTS.join(', ')}.`;
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const signedUrl = (id: string, variant = 'original') =>
    new RegExp(`^/media/${id}/${variant}\\?exp=\\d+&sig=[\\w-]+$`);

  /** An upload answer without its signed URLs, whose expiry moves every few minutes. */
  function withoutUrls(upload: Record<string, unknown>) {
    const { file_url: _file, thumbnail_url: _thumb, ...rest } = upload;
    return rest;
  }

  async function rowsOf(ownerId: number) {
    return t.db.query.uploads.findMany({ where: eq(uploads.ownerId, ownerId) });
  }

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
      expect(bare.json()).toEqual({ detail: messages.authRequired });
      const bad = await t.request({ method, url, ...withBody, token: 'not-a-token' });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toEqual({ detail: messages.authInvalid });
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

  describe('POST /api/uploads/', () => {
    it('stores an image and answers 201 with its id, a signed URL and its dimensions', async () => {
      const user = await buildUser(t);
      const bytes = await png(40, 30);
      const res = await uploadFile(t, user, { content: bytes, context: 'post_image' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        id: expect.stringMatching(UUID),
        context: 'post_image',
        original_filename: 'picture.png',
        content_type: 'image/png',
        file_size: bytes.length,
        file_hash: sha256(bytes),
        file_url: expect.stringMatching(signedUrl(body.id)),
        thumbnail_url: null,
        is_image: true,
        is_video: false,
        is_audio: false,
        width: 40,
        height: 30,
        uploaded_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });

      // Stored under a server-made name, byte for byte.
      const row = await uploadRow(t, body.id);
      expect(row?.ownerId).toBe(user.id);
      expect(row?.storageKey).toMatch(new RegExp(`^originals/${user.id}/[0-9a-f-]{36}\\.png$`));
      expect(await t.storage.readBuffer(row!.storageKey)).toEqual(bytes);
      expect(await tempFilesLeft(t)).toEqual([]);

      const media = await getMedia(t, body.file_url);
      expect(media.statusCode).toBe(200);
      expect(media.rawPayload).toEqual(bytes);
    });

    it('stores a video for post_video', async () => {
      const user = await buildUser(t);
      const bytes = await mp4();
      const res = await uploadFile(t, user, {
        content: bytes,
        context: 'post_video',
        filename: 'clip.mp4',
        type: 'video/mp4',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        context: 'post_video',
        content_type: 'video/mp4',
        file_size: bytes.length,
        is_image: false,
        is_video: true,
        width: null,
        height: null,
      });
    });

    // The accepted lists name types as the sniffer (file-type) answers them: it calls an MKV
    // video/matroska and an M4A song audio/x-m4a, which the lists once spelled otherwise.
    it.each([
      { filename: 'clip.mkv', content: matroskaHeader(), contentType: 'video/matroska' },
      { filename: 'song.m4a', content: isoMediaHeader('M4A '), contentType: 'audio/x-m4a' },
    ])(
      'stores $filename as a message attachment ($contentType)',
      async ({ filename, content, contentType }) => {
        const user = await buildUser(t);
        const res = await uploadFile(t, user, {
          content,
          context: 'message_attachment',
          filename,
          type: 'application/octet-stream',
        });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json()).toMatchObject({
          context: 'message_attachment',
          content_type: contentType,
        });
      },
    );

    it('trusts the bytes, not the declared type or the name', async () => {
      const user = await buildUser(t);
      const res = await uploadFile(t, user, {
        content: await png(),
        context: 'post_image',
        filename: 'movie.mp4',
        type: 'video/mp4',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ content_type: 'image/png', is_image: true });
      const row = await uploadRow(t, res.json().id);
      expect(row?.storageKey).toMatch(/\.png$/);
    });

    it('answers the same upload for the same bytes in the same context, once per user', async () => {
      const [alice, bob] = [await buildUser(t), await buildUser(t)];
      const bytes = await png();
      const first = await uploadFile(t, alice, { content: bytes, context: 'post_image' });
      const again = await uploadFile(t, alice, {
        content: bytes,
        context: 'post_image',
        filename: 'renamed.png',
      });
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.json().id).toBe(first.json().id);
      expect(again.json().original_filename).toBe('picture.png');

      const otherContext = await uploadFile(t, alice, { content: bytes, context: 'profile_image' });
      expect(otherContext.statusCode).toBe(201);
      expect(otherContext.json().id).not.toBe(first.json().id);

      const bobs = await uploadFile(t, bob, { content: bytes, context: 'post_image' });
      expect(bobs.statusCode).toBe(201);
      expect(bobs.json().id).not.toBe(first.json().id);

      expect((await rowsOf(alice.id)).length).toBe(2);
      const bobRows = await rowsOf(bob.id);
      expect(bobRows.map((r) => r.id)).toEqual([bobs.json().id]);
      // Each user's copy is a file of its own: deleting one never breaks the other.
      const aliceRow = await uploadRow(t, first.json().id);
      expect(bobRows[0]?.storageKey).not.toBe(aliceRow?.storageKey);
      expect(await tempFilesLeft(t)).toEqual([]);
      // One object per row: the repeated upload kept no bytes of its own.
      const aliceKeys = (await rowsOf(alice.id)).map((row) => row.storageKey).sort();
      expect(await storedKeys(t, `originals/${alice.id}/`)).toEqual(aliceKeys);
    });

    it('keeps one object when the same bytes arrive several times at once', async () => {
      const user = await buildUser(t);
      const bytes = await png();
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => uploadFile(t, user, { content: bytes, context: 'post_image' })),
      );
      expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
      expect(new Set(answers.map((res) => res.json().id)).size).toBe(1);
      const rows = await rowsOf(user.id);
      expect(rows).toHaveLength(1);
      expect(await storedKeys(t, `originals/${user.id}/`)).toEqual([rows[0]!.storageKey]);
      expect(await t.storage.readBuffer(rows[0]!.storageKey)).toEqual(bytes);
    });

    it.each([
      [
        'text named .png as profile_image',
        'profile_image',
        async () => TEXT_BYTES,
        "The file's contents are not an image, which profile_image accepts.",
      ],
      [
        'an image as post_video',
        'post_video',
        () => png(),
        "The file's contents are not a video, which post_video accepts.",
      ],
      [
        'a video as cover_image',
        'cover_image',
        () => mp4(),
        "The file's contents are not an image, which cover_image accepts.",
      ],
      [
        'text as post_image',
        'post_image',
        async () => TEXT_BYTES,
        "The file's contents are not an image, which post_image accepts.",
      ],
    ])('refuses %s with 400 and keeps nothing', async (_, context, makeBytes, message) => {
      const user = await buildUser(t);
      const res = await uploadFile(t, user, { content: await makeBytes(), context });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ file: [message] });
      expect(await rowsOf(user.id)).toEqual([]);
      expect(await tempFilesLeft(t)).toEqual([]);
    });

    it('refuses an image whose header is right but whose body is garbage', async () => {
      const user = await buildUser(t);
      const bytes = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(200, 0x41)]);
      const res = await uploadFile(t, user, { content: bytes, context: 'post_image' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        file: ['The image could not be read or is too large in pixels.'],
      });
      expect(await rowsOf(user.id)).toEqual([]);
      expect(await tempFilesLeft(t)).toEqual([]);
    });

    it('answers 400 when the file is missing', async () => {
      const user = await buildUser(t);
      const body = multipart({ fields: { context: 'post_image' } });
      const res = await t.request({
        method: 'POST',
        url: '/api/uploads/',
        ...body,
        token: user.access,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ file: ['No file was submitted.'] });
    });

    it('answers 400 when the file is sent under another field name', async () => {
      const user = await buildUser(t);
      const body = multipart({
        fields: { context: 'post_image' },
        files: [{ name: 'upload', filename: 'a.png', content: await png(), type: 'image/png' }],
      });
      const res = await t.request({
        method: 'POST',
        url: '/api/uploads/',
        ...body,
        token: user.access,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ file: ['No file was submitted.'] });
      expect(await tempFilesLeft(t)).toEqual([]);
    });

    it('answers 400 for an empty file', async () => {
      const user = await buildUser(t);
      const res = await uploadFile(t, user, { content: Buffer.alloc(0), context: 'post_image' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ file: ['The submitted file is empty.'] });
      expect(await tempFilesLeft(t)).toEqual([]);
    });

    it.each([
      ['an unknown context', 'avatar'],
      ['an empty context', ''],
      ['a context in other case', 'POST_IMAGE'],
    ])('answers 400 for %s', async (_, context) => {
      const user = await buildUser(t);
      const res = await uploadFile(t, user, { content: await png(), context });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ context: [CONTEXT_MESSAGE] });
      expect(await rowsOf(user.id)).toEqual([]);
      expect(await tempFilesLeft(t)).toEqual([]);
    });

    it('answers 400 naming both fields when context and file are missing', async () => {
      const user = await buildUser(t);
      const body = multipart({ fields: { note: 'nothing here' } });
      const res = await t.request({
        method: 'POST',
        url: '/api/uploads/',
        ...body,
        token: user.access,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ context: [CONTEXT_MESSAGE], file: ['No file was submitted.'] });
    });

    it('answers 400 for a JSON body', async () => {
      const user = await buildUser(t);
      const res = await t.request({
        method: 'POST',
        url: '/api/uploads/',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ context: 'post_image', file: 'aGVsbG8=' }),
        token: user.access,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Send the request as multipart/form-data.' });
    });

    it('answers a 4xx, never a 5xx, for a multipart body cut in half, and keeps nothing', async () => {
      const user = await buildUser(t);
      const body = multipart({
        fields: { context: 'post_image' },
        files: [
          { name: 'file', filename: 'a.png', content: await png(300, 300), type: 'image/png' },
        ],
      });
      const res = await t.request({
        method: 'POST',
        url: '/api/uploads/',
        headers: body.headers,
        payload: body.payload.subarray(0, Math.floor(body.payload.length / 2)),
        token: user.access,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'The upload was interrupted or malformed. Please try again.',
      });
      expect(await rowsOf(user.id)).toEqual([]);
      expect(await tempFilesLeft(t)).toEqual([]);
    });

    it('answers a 4xx for a multipart header without a boundary', async () => {
      const user = await buildUser(t);
      const res = await t.request({
        method: 'POST',
        url: '/api/uploads/',
        headers: { 'content-type': 'multipart/form-data' },
        payload: 'context=post_image',
        token: user.access,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    });

    it.each([
      ['a Unix path', '../../etc/passwd.png', false, 'passwd.png'],
      ['a Windows path', 'C:\\Users\\me\\holiday.png', false, 'holiday.png'],
      ['control characters', 'ho\u0007li\u001bday\u007f.png', true, 'holiday.png'],
      ['a path and control characters', '..\\..\\x/\u0000e\u0008vil\t.png', true, 'evil.png'],
      ['only control characters', '\u0001\u0002', true, 'file'],
    ])('cleans a filename with %s', async (_, filename, encodedFilename, expected) => {
      const user = await buildUser(t);
      const body = multipart({
        fields: { context: 'post_image' },
        files: [
          { name: 'file', filename, encodedFilename, content: await png(), type: 'image/png' },
        ],
      });
      const res = await t.request({
        method: 'POST',
        url: '/api/uploads/',
        ...body,
        token: user.access,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().original_filename).toBe(expected);
      const row = await uploadRow(t, res.json().id);
      expect(row?.originalFilename).toBe(expected);
      expect(row?.storageKey).toMatch(new RegExp(`^originals/${user.id}/[0-9a-f-]{36}\\.png$`));
      // The name the media route sends back is the cleaned one too.
      const media = await getMedia(t, res.json().file_url);
      expect(media.headers['content-disposition']).toBe(
        `inline; filename*=UTF-8''${encodeURIComponent(expected)}`,
      );
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
      expect(res.json()).toEqual({ context: [CONTEXT_MESSAGE] });
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
      expect(res.json()).toEqual({ detail: 'File not found.' });
      expect(res.body).not.toContain('/media/');

      const missing = await t.request({
        method: 'GET',
        url: '/api/uploads/00000000-0000-4000-8000-000000000000/',
        token: other.access,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'File not found.' });
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
        expect(res.json()).toEqual({ id: ['Not a valid file id.'] });
      },
    );
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
      expect(again.json()).toEqual({ detail: 'File not found.' });
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
      expect(res.json()).toEqual({ detail: 'File not found.' });
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
      expect(res.json()).toEqual({ id: ['Not a valid file id.'] });
    });
  });
}
