import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { UploadRow } from '../src/db/schema/index.ts';
import type { LiveFrame } from '../src/events/bus.ts';
import { ffmpegBinaries } from '../src/video/ffmpeg-binary.ts';
import type { TestApp } from './app.ts';
import { uploadRow } from './media.ts';

/** The ffmpeg tests make their own videos with (and read outputs with): any that runs. */
export const TRUSTED_FFMPEG = { ffmpegPath: undefined, allowOutdated: true };

/**
 * A real video made by ffmpeg from its test pattern and a tone: `codec` h264 (in .mp4, at
 * ultrafast, so Constrained Baseline: a repackaged copy is told apart from our High encodes) or hevc (in .mov, as a
 * phone records it), `faststart` putting the index first (so a cut file still probes).
 */
export async function makeVideo(options: {
  codec: 'h264' | 'hevc';
  width: number;
  height: number;
  seconds: number;
  audio?: boolean;
  faststart?: boolean;
  /** Film grain changing every frame (ffmpeg's `noise`), as a camera's: no block stays still. */
  grain?: number;
}): Promise<Buffer> {
  const { ffmpeg } = await ffmpegBinaries(TRUSTED_FFMPEG);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-test-video-'));
  const out = path.join(dir, options.codec === 'hevc' ? 'clip.mov' : 'clip.mp4');
  const video =
    options.codec === 'hevc'
      ? ['-c:v', 'libx265', '-tag:v', 'hvc1', '-x265-params', 'log-level=error']
      : ['-c:v', 'libx264'];
  try {
    await promisify(execFile)(ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${options.width}x${options.height}:rate=25:duration=${options.seconds}${options.grain ? `,noise=alls=${options.grain}:allf=t` : ''}`,
      ...(options.audio === false
        ? []
        : ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${options.seconds}`]),
      ...video,
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      ...(options.audio === false ? [] : ['-c:a', 'aac']),
      ...(options.faststart ? ['-movflags', '+faststart'] : []),
      out,
    ]);
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Polls until the upload's transcode has ended (ready at 100 %, or failed), up to `ms`. */
export async function waitForVideo(t: TestApp, id: string, ms = 60_000): Promise<UploadRow> {
  const deadline = Date.now() + ms;
  for (;;) {
    const row = await uploadRow(t, id);
    if (row?.videoState === 'failed' || (row?.videoState === 'ready' && row.videoProgress === 100))
      return row;
    if (Date.now() > deadline) throw new Error(`video ${id} not processed: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Every live frame the bus carries for `userId` from now on. */
export function framesFor(t: TestApp, userId: number): { frames: LiveFrame[]; stop: () => void } {
  const frames: LiveFrame[] = [];
  const stop = t.services.bus.subscribe((events) => {
    for (const event of events) if (event.userId === userId) frames.push(event.frame);
  });
  return { frames, stop };
}

/**
 * The same MP4 with a header that lies about its length: the movie's, every track's and every
 * media's duration set to `seconds`, the samples (and so what ffmpeg decodes) left whole.
 */
export function lieAboutDuration(mp4: Buffer, seconds: number): Buffer {
  const out = Buffer.from(mp4);
  let movieScale = 0;
  const write = (at: number, long: boolean, value: number) => {
    if (long) out.writeBigUInt64BE(BigInt(Math.round(value)), at);
    else out.writeUInt32BE(Math.round(value), at);
  };
  const walk = (start: number, end: number) => {
    for (let at = start; at + 8 <= end;) {
      let size = out.readUInt32BE(at);
      const type = out.toString('latin1', at + 4, at + 8);
      let body = at + 8;
      if (size === 1) {
        size = Number(out.readBigUInt64BE(at + 8));
        body = at + 16;
      } else if (size === 0) size = end - at;
      const long = out[body] === 1;
      if (type === 'moov' || type === 'trak' || type === 'mdia') walk(body, at + size);
      else if (type === 'mvhd' || type === 'mdhd') {
        const scaleAt = body + 4 + (long ? 16 : 8);
        const scale = out.readUInt32BE(scaleAt);
        if (type === 'mvhd') movieScale = scale;
        write(scaleAt + 4, long, seconds * scale);
      } else if (type === 'tkhd') write(body + 4 + (long ? 24 : 16), long, seconds * movieScale);
      at += size;
    }
  };
  walk(0, out.length);
  return out;
}
