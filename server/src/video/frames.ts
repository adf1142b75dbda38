import type { Readable } from 'node:stream';
import { inputOptions } from './probe.ts';
import { spawnLimited } from './run-ffmpeg.ts';
import type { Sandbox } from './sandbox.ts';

/** A decode that sends no frame for this long is ended: a stalled or hostile input. */
const STALL_MS = 60_000;

/**
 * `perSecond` frames a second of a video (each in the middle of its slice), scaled to `width` x `height`, as 8-bit luma: read from ffmpeg's
 * pipe a whole frame at a time, so a long video never sits in memory. The input is decoded under
 * `sandbox` with its sniffed demuxer (`format`), like every upload: a suspected leak is anybody's
 * file. Ending the loop early kills the decode.
 */
export async function* lumaFramesPerSecond(options: {
  ffmpeg: string;
  input: string;
  format: string;
  width: number;
  height: number;
  sandbox: Sandbox;
  maxSeconds: number;
  /** Frames a second, each in the middle of its slice: (k + 0.5) / perSecond. */
  perSecond: number;
}): AsyncGenerator<Buffer> {
  const { width, height } = options;
  const child = spawnLimited(
    options.ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
      ...inputOptions(options.format),
      ...['-t', String(options.maxSeconds), '-i', options.input],
      // In the middle of each slice of a second: never on a segment's first frame.
      ...[
        '-an',
        '-vf',
        `fps=fps=${options.perSecond}:start_time=${0.5 / options.perSecond},scale=${width}:${height}:flags=bicubic,format=gray`,
      ],
      ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    ],
    options.sandbox,
  );
  child.stderr.resume();
  const size = width * height;
  let timer = setTimeout(() => child.kill('SIGKILL'), STALL_MS);
  try {
    for await (const frame of framesOf(child.stdout, size)) {
      clearTimeout(timer);
      timer = setTimeout(() => child.kill('SIGKILL'), STALL_MS);
      yield frame;
    }
  } finally {
    clearTimeout(timer);
    child.kill('SIGKILL');
  }
}

/** Cuts a byte stream into whole frames of `size` bytes; a partial last one is dropped. */
async function* framesOf(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    pending.push(chunk);
    pendingBytes += chunk.length;
    while (pendingBytes >= size) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, size);
      const rest = all.subarray(size);
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
    }
  }
}
