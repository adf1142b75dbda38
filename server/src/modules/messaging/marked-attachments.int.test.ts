import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { topUp } from '../../../test/economy.ts';
import { buildUser } from '../../../test/factories.ts';
import { getMedia, hasFfmpeg, uploadFile, uploadRow } from '../../../test/media.ts';
import {
  listMessages,
  sendMessage,
  startConversation,
  unlockRequest,
  uploadAttachment,
} from '../../../test/messaging.ts';
import { waitForJobsDone } from '../../../test/jobs.ts';
import { multipart } from '../../../test/multipart.ts';
import { makeVideo, TRUSTED_FFMPEG, waitForVideo } from '../../../test/video.ts';
import { ffmpegBinaries } from '../../video/ffmpeg-binary.ts';

/** Issue 35: a paid message's image reaches its buyer marked for them; its sender sees it plain. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const toOf = (url: string) => new URL(url, 'http://zura.test').searchParams.get('to');

/** A creator's locked message holding an image, which a fan has bought. */
async function boughtImageMessage() {
  const creator = await buildUser(t, { isCreator: true });
  const fan = await buildUser(t);
  await topUp(t, fan, '20');
  const conversation = await startConversation(t, fan, creator);
  const upload = await uploadAttachment(t, creator);
  const message = await sendMessage(t, creator, conversation.id, {
    text: 'for you',
    is_locked: true,
    price: '3',
    uploaded_file_uuids: [upload],
  });
  expect((await unlockRequest(t, fan, message.id)).statusCode).toBe(200);
  return { creator, fan, conversation, upload, message };
}

describe("a locked message's image", () => {
  it('goes to its buyer as their marked copy and to its sender as the stored bytes', async () => {
    const { creator, fan, conversation, upload, message } = await boughtImageMessage();
    const key = (await uploadRow(t, upload))?.storageKey ?? '';
    const stored = await t.storage.readBuffer(key);

    const seen = (await listMessages(t, fan, conversation.id)).find((m) => m.id === message.id);
    const fanUrl = String(seen?.attachments[0]?.file_url);
    expect(toOf(fanUrl)).toBe(String(fan.id));
    const marked = await getMedia(t, fanUrl);
    expect(marked.statusCode).toBe(200);
    expect(marked.headers['cache-control']).toBe('private, no-store');
    expect(marked.rawPayload.equals(stored)).toBe(false);

    const sent = (await listMessages(t, creator, conversation.id)).find((m) => m.id === message.id);
    const ownUrl = String(sent?.attachments[0]?.file_url);
    expect(toOf(ownUrl)).toBeNull();
    expect((await getMedia(t, ownUrl)).rawPayload.equals(stored)).toBe(true);
  });

  it("carries the visible mark as its sender's default says, at once after a change", async () => {
    const { creator, fan, conversation, message } = await boughtImageMessage();
    const fanUrl = async () => {
      const seen = (await listMessages(t, fan, conversation.id)).find((m) => m.id === message.id);
      return String(seen?.attachments[0]?.file_url);
    };
    const queryOf = (url: string) => new URL(url, 'http://zura.test').searchParams;
    const setDefault = (on: boolean) =>
      t.request({
        method: 'PUT',
        url: '/api/auth/profile/',
        token: creator.access,
        payload: { visible_mark_default: on },
      });
    expect(queryOf(await fanUrl()).get('v')).toBeNull();
    expect((await setDefault(true)).statusCode).toBe(200);
    const visible = await fanUrl();
    expect(queryOf(visible).get('to')).toBe(String(fan.id));
    expect(queryOf(visible).get('v')).toBe('1');
    const served = await getMedia(t, visible);
    expect(served.statusCode).toBe(200);
    // The sender's own view stays the stored bytes.
    const sent = (await listMessages(t, creator, conversation.id)).find((m) => m.id === message.id);
    expect(toOf(String(sent?.attachments[0]?.file_url))).toBeNull();
    expect((await setDefault(false)).statusCode).toBe(200);
    expect(queryOf(await fanUrl()).get('v')).toBeNull();
  });

  it('stays plain in a message that costs nothing', async () => {
    const [a, b] = [await buildUser(t), await buildUser(t)];
    const conversation = await startConversation(t, a, b);
    const upload = await uploadAttachment(t, b);
    await sendMessage(t, b, conversation.id, { text: 'hi', uploaded_file_uuids: [upload] });
    const [seen] = await listMessages(t, a, conversation.id);
    expect(toOf(String(seen?.attachments[0]?.file_url))).toBeNull();
  });
});

describe.runIf(await hasFfmpeg())("a locked message's video", () => {
  it("reaches its buyer as their own stream and MP4 with the visible mark's text, its sender plain", async () => {
    const creator = await buildUser(t, { isCreator: true });
    const fan = await buildUser(t);
    await topUp(t, fan, '20');
    const conversation = await startConversation(t, fan, creator);
    // Repackaged, its segments are cut at the source's own keyframes (about 10 s apart here):
    // six of them. Grain changes every block of every frame, as a camera's noise does.
    const content = await makeVideo({
      codec: 'h264',
      width: 320,
      height: 240,
      seconds: 60,
      grain: 12,
    });
    const res = await uploadFile(t, creator, {
      content,
      context: 'message_attachment',
      filename: 'clip.mp4',
      type: 'video/mp4',
    });
    expect(res.statusCode, res.body).toBe(201);
    const upload = res.json<{ id: string }>().id;
    await waitForVideo(t, upload, 120_000);
    const message = await sendMessage(t, creator, conversation.id, {
      text: 'for you',
      is_locked: true,
      price: '3',
      uploaded_file_uuids: [upload],
    });
    const on = await t.request({
      method: 'PUT',
      url: '/api/auth/profile/',
      token: creator.access,
      payload: { visible_mark_default: true },
    });
    expect(on.statusCode).toBe(200);
    const unlocked = await unlockRequest(t, fan, message.id);
    expect(unlocked.statusCode).toBe(200);
    const mark = `@${fan.username} · ${t.services.marking.host}`;
    type Shown = {
      file_url: string;
      video_url?: string | null;
      video_hls_url?: string | null;
      visible_mark?: string | null;
      thumbnail_url?: string | null;
      poster_url?: string | null;
    };
    const fromUnlock = unlocked.json<{ attachments: Shown[] }>().attachments[0];
    const listed = (await listMessages(t, fan, conversation.id)).find((m) => m.id === message.id);
    for (const seen of [fromUnlock, listed?.attachments[0] as Shown | undefined]) {
      expect(seen?.visible_mark).toBe(mark);
      // The buyer's file is their MP4, never the stored original, which carries no mark.
      expect(seen?.file_url).toMatch(
        new RegExp(`^/media/${upload}/mp4\\?exp=\\d+&to=${fan.id}&sig=`),
      );
      expect(seen?.video_url).toBe(seen?.file_url);
      expect(toOf(String(seen?.video_hls_url))).toBe(String(fan.id));
      // Its stills are images of it: the buyer's are marked for them, without a visible mark
      // (the player draws it over the video).
      for (const still of [seen?.thumbnail_url, seen?.poster_url]) {
        expect(toOf(String(still))).toBe(String(fan.id));
        expect(String(still)).not.toContain('v=1');
      }
    }
    const original = await t.request({
      method: 'GET',
      url: String(fromUnlock?.file_url).replace('/mp4?', '/original?'),
    });
    expect(original.statusCode).toBe(404);
    const sent = (await listMessages(t, creator, conversation.id)).find((m) => m.id === message.id);
    const own = sent?.attachments[0] as Shown | undefined;
    expect(own?.visible_mark).toBeNull();
    expect(toOf(String(own?.file_url))).toBeNull();
    expect(toOf(String(own?.video_hls_url))).toBeNull();
    expect(toOf(String(own?.thumbnail_url))).toBeNull();
    expect(toOf(String(own?.poster_url))).toBeNull();

    // An H.264 source is repackaged, not re-encoded: its rung is the source's own packets, which
    // our marked encode cannot be mixed with, so its unmarked twin is encoded beside the marked
    // variant, and the buyer's MP4 (each segment as their code picks) decodes cleanly.
    expect((await getMedia(t, String(fromUnlock?.file_url))).statusCode).toBe(200);
    await waitForJobsDone(t, 'video-mark', { uploadId: upload }, 120_000);
    const renditions = (await uploadRow(t, upload))?.renditions;
    expect(renditions?.remade).toEqual(renditions?.ladder.map((rung) => rung.name));
    // Its master names, for each, the codec the stream is in: the source's Constrained Baseline
    // for its sender, our High encode for the buyer.
    const codecs = async (masterUrl: unknown) =>
      /CODECS="(avc1\.[0-9a-f]{4})/.exec(
        (await t.request({ method: 'GET', url: String(masterUrl) })).body,
      )?.[1];
    expect(await codecs(own?.video_hls_url)).toBe('avc1.42e0');
    expect(await codecs(fromUnlock?.video_hls_url)).toBe('avc1.6400');
    const mp4 = await getMedia(t, String(fromUnlock?.file_url));
    expect(mp4.statusCode).toBe(200);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-mp4-'));
    try {
      await fs.writeFile(path.join(dir, 'buyer.mp4'), mp4.rawPayload);
      const { ffmpeg } = await ffmpegBinaries(TRUSTED_FFMPEG);
      const decoded = await promisify(execFile)(ffmpeg, [
        ...['-v', 'error', '-i', path.join(dir, 'buyer.mp4'), '-f', 'null', '-'],
      ]);
      expect(decoded.stderr).toBe('');
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    // The tracer reads every segment of the buyer's copy as the variant it is; six segments are
    // too few to name anyone (a 1-in-64 chance), which it says.
    const traced = await t.request({
      method: 'POST',
      url: '/api/creator/leak-trace/',
      ...multipart({ files: [{ name: 'file', filename: 'leak.mp4', content: mp4.rawPayload }] }),
      token: creator.access,
    });
    expect(traced.statusCode, traced.body).toBe(200);
    const trace = traced.json<{
      outcome: string;
      upload_id: string;
      evidence: { bits_agreeing: number; bits_total: number };
    }>();
    expect(trace).toMatchObject({ outcome: 'no_mark_found', upload_id: upload });
    expect(trace.evidence.bits_total).toBeGreaterThanOrEqual(4);
    expect(trace.evidence.bits_agreeing).toBe(trace.evidence.bits_total);
  }, 180_000);
});
