import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator, get, makeAdmin, subscribe, topUp } from '../../../test/economy.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { getMedia, photo, TEXT_BYTES, uploadRow, waitForVariants } from '../../../test/media.ts';
import { multipart } from '../../../test/multipart.ts';

/**
 * Issue 35: the leak tracer names the account a gated image's copy was served to, from that
 * copy or a degraded one, for the creator who owns it or an admin; and names nobody otherwise.
 */
let t: TestApp;
let creator: TestUser;
let fans: [TestUser, TestUser];
let admin: TestUser;
let postId: number;
let uploadId: string;
/** Each fan's copy of the post's image, as served to them. */
const copies = new Map<number, Buffer>();

type Trace = {
  id: number;
  found: boolean;
  outcome: string;
  upload_id: string | null;
  post_id: number | null;
  recipient: { id: number; username: string } | null;
  confidence: number;
  evidence: { bits_agreeing: number; bits_total: number; false_match_probability: number } | null;
};

function trace(user: TestUser | undefined, file: Buffer, as: 'creator' | 'admin' = 'creator') {
  return t.request({
    method: 'POST',
    url: `/api/${as}/leak-trace/`,
    ...multipart({ files: [{ name: 'file', filename: 'found.jpg', content: file }] }),
    ...(user ? { token: user.access } : {}),
  });
}

async function traced(user: TestUser, file: Buffer, as: 'creator' | 'admin' = 'creator') {
  const res = await trace(user, file, as);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Trace>();
}

beforeAll(async () => {
  t = await buildTestApp();
  creator = await buildCreator(t, 499);
  fans = [await buildUser(t), await buildUser(t)];
  admin = await buildUser(t);
  await makeAdmin(t, admin);
  for (const fan of fans) {
    await topUp(t, fan, '20');
    expect((await subscribe(t, fan, creator)).statusCode).toBeLessThan(300);
  }
  const post = await buildPost(t, creator, { media: { content: await photo(1), type: 'image' } });
  postId = post.id;
  uploadId = /^\/media\/([0-9a-f-]{36})\//.exec(String(post.image))?.[1] ?? '';
  await waitForVariants(t, uploadId, ['feed']);
  for (const fan of fans) {
    const res = await get(t, fan, `/api/posts/user/${creator.id}/`);
    const url = res.json<{ id: number; image?: string }[]>().find((p) => p.id === postId)?.image;
    const served = await getMedia(t, String(url));
    expect(served.statusCode).toBe(200);
    copies.set(fan.id, served.rawPayload);
  }
});
afterAll(() => t.close());

describe('POST /api/creator/leak-trace/', () => {
  it('names each fan from their own copy, with the upload, the post and the evidence', async () => {
    expect(copies.get(fans[0].id)?.equals(copies.get(fans[1].id) as Buffer)).toBe(false);
    for (const fan of fans) {
      const found = await traced(creator, copies.get(fan.id) as Buffer);
      expect(found).toMatchObject({
        found: true,
        outcome: 'recipient_found',
        upload_id: uploadId,
        post_id: postId,
        recipient: { id: fan.id, username: fan.username },
      });
      expect(found.confidence).toBeGreaterThan(0.999999);
      expect(found.evidence?.bits_agreeing).toBeGreaterThan(30);
      expect(found.evidence?.false_match_probability).toBeLessThan(1e-9);
    }
  });

  it('names the fan from a recompressed, cropped copy', async () => {
    const copy = copies.get(fans[1].id) as Buffer;
    const { width = 0, height = 0 } = await sharp(copy).metadata();
    const degraded = await sharp(copy)
      .extract({
        left: Math.round(width * 0.1),
        top: Math.round(height * 0.1),
        width: Math.round(width * 0.8),
        height: Math.round(height * 0.8),
      })
      .jpeg({ quality: 60 })
      .toBuffer();
    expect(await traced(creator, degraded)).toMatchObject({
      found: true,
      recipient: { id: fans[1].id },
    });
  });

  it('finds the upload but no mark in the unmarked image, and nothing for another picture', async () => {
    const stored = await t.storage.readBuffer(
      (await uploadRow(t, uploadId))?.variants.feed as string,
    );
    expect(await traced(creator, stored)).toMatchObject({
      found: false,
      outcome: 'no_mark_found',
      upload_id: uploadId,
      recipient: null,
      confidence: 0,
    });
    expect(await traced(creator, await photo(77))).toMatchObject({
      found: false,
      outcome: 'no_matching_upload',
      upload_id: null,
      recipient: null,
    });
  });

  it("finds nothing in another creator's content", async () => {
    const other = await buildCreator(t, 299);
    expect(await traced(other, copies.get(fans[0].id) as Buffer)).toMatchObject({
      found: false,
      outcome: 'no_matching_upload',
      recipient: null,
    });
  });

  it('refuses a fan, a visitor, a file that is not an image and a form without a file', async () => {
    expect((await trace(fans[0], copies.get(fans[0].id) as Buffer)).statusCode).toBe(403);
    expect((await trace(undefined, TEXT_BYTES)).statusCode).toBe(401);
    const notImage = await trace(creator, TEXT_BYTES);
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json()).toMatchObject({ code: 'unsupported_media_type' });
    const empty = await t.request({
      method: 'POST',
      url: '/api/creator/leak-trace/',
      ...multipart({ fields: { note: 'no file' } }),
      token: creator.access,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ file: ['Choose the file to trace.'] });
  });
});

describe('POST /api/admin/leak-trace/', () => {
  it('names the fan for an admin, writes each trace to the audit log and fills a notice', async () => {
    const found = await traced(admin, copies.get(fans[0].id) as Buffer, 'admin');
    expect(found).toMatchObject({ found: true, recipient: { id: fans[0].id } });
    const log = await get(t, admin, '/api/admin/audit-log/');
    const entry = log
      .json<{ results: { action: string; target_type: string; target_id: number }[] }>()
      .results.find((e) => e.target_type === 'leak_trace' && e.target_id === found.id);
    expect(entry).toMatchObject({ action: 'leak_traced', actor: { id: admin.id } });
    const notice = await get(t, admin, `/api/admin/leak-trace/${found.id}/takedown/`);
    expect(notice.statusCode).toBe(200);
    expect(notice.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(notice.body).toContain(`${t.config.publicUrl}/posts/${postId}`);
    expect(notice.body).toContain(`"${fans[0].username}"`);
    expect(notice.body).toContain(`Leak trace ${found.id}`);
    // A creator reads the notices of their own traces only.
    expect(
      (await get(t, creator, `/api/creator/leak-trace/${found.id}/takedown/`)).statusCode,
    ).toBe(404);
    // Admin routes look missing to anyone else.
    const asFan = await get(t, fans[0], `/api/admin/leak-trace/${found.id}/takedown/`);
    expect(asFan.statusCode).toBe(404);
    expect((await trace(fans[0], copies.get(fans[0].id) as Buffer, 'admin')).statusCode).toBe(404);
  });

  it('still proves the mark once its recipient deleted their account, naming no one', async () => {
    const leaver = await buildUser(t);
    await topUp(t, leaver, '20');
    expect((await subscribe(t, leaver, creator)).statusCode).toBeLessThan(300);
    const res = await get(t, leaver, `/api/posts/user/${creator.id}/`);
    const url = res.json<{ id: number; image?: string }[]>().find((p) => p.id === postId)?.image;
    const copy = (await getMedia(t, String(url))).rawPayload;
    await t.pool.query('DELETE FROM users WHERE id = $1', [leaver.id]);
    expect(await traced(admin, copy, 'admin')).toMatchObject({
      found: true,
      outcome: 'recipient_deleted',
      recipient: null,
    });
  });
});
