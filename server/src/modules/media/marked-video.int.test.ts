import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildCreator, get, subscribe, topUp } from '../../../test/economy.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { waitForJobsDone } from '../../../test/jobs.ts';
import { hasFfmpeg, uploadRow } from '../../../test/media.ts';
import { multipart } from '../../../test/multipart.ts';
import { makeVideo, TRUSTED_FFMPEG, waitForVideo } from '../../../test/video.ts';
import { ffmpegBinaries } from '../../video/ffmpeg-binary.ts';
import { segmentVariantBit } from '../../watermark/index.ts';

/**
 * Issue 35: a gated video reaches each viewer but its owner as their own stream: segment by
 * segment the unmarked or the marked variant, as the viewer's keyed code picks; its owner, and
 * a plain URL, get the unmarked one; their progressive MP4 is their own segments remuxed.
 */
let t: TestApp;
let creator: TestUser;
let fans: [TestUser, TestUser];
let postId: number;
let uploadId: string;

type PostJson = {
  id: number;
  video_hls_url?: string | null;
  video_url?: string | null;
  poster_url?: string | null;
};

async function postAs(user: TestUser): Promise<PostJson> {
  const res = await get(t, user, `/api/posts/user/${creator.id}/`);
  const found = res.json<PostJson[]>().find((post) => post.id === postId);
  if (!found) throw new Error('post not listed');
  return found;
}

/** A playlist's lines that are URIs, and the first rung's playlist URL of a master. */
const urisOf = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('#'));
const base = (url: string) => url.slice(0, url.lastIndexOf('/') + 1);

/** Every segment of the stream a master URL leads to, in order, as bytes. */
async function segmentsOf(masterUrl: string): Promise<{ name: string; bytes: Buffer }[]> {
  const master = await t.request({ method: 'GET', url: masterUrl });
  expect(master.statusCode).toBe(200);
  const rungUrl = `${base(masterUrl.split('?')[0] ?? '')}${urisOf(master.body)[0]}`;
  const rung = await t.request({ method: 'GET', url: rungUrl });
  expect(rung.statusCode).toBe(200);
  const out = [];
  for (const uri of urisOf(rung.body)) {
    const res = await t.request({
      method: 'GET',
      url: `${base(rungUrl.split('?')[0] ?? '')}${uri}`,
    });
    expect(res.statusCode).toBe(200);
    out.push({ name: uri.split('?')[0] ?? '', bytes: res.rawPayload });
  }
  return out;
}

const serialOf = async (fan: TestUser) =>
  (
    await t.pool.query<{ serial: number }>(
      'SELECT serial FROM media_marks WHERE upload_id = $1 AND recipient_id = $2',
      [uploadId, fan.id],
    )
  ).rows[0]?.serial;

/** The creator's trace of a suspected copy, answered 200. */
async function traced(filename: string, content: Buffer) {
  const res = await t.request({
    method: 'POST',
    url: '/api/creator/leak-trace/',
    ...multipart({ files: [{ name: 'file', filename, content }] }),
    token: creator.access,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Record<string, unknown>>();
}

describe.runIf(await hasFfmpeg())('a subscriber-only video', () => {
  beforeAll(async () => {
    t = await buildTestApp();
    // As a deployment's media folder is: readable by others, so that when the tests run as root
    // ffmpeg runs as nobody (video/sandbox.ts), the way the marked variants are made for real.
    await fs.chmod(t.config.dataDir, 0o755);
    creator = await buildCreator(t, 499);
    fans = [await buildUser(t), await buildUser(t)];
    for (const fan of fans) {
      await topUp(t, fan, '20');
      expect((await subscribe(t, fan, creator)).statusCode).toBeLessThan(300);
    }
    // HEVC is re-encoded into 4-second segments: 64 s make sixteen, enough bits for the tracer
    // to name one of two fans (a random code agrees on all with a chance of 2 x 2^-16).
    // Grain changes every block of every frame, as a camera's noise does (see the tracer's README
    // on still pictures).
    const video = await makeVideo({
      codec: 'hevc',
      width: 320,
      height: 240,
      seconds: 64,
      grain: 12,
    });
    const post = await buildPost(t, creator, { media: { content: video, type: 'video' } });
    postId = post.id;
    uploadId = (
      await t.pool.query<{ video_id: string }>('SELECT video_id FROM posts WHERE id = $1', [postId])
    ).rows[0]?.video_id as string;
    await waitForVideo(t, uploadId, 120_000);
  }, 180_000);
  afterAll(() => t.close());

  it('gives its owner the unmarked stream and the MP4, and each fan their own URLs of both', async () => {
    const own = await postAs(creator);
    expect(own.video_hls_url).not.toContain('to=');
    expect(own.video_url).toBeTruthy();
    for (const fan of fans) {
      const seen = await postAs(fan);
      expect(seen.video_hls_url).toContain(`to=${fan.id}`);
      expect(seen.video_url).toMatch(
        new RegExp(`^/media/${uploadId}/mp4\\?exp=\\d+&to=${fan.id}&sig=`),
      );
    }
    const seen = await postAs(fans[0]);
    for (const url of [seen.video_hls_url, seen.video_url]) {
      const swapped = String(url).replace(`to=${fans[0].id}`, `to=${fans[1].id}`);
      expect((await t.request({ method: 'GET', url: swapped })).statusCode).toBe(404);
    }
  });

  it('serves each fan, once the marked variants are made, the variant their code picks per segment', async () => {
    // The first fan's request asks for the marked variants; until they exist, the unmarked.
    const plain = await segmentsOf(String((await postAs(creator)).video_hls_url));
    expect(plain.length).toBeGreaterThanOrEqual(3);
    await segmentsOf(String((await postAs(fans[0])).video_hls_url));
    await waitForJobsDone(t, 'video-mark', { uploadId }, 120_000);
    const renditions = (await uploadRow(t, uploadId))?.renditions;
    expect(renditions?.marked).toEqual(renditions?.ladder.map((rung) => rung.name));
    // Every segment has its marked variant beside it, under the same name, and it differs.
    const folder = renditions?.ladder[0]?.playlist.replace(/\/index\.m3u8$/, '') ?? '';
    for (const segment of plain) {
      const marked = await t.storage.readBuffer(`${folder}-m/${segment.name}`);
      expect(marked.equals(segment.bytes)).toBe(false);
    }
    const key = t.services.marking.key;
    const sequences: string[] = [];
    for (const fan of fans) {
      const served = await segmentsOf(String((await postAs(fan)).video_hls_url));
      const serial = await serialOf(fan);
      expect(serial).toBeDefined();
      let bits = '';
      served.forEach((segment, index) => {
        const bit = segmentVariantBit(key, uploadId, serial as number, index);
        bits += String(bit);
        // Bit 0: the unmarked segment, byte for byte; bit 1: the marked one, which differs.
        expect(
          segment.bytes.equals(plain[index]?.bytes as Buffer),
          `${segment.name} bit ${bit}`,
        ).toBe(bit === 0);
      });
      sequences.push(bits);
    }
    // The owner still gets the unmarked stream.
    const again = await segmentsOf(String((await postAs(creator)).video_hls_url));
    again.forEach((segment, index) =>
      expect(segment.bytes.equals(plain[index]?.bytes as Buffer)).toBe(true),
    );
    expect(sequences).toHaveLength(2);
  }, 180_000);

  it("answers each fan's MP4 as their own segments remuxed, by ranges too, and the tracer names them from it", async () => {
    // The marked variants are made by the test before.
    const shared = await t.request({
      method: 'GET',
      url: String((await postAs(creator)).video_url),
    });
    expect(shared.statusCode).toBe(200);
    const mp4s: Buffer[] = [];
    for (const fan of fans) {
      const url = String((await postAs(fan)).video_url);
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('video/mp4');
      expect(res.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
      expect(res.rawPayload.equals(shared.rawPayload)).toBe(false);
      // A player's range of the same file, now kept.
      const part = await t.request({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${res.rawPayload.length}`);
      expect(part.rawPayload.equals(res.rawPayload.subarray(100, 200))).toBe(true);
      mp4s.push(res.rawPayload);
    }
    expect(mp4s[0]?.equals(mp4s[1] as Buffer)).toBe(false);
    const fan = fans[0];
    expect(await traced('download.mp4', mp4s[0] as Buffer)).toMatchObject({
      found: true,
      upload_id: uploadId,
      recipient: { id: fan.id, username: fan.username },
    });
  }, 180_000);

  it('gives each fan their own marked poster, and the tracer names the fan from a JPEG of it', async () => {
    const own = await postAs(creator);
    expect(own.poster_url).toMatch(new RegExp(`^/media/${uploadId}/poster\\?exp=\\d+&sig=`));
    const plain = await t.request({ method: 'GET', url: String(own.poster_url) });
    expect(plain.statusCode).toBe(200);
    const posters: Buffer[] = [];
    for (const fan of fans) {
      const url = String((await postAs(fan)).poster_url);
      expect(url).toMatch(new RegExp(`^/media/${uploadId}/poster\\?exp=\\d+&to=${fan.id}&sig=`));
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.equals(plain.rawPayload)).toBe(false);
      posters.push(res.rawPayload);
    }
    expect(posters[0]?.equals(posters[1] as Buffer)).toBe(false);
    const fan = fans[1];
    const leak = await sharp(posters[1] as Buffer)
      .jpeg({ quality: 80 })
      .toBuffer();
    expect(await traced('still.jpg', leak)).toMatchObject({
      found: true,
      upload_id: uploadId,
      post_id: postId,
      recipient: { id: fan.id, username: fan.username },
    });
  }, 180_000);

  it('names the fan from their stream re-encoded at a third of its bitrate', async () => {
    const fan = fans[1];
    const served = await segmentsOf(String((await postAs(fan)).video_hls_url));
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-leak-'));
    try {
      const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:5'];
      for (const segment of served) {
        await fs.writeFile(path.join(dir, segment.name), segment.bytes);
        lines.push('#EXTINF:4.0,', segment.name);
      }
      lines.push('#EXT-X-ENDLIST');
      await fs.writeFile(path.join(dir, 'leak.m3u8'), lines.join('\n'));
      const leak = path.join(dir, 'leak.mp4');
      const { ffmpeg } = await ffmpegBinaries(TRUSTED_FFMPEG);
      const bitrate = Math.round((served.reduce((n, s) => n + s.bytes.length, 0) * 8) / 64 / 3);
      await promisify(execFile)(ffmpeg, [
        ...['-hide_banner', '-loglevel', 'error', '-i', path.join(dir, 'leak.m3u8')],
        ...['-c:v', 'libx264', '-b:v', String(bitrate), '-c:a', 'aac', leak],
      ]);
      expect(await traced('leak.mp4', await fs.readFile(leak))).toMatchObject({
        found: true,
        upload_id: uploadId,
        post_id: postId,
        recipient: { id: fan.id, username: fan.username },
        evidence: { bits_total: served.length, hash_distance: null },
      });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
