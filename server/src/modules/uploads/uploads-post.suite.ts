import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';
import {
  getMedia,
  isoMediaHeader,
  matroskaHeader,
  mp4,
  png,
  storedKeys,
  tempFilesLeft,
  TEXT_BYTES,
  uploadFile,
  uploadRow,
} from '../../../test/media.ts';
import { multipart } from '../../../test/multipart.ts';
import {
  CONTEXT_MESSAGE,
  rowsOf,
  sha256,
  signedUrl,
  UUID,
  type UploadsApp,
} from './uploads-suite-helpers.ts';

/** POST /api/uploads/: what is stored, what is refused, and that a refusal keeps nothing. */
export function describeUploadPosts(app: UploadsApp) {
  let t: TestApp;
  beforeAll(() => {
    t = app();
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

      expect((await rowsOf(t, alice.id)).length).toBe(2);
      const bobRows = await rowsOf(t, bob.id);
      expect(bobRows.map((r) => r.id)).toEqual([bobs.json().id]);
      // Each user's copy is a file of its own: deleting one never breaks the other.
      const aliceRow = await uploadRow(t, first.json().id);
      expect(bobRows[0]?.storageKey).not.toBe(aliceRow?.storageKey);
      expect(await tempFilesLeft(t)).toEqual([]);
      // One object per row: the repeated upload kept no bytes of its own.
      const aliceKeys = (await rowsOf(t, alice.id)).map((row) => row.storageKey).sort();
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
      const rows = await rowsOf(t, user.id);
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
      expect(res.json()).toMatchObject({ file: [message] });
      expect(await rowsOf(t, user.id)).toEqual([]);
      expect(await tempFilesLeft(t)).toEqual([]);
    });

    it('refuses an image whose header is right but whose body is garbage', async () => {
      const user = await buildUser(t);
      const bytes = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(200, 0x41)]);
      const res = await uploadFile(t, user, { content: bytes, context: 'post_image' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        file: ['The image could not be read or is too large in pixels.'],
      });
      expect(await rowsOf(t, user.id)).toEqual([]);
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
      expect(res.json()).toMatchObject({ file: ['No file was submitted.'] });
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
      expect(res.json()).toMatchObject({ file: ['No file was submitted.'] });
      expect(await tempFilesLeft(t)).toEqual([]);
    });

    it('answers 400 for an empty file', async () => {
      const user = await buildUser(t);
      const res = await uploadFile(t, user, { content: Buffer.alloc(0), context: 'post_image' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ file: ['The submitted file is empty.'] });
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
      expect(res.json()).toMatchObject({ context: [CONTEXT_MESSAGE] });
      expect(await rowsOf(t, user.id)).toEqual([]);
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
      expect(res.json()).toMatchObject({
        context: [CONTEXT_MESSAGE],
        file: ['No file was submitted.'],
      });
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
      expect(res.json()).toMatchObject({ error: 'Send the request as multipart/form-data.' });
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
      expect(res.json()).toMatchObject({
        error: 'The upload was interrupted or malformed. Please try again.',
      });
      expect(await rowsOf(t, user.id)).toEqual([]);
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
}
