import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator } from 'playwright-core';
import type { MediaFile } from './content.ts';

/** Real video files for uploads (made by ffmpeg), and what a <video> of a file has loaded. */

/** Whether ffmpeg is on PATH: the video journeys need it to make their file. */
export const HAS_FFMPEG = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;

/**
 * An MP4 (VP9, which every Chromium build decodes) of a moving test pattern, `seconds` long.
 * Its index (moov) is written after the frames, as a camera or a plain ffmpeg run leaves it:
 * a browser must then ask for a byte range near the end before it knows the duration, so
 * loading it at all exercises Range requests.
 */
export async function mp4Video(name: string, seconds = 4): Promise<MediaFile> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-e2e-video-'));
  const file = path.join(dir, 'video.mp4');
  try {
    await promisify(execFile)(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=25:duration=${seconds}`],
        ...['-c:v', 'libvpx-vp9', '-b:v', '2M', '-deadline', 'realtime', '-cpu-used', '8'],
        ...['-pix_fmt', 'yuv420p', file],
      ],
      { timeout: 60_000 },
    );
    return { name, mimeType: 'video/mp4', buffer: await fs.readFile(file) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export type MediaElementState = {
  /** HTMLMediaElement.readyState: 1 metadata, 2 current frame, 4 enough to play through. */
  readyState: number;
  duration: number;
  currentTime: number;
  seeking: boolean;
  videoWidth: number;
  /** The MediaError code, 0 without an error. */
  error: number;
};

/** What a <video> playing a file has loaded so far. */
export function mediaElementState(video: Locator): Promise<MediaElementState> {
  return video.evaluate((element) => {
    // The e2e project has no DOM typings: the members of a <video> used here.
    const media = element as unknown as {
      readyState: number;
      duration: number;
      currentTime: number;
      seeking: boolean;
      videoWidth: number;
      error: { code: number } | null;
    };
    return {
      readyState: media.readyState,
      duration: media.duration,
      currentTime: media.currentTime,
      seeking: media.seeking,
      videoWidth: media.videoWidth,
      error: media.error?.code ?? 0,
    };
  });
}

/** Moves the <video> to `seconds` and waits for its `seeked` event. */
export function seekVideo(video: Locator, seconds: number): Promise<void> {
  return video.evaluate(
    (element, to) =>
      new Promise<void>((resolve, reject) => {
        const media = element as unknown as {
          currentTime: number;
          addEventListener(type: string, listener: () => void, options: { once: true }): void;
        };
        media.addEventListener('seeked', () => resolve(), { once: true });
        media.addEventListener('error', () => reject(new Error('the video failed')), {
          once: true,
        });
        media.currentTime = to;
      }),
    seconds,
  );
}

/** Runs ffmpeg with `args` writing `out.<ext>` in a fresh directory, and returns the file. */
async function ffmpegFile(ext: string, args: (file: string) => string[]): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-e2e-video-'));
  const file = path.join(dir, `out.${ext}`);
  try {
    await promisify(execFile)(
      'ffmpeg',
      ['-hide_banner', '-loglevel', 'error', '-y', ...args(file)],
      { timeout: 120_000 },
    );
    return await fs.readFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * A phone-style QuickTime file: HEVC tagged `hvc1` (as an iPhone records it) with AAC audio,
 * `width`x`height`, `seconds` long. No browser plays it as it is: only its transcode can be seen.
 */
export async function hevcMov(
  name: string,
  { seconds = 4, width = 1280, height = 720 } = {},
): Promise<MediaFile> {
  const buffer = await ffmpegFile('mov', (file) => [
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-pix_fmt', 'yuv420p'],
    ...['-x265-params', 'log-level=error', '-c:a', 'aac', '-shortest', file],
  ]);
  return { name, mimeType: 'video/quicktime', buffer };
}

/**
 * The first half of a real MP4 (H.264 and AAC, its index at the front): what an interrupted
 * copy leaves. It starts like a video, so only reading it through shows that it is cut short.
 */
export async function truncatedMp4(name: string, seconds = 4): Promise<MediaFile> {
  const whole = await ffmpegFile('mp4', (file) => [
    ...['-f', 'lavfi', '-i', `testsrc2=size=640x360:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', '-movflags', '+faststart', file],
  ]);
  return { name, mimeType: 'video/mp4', buffer: whole.subarray(0, Math.floor(whole.length / 2)) };
}

/**
 * Starts the <video> muted (so no autoplay policy stands in the way), without waiting: a
 * player that falls back from its stream to the file interrupts the first play().
 */
export function startPlayback(video: Locator): Promise<void> {
  return video.evaluate((element) => {
    const media = element as unknown as { muted: boolean; play(): Promise<void> };
    media.muted = true;
    media.play().catch(() => undefined);
  });
}
