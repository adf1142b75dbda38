import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildUser, type TestUser } from '../../../test/factories.ts';
import { isoMediaHeader, png, tempFilesLeft, uploadFile } from '../../../test/media.ts';
import { multipart } from '../../../test/multipart.ts';
import { uploads } from '../../db/schema/index.ts';
import { rowsOf } from './uploads-suite-helpers.ts';

/** A PDF of about `size` bytes (its head is all the type check reads), unlike any other. */
function pdf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n');
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

const KB = 1024;

/** POSTs a file as a stream with no Content-Length: only counting while reading can stop it. */
function uploadStreamed(t: TestApp, user: TestUser, content: Buffer, context: string) {
  const body = multipart({
    fields: { context },
    files: [{ name: 'file', filename: 'big.pdf', content, type: 'application/pdf' }],
  });
  return t.request({
    method: 'POST',
    url: '/api/uploads/',
    headers: { 'content-type': body.headers['content-type'], 'transfer-encoding': 'chunked' },
    payload: Readable.from([body.payload.subarray(0, 1000), body.payload.subarray(1000)]),
    token: user.access,
  });
}

describe('upload limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      STORAGE_QUOTA_FAN_BYTES: String(300 * KB),
      STORAGE_QUOTA_CREATOR_BYTES: String(600 * KB),
      MESSAGE_ATTACHMENT_MAX_BYTES: String(150 * KB),
      UPLOAD_PROCESSING_VIDEOS_MAX: '2',
    });
  });
  afterAll(() => t.close());

  describe('a verified address', () => {
    it('is needed to upload: 403 saying to verify, and nothing is kept', async () => {
      const user = await buildUser(t, { verified: false });
      const res = await uploadFile(t, user, { content: await png(), context: 'post_image' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        detail:
          'Verify your email address before uploading files: open the link in the mail we sent you when you signed up.',
      });
      expect(await rowsOf(t, user.id)).toEqual([]);
      expect(await tempFilesLeft(t)).toEqual([]);
    });

    it('is not needed for a post without files', async () => {
      const user = await buildUser(t, { verified: false });
      const body = multipart({ fields: { content: 'Words only' } });
      const res = await t.request({
        method: 'POST',
        url: '/api/posts/',
        ...body,
        token: user.access,
      });
      expect(res.statusCode).toBe(201);
    });
  });

  describe('the storage quota', () => {
    it('refuses a file past the quota with 413 naming the use, before storing anything', async () => {
      const fan = await buildUser(t);
      for (const [name, size] of [
        ['a.pdf', 140 * KB],
        ['b.pdf', 100 * KB],
      ] as const) {
        const stored = await uploadFile(t, fan, {
          content: pdf(size),
          context: 'message_attachment',
          type: 'application/pdf',
          filename: name,
        });
        expect(stored.statusCode).toBe(201);
      }
      const res = await uploadFile(t, fan, {
        content: pdf(130 * KB),
        context: 'message_attachment',
        type: 'application/pdf',
        filename: 'c.pdf',
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        file: [
          'You have used 240 KB of your 300 KB storage, and this file needs 130 KB. Delete files in your library to upload more.',
        ],
      });
      expect((await rowsOf(t, fan.id)).map((row) => row.originalFilename).sort()).toEqual([
        'a.pdf',
        'b.pdf',
      ]);
      expect(await tempFilesLeft(t)).toEqual([]);
    });

    it('cuts off a body with no Content-Length once it passes the quota, leaving no file', async () => {
      const fan = await buildUser(t);
      const res = await uploadStreamed(t, fan, pdf(320 * KB), 'message_attachment');
      expect(res.statusCode).toBe(413);
      expect(res.json<{ file: string[] }>().file[0]).toMatch(
        /^You have used 0 KB of your 300 KB storage.* Delete files in your library to upload more\.$/,
      );
      expect(await rowsOf(t, fan.id)).toEqual([]);
      expect(await tempFilesLeft(t)).toEqual([]);
    });

    it('is larger for creators, and GET /api/library/storage/ tells the use and the quota', async () => {
      const creator = await buildUser(t, { isCreator: true });
      const res = await uploadFile(t, creator, {
        content: pdf(140 * KB),
        context: 'message_attachment',
        type: 'application/pdf',
        filename: 'c.pdf',
      });
      expect(res.statusCode).toBe(201);
      const meter = await t.request({
        method: 'GET',
        url: '/api/library/storage/',
        token: creator.access,
      });
      expect(meter.statusCode).toBe(200);
      expect(meter.json()).toEqual({ used_bytes: 140 * KB, quota_bytes: 600 * KB });
    });
  });

  describe('message attachments', () => {
    it('have a smaller limit than the media library: 413 naming it', async () => {
      const creator = await buildUser(t, { isCreator: true });
      const content = pdf(160 * KB);
      const res = await uploadFile(t, creator, {
        content,
        context: 'message_attachment',
        type: 'application/pdf',
        filename: 'big.pdf',
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({
        file: ['File "big.pdf" is too large to send in a message. Maximum size: 150 KB'],
      });
      expect(await rowsOf(t, creator.id)).toEqual([]);
    });
  });

  describe('videos in processing', () => {
    it('are at most UPLOAD_PROCESSING_VIDEOS_MAX per owner: 429 saying to wait', async () => {
      const creator = await buildUser(t, { isCreator: true });
      for (const n of [1, 2]) {
        await t.db.insert(uploads).values({
          ownerId: creator.id,
          context: 'post_video',
          storageKey: `originals/${creator.id}/fixture-${n}.mp4`,
          originalFilename: `v${n}.mp4`,
          contentType: 'video/mp4',
          sizeBytes: 10,
          sha256: randomBytes(32).toString('hex'),
          videoState: 'processing',
        });
      }
      const video = Buffer.concat([isoMediaHeader(), randomBytes(64)]);
      const res = await uploadFile(t, creator, {
        content: video,
        context: 'post_video',
        type: 'video/mp4',
        filename: 'third.mp4',
      });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json()).toMatchObject({
        detail:
          'You already have 2 videos being processed. Wait until they finish, then upload this one again.',
      });
      // An image is no transcode: it is still taken.
      const image = await uploadFile(t, creator, { content: await png(), context: 'post_image' });
      expect(image.statusCode).toBe(201);
    });
  });

  describe('file names', () => {
    it('are stored without bidi controls, so a right-to-left override cannot disguise one', async () => {
      const user = await buildUser(t);
      const res = await uploadFile(t, user, {
        content: pdf(2 * KB),
        context: 'message_attachment',
        type: 'application/pdf',
        filename: 'invoice\u202Efdp.exe',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ original_filename: 'invoicefdp.exe' });
      const [row] = await rowsOf(t, user.id);
      expect(row?.originalFilename).toBe('invoicefdp.exe');
    });
  });
});

describe('the upload rate', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 500 uploads an hour, scaled down to 3.
    t = await buildTestApp({ RATE_LIMIT_SCALE: '0.006' });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After past the uploads of an hour', async () => {
    const user = await buildUser(t);
    for (let n = 0; n < 3; n += 1) {
      const ok = await uploadFile(t, user, { content: await png(), context: 'post_image' });
      expect(ok.statusCode).toBe(201);
    }
    const res = await uploadFile(t, user, { content: await png(), context: 'post_image' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json<{ detail: string }>().detail).toMatch(
      /^Too many uploads in the last hour\. Please try again in \d+ seconds\.$/,
    );
    expect(await rowsOf(t, user.id)).toHaveLength(3);
  });
});
