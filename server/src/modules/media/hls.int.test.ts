import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { buildPost, buildUser, type TestUser } from '../../../test/factories.ts';
import { buildCreator, subscribe, topUp } from '../../../test/economy.ts';
import { signerOf, uploadFile } from '../../../test/media.ts';
import { startS3, type TestS3 } from '../../../test/s3.ts';
import {
  attachVideo,
  renditionsOf,
  setVideoState,
  storeVideo,
  storeVideoPost,
  TEST_LADDER,
  testRenditions,
} from '../../../test/renditions.ts';
import { makeVideo, waitForVideo } from '../../../test/video.ts';
import { PLAYLIST_CONTENT_TYPE } from './hls.ts';

/*
 * A video's HLS tree and progressive MP4, served from real ffmpeg output in the store, on local
 * disk (bytes streamed by us) and on S3 (s3rver: segments redirected to presigned URLs).
 */

const HOUR_MS = 60 * 60 * 1000;
const SEGMENT_TYPES: Record<string, string> = {
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
};

type Post = Record<string, unknown> & { id: number };

/** The URIs a playlist lists: its URI lines and its URI="..." attributes. */
function urisOf(playlist: string): string[] {
  return playlist.split('\n').flatMap((line) => {
    if (line === '') return [];
    if (!line.startsWith('#')) return [line];
    return [...line.matchAll(/URI="([^"]*)"/g)].map((match) => match[1] as string);
  });
}

/** Resolves a playlist's relative URI against the playlist's own path, as a player does. */
const resolve = (uri: string, base: string) => {
  const url = new URL(uri, new URL(base, 'http://zura.test'));
  return url.pathname + url.search;
};

function describeHls(
  storeName: string,
  env: () => Promise<{ env: Record<string, string>; s3?: TestS3 }>,
) {
  describe(`HLS and progressive MP4 on ${storeName}`, () => {
    let t: TestApp;
    let s3: TestS3 | undefined;
    let author: TestUser;
    let viewer: TestUser;
    let videoId: string;
    let postId: number;

    const get = (url: string, headers: Record<string, string> = {}) =>
      t.request({ method: 'GET', url, headers });

    /** A segment's bytes, followed through the bucket's redirect where there is one. */
    async function segmentBytes(res: LightMyRequestResponse): Promise<Buffer> {
      if (!s3) {
        expect(res.statusCode).toBe(200);
        return res.rawPayload;
      }
      expect(res.statusCode).toBe(302);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const location = new URL(String(res.headers.location));
      expect(location.origin).toBe(s3.endpoint);
      const direct = await fetch(location);
      expect(direct.status).toBe(200);
      return Buffer.from(await direct.arrayBuffer());
    }

    async function feedPost(user: TestUser, id: number): Promise<Post | undefined> {
      const res = await t.request({
        method: 'GET',
        url: '/api/posts/?source=all&limit=50',
        token: user.access,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Post[]>().find((post) => post.id === id);
    }

    beforeAll(async () => {
      const setup = await env();
      s3 = setup.s3;
      t = await buildTestApp(setup.env);
      [author, viewer] = [await buildUser(t), await buildUser(t)];
      videoId = await storeVideo(t, author, { state: 'ready' });
      postId = await storeVideoPost(t, author, videoId);
    });
    afterAll(async () => {
      await t?.close();
      await s3?.close();
    });

    it('gives viewers the HLS master and the MP4, and its transcode state to its author only', async () => {
      const seen = await feedPost(viewer, postId);
      expect(seen?.video_hls_url).toMatch(
        new RegExp(`^/media/${videoId}/hls/master\\.m3u8\\?exp=\\d+&sig=[\\w-]+$`),
      );
      expect(seen?.video_url).toMatch(new RegExp(`^/media/${videoId}/mp4\\?exp=`));
      expect(seen?.video).toBe(seen?.video_url);
      for (const field of ['video_state', 'video_progress', 'video_error']) {
        expect(seen).not.toHaveProperty(field);
      }
      const own = await feedPost(author, postId);
      expect(own).toMatchObject({ video_state: 'ready', video_progress: 100, video_error: null });
      expect(own?.video_hls_url).toBe(seen?.video_hls_url);
    });

    it('answers the master playlist with every rung, each URI signed like the master', async () => {
      const master = String((await feedPost(viewer, postId))?.video_hls_url);
      const res = await get(master);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(PLAYLIST_CONTENT_TYPE);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const query = new URL(master, 'http://zura.test').search;
      const uris = urisOf(res.body);
      expect(uris).toEqual(TEST_LADDER.map((rung) => `${rung.name}/index.m3u8${query}`));
      expect(res.body).toContain('RESOLUTION=320x240');
      const head = await t.request({ method: 'HEAD', url: master });
      expect(head.statusCode).toBe(200);
      expect(Number(head.headers['content-length'])).toBe(res.rawPayload.length);
      expect(head.rawPayload.length).toBe(0);
    });

    it('serves every rung playlist and segment a player follows, byte for byte', async () => {
      const files = await testRenditions();
      const master = String((await feedPost(viewer, postId))?.video_hls_url);
      const query = new URL(master, 'http://zura.test').search;
      const followed: string[] = [];
      for (const rungUri of urisOf((await get(master)).body)) {
        const rungUrl = resolve(rungUri, master);
        const rung = await get(rungUrl);
        expect(rung.statusCode, rung.body).toBe(200);
        expect(rung.headers['content-type']).toBe(PLAYLIST_CONTENT_TYPE);
        const uris = urisOf(rung.body);
        expect(uris.length).toBeGreaterThanOrEqual(2);
        for (const uri of uris) {
          expect(uri.endsWith(query)).toBe(true);
          const url = resolve(uri, rungUrl);
          const name = url.split('?')[0]!.replace(`/media/${videoId}/hls/`, '');
          followed.push(name);
          const res = await get(url);
          const bytes = await segmentBytes(res);
          expect(bytes.equals(files.get(name) as Buffer), name).toBe(true);
          if (!s3) {
            const extension = name.slice(name.lastIndexOf('.') + 1);
            expect(res.headers['content-type']).toBe(SEGMENT_TYPES[extension]);
          }
        }
      }
      // Both kinds of segment, and the fMP4 rung's init segment from its EXT-X-MAP.
      expect(followed).toContain('144p/init.mp4');
      expect(followed.some((name) => name.endsWith('.ts'))).toBe(true);
      expect(followed.some((name) => name.endsWith('.m4s'))).toBe(true);
    });

    it('answers a Range of a segment (or lets the bucket answer it)', async () => {
      const files = await testRenditions();
      const query = new URL(signerOf(t).hlsUrl(videoId), 'http://zura.test').search;
      const res = await get(`/media/${videoId}/hls/240p/seg000.ts${query}`, {
        range: 'bytes=188-375',
      });
      if (s3) {
        expect(res.statusCode).toBe(302);
        const direct = await fetch(String(res.headers.location), {
          headers: { range: 'bytes=188-375' },
        });
        expect(direct.status).toBe(206);
        const bytes = Buffer.from(await direct.arrayBuffer());
        expect(bytes.equals(files.get('240p/seg000.ts')!.subarray(188, 376))).toBe(true);
      } else {
        expect(res.statusCode).toBe(206);
        expect(res.rawPayload.equals(files.get('240p/seg000.ts')!.subarray(188, 376))).toBe(true);
      }
    });

    it('serves the progressive MP4 as the mp4 variant, named after the original', async () => {
      const files = await testRenditions();
      const url = String((await feedPost(viewer, postId))?.video_url);
      const res = await get(url);
      expect((await segmentBytes(res)).equals(files.get('progressive.mp4') as Buffer)).toBe(true);
      if (!s3) {
        expect(res.headers['content-type']).toBe('video/mp4');
        expect(res.headers['content-disposition']).toBe("inline; filename*=UTF-8''holiday.mp4");
        const part = await get(url, { range: 'bytes=0-99' });
        expect(part.statusCode).toBe(206);
        expect(part.rawPayload.length).toBe(100);
      }
    });

    it('refuses unsigned, tampered, expired and borrowed signatures on every file of the tree', async () => {
      const signer = signerOf(t);
      const valid = new URL(signer.hlsUrl(videoId), 'http://zura.test').searchParams;
      const exp = valid.get('exp')!;
      const sig = valid.get('sig')!;
      const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
      const expired = new URL(signer.hlsUrl(videoId, Date.now() - 2 * HOUR_MS), 'http://zura.test')
        .search;
      const otherVideo = await storeVideo(t, author, { state: 'ready' });
      const borrowed = new URL(signer.hlsUrl(otherVideo), 'http://zura.test').search;
      const originalsSignature = new URL(signer.url(videoId, 'original'), 'http://zura.test')
        .search;
      const queries = [
        '',
        `?exp=${exp}`,
        `?sig=${sig}`,
        `?exp=${exp}&sig=${flipped}`,
        `?exp=${Number(exp) + 600}&sig=${sig}`,
        expired,
        borrowed,
        originalsSignature,
      ];
      for (const file of ['master.m3u8', '240p/index.m3u8', '240p/seg000.ts', '144p/init.mp4']) {
        for (const query of queries) {
          const res = await get(`/media/${videoId}/hls/${file}${query}`);
          expect(res.statusCode, `${file}${query}`).toBe(404);
          expect(res.json()).toMatchObject({ detail: 'Media not found or link expired.' });
          expect(res.headers.location).toBeUndefined();
        }
      }
      // Nor does the tree's signature open the upload's other files.
      for (const variant of ['original', 'mp4', 'poster']) {
        const res = await get(`/media/${videoId}/${variant}?exp=${exp}&sig=${sig}`);
        expect(res.statusCode).toBe(404);
      }
    });

    it('serves only names of the ladder and of segments, never a path', async () => {
      const query = new URL(signerOf(t).hlsUrl(videoId), 'http://zura.test').search;
      const names = [
        '..%2F..%2F..%2Foriginals/index.m3u8',
        '1080p/index.m3u8',
        '240p/..%2Fmaster.m3u8',
        '240p/seg000.exe',
        '240p/.seg000.ts',
        '240p/seg%00.ts',
        '240p/index.m3u8x',
      ];
      for (const name of names) {
        const res = await get(`/media/${videoId}/hls/${name}${query}`);
        expect(res.statusCode, name).toBe(404);
        expect(res.headers.location).toBeUndefined();
      }
      // A well-formed name of no file: the bucket's own 404 behind its short-lived URL.
      const missing = await get(`/media/${videoId}/hls/240p/seg999.ts${query}`);
      if (s3) {
        expect(missing.statusCode).toBe(302);
        expect((await fetch(String(missing.headers.location))).status).toBe(404);
      } else {
        expect(missing.statusCode).toBe(404);
      }
    });

    it('refuses a playlist that lists anything but plain relative names', async () => {
      const id = await storeVideo(t, author, { state: 'ready' });
      const { master, ladder } = renditionsOf(author.id, id);
      const rung = ladder[0]!.playlist;
      const query = new URL(signerOf(t).hlsUrl(id), 'http://zura.test').search;
      const bad = (lines: string[]) => Buffer.from(['#EXTM3U', ...lines, ''].join('\n'));
      await t.storage.writeBuffer(master, bad(['../../other/master.m3u8']), 'text/plain');
      await t.storage.writeBuffer(rung, bad(['#EXTINF:1,', 'https://evil.example/seg.ts']), 'x');
      expect((await get(`/media/${id}/hls/master.m3u8${query}`)).statusCode).toBe(404);
      const rungRes = await get(`/media/${id}/hls/240p/index.m3u8${query}`);
      expect(rungRes.statusCode).toBe(404);
      expect(rungRes.body).not.toContain('evil');
    });

    it('serves nothing of a video that is processing or failed, even validly signed', async () => {
      for (const state of ['processing', 'failed'] as const) {
        const id = await storeVideo(t, author, { state: 'ready' });
        await setVideoState(t, id, { state });
        const signer = signerOf(t);
        expect((await get(signer.hlsUrl(id))).statusCode).toBe(404);
        const query = new URL(signer.hlsUrl(id), 'http://zura.test').search;
        expect((await get(`/media/${id}/hls/240p/seg000.ts${query}`)).statusCode).toBe(404);
        expect((await get(signer.url(id, 'mp4'))).statusCode).toBe(404);
      }
    });

    it('gives no URL of a locked video to a viewer who has not unlocked it, then all of them', async () => {
      const locked = await buildPost(t, author, { content: 'locked clip', password: 'clip-pass' });
      const id = await storeVideo(t, author, { state: 'ready' });
      await attachVideo(t, locked.id, id);
      const before = await feedPost(viewer, locked.id);
      expect(before).toBeDefined();
      expect(JSON.stringify(before)).not.toContain(id);
      for (const field of ['video', 'video_url', 'video_hls_url', 'poster_url']) {
        expect(before).not.toHaveProperty(field);
      }
      const unlock = await t.request({
        method: 'POST',
        url: `/api/posts/${locked.id}/unlock/`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ password: 'clip-pass' }),
        token: viewer.access,
      });
      expect(unlock.statusCode, unlock.body).toBe(200);
      const opened = unlock.json<{ post: Post }>().post;
      expect(opened.video_hls_url).toMatch(new RegExp(`^/media/${id}/hls/master\\.m3u8\\?`));
      expect((await get(String(opened.video_hls_url))).statusCode).toBe(200);
      expect((await feedPost(viewer, locked.id))?.video_hls_url).toBe(opened.video_hls_url);
    });

    it("gives no URL of a paid creator's video to a non-subscriber, and all of them once subscribed", async () => {
      const creator = await buildCreator(t);
      const id = await storeVideo(t, creator, { state: 'ready' });
      const paidPost = await storeVideoPost(t, creator, id, 'for subscribers');
      const fan = await buildUser(t);
      const gated = await feedPost(fan, paidPost);
      expect(gated?.requires_subscription).toBe(true);
      expect(JSON.stringify(gated)).not.toContain(id);
      await topUp(t, fan, '20.00');
      const res = await subscribe(t, fan, creator);
      expect(res.statusCode, res.body).toBeLessThan(300);
      const open = await feedPost(fan, paidPost);
      expect(open?.video_hls_url).toMatch(new RegExp(`^/media/${id}/hls/`));
    });

    it('plays a phone video the transcode job made: every rung, every segment', async () => {
      const clip = await makeVideo({ codec: 'hevc', width: 640, height: 360, seconds: 2 });
      const post = await buildPost(t, author, { content: 'from my phone' });
      const upload = await uploadFile(t, author, {
        content: clip,
        context: 'post_video',
        filename: 'IMG_0001.MOV',
        type: 'video/quicktime',
      });
      expect(upload.statusCode, upload.body).toBe(201);
      const id = upload.json<{ id: string }>().id;
      await attachVideo(t, post.id, id);
      expect(await feedPost(viewer, post.id)).toBeUndefined();
      const row = await waitForVideo(t, id);
      expect(row.videoState, String(row.videoError)).toBe('ready');
      const seen = await feedPost(viewer, post.id);
      const master = String(seen?.video_hls_url);
      const masterRes = await get(master);
      expect(masterRes.statusCode, masterRes.body).toBe(200);
      const rungs = urisOf(masterRes.body);
      expect(rungs.map((uri) => uri.split('/')[0])).toEqual(
        row.renditions!.ladder.map((rung) => rung.name),
      );
      for (const rungUri of rungs) {
        const rungUrl = resolve(rungUri, master);
        const playlist = await get(rungUrl);
        expect(playlist.statusCode, playlist.body).toBe(200);
        const segments = urisOf(playlist.body);
        expect(segments.length).toBeGreaterThan(0);
        for (const uri of segments) {
          expect((await segmentBytes(await get(resolve(uri, rungUrl)))).length).toBeGreaterThan(0);
        }
      }
      const mp4 = await segmentBytes(await get(String(seen?.video_url)));
      expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
    });

    it('keeps the original for a video stored before transcoding existed', async () => {
      const id = await storeVideo(t, author, { state: null });
      const legacy = await storeVideoPost(t, author, id);
      const seen = await feedPost(viewer, legacy);
      expect(seen?.video_url).toMatch(new RegExp(`^/media/${id}/original\\?`));
      expect(seen?.video_hls_url).toBeNull();
      const res = await get(String(seen?.video_url));
      expect((await segmentBytes(res)).length).toBeGreaterThan(0);
    });
  });
}

describeHls('local disk', async () => ({ env: {} }));
describeHls('S3', async () => {
  const s3 = await startS3();
  return { env: s3.env, s3 };
});
