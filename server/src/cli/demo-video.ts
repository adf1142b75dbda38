import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ffmpegBinaries } from '../video/ffmpeg-binary.ts';

/**
 * A short demo clip made locally with the platform's own ffmpeg: a moving test pattern with a
 * tone, 6 s of 640×360 H.264 and AAC, so the seeded video goes through the real pipeline.
 */
export async function demoVideo(ffmpegPath: string | undefined): Promise<Buffer> {
  // It encodes a test pattern, no upload: the bundled build may serve however old it is.
  const { ffmpeg } = await ffmpegBinaries({ ffmpegPath, allowOutdated: true });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zura-demo-video-'));
  const out = path.join(dir, 'demo.mp4');
  try {
    await promisify(execFile)(
      ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error'],
        ...['-f', 'lavfi', '-i', 'testsrc2=duration=6:size=640x360:rate=30'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-shortest', '-movflags', '+faststart', out],
      ],
      { timeout: 60_000 },
    );
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
