import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { segmentsOf, type RungPlan } from './ladder.ts';
import { runFfmpeg } from './run-ffmpeg.ts';
import { handOver } from './sandbox.ts';
import {
  audioMap,
  hlsOutput,
  rungDir,
  runOptions,
  SEGMENT_SECONDS,
  sourceInput,
  type PassOptions,
} from './transcode.ts';

/** A marked rung's folder beside its unmarked one: `720p` and `720p-m`. */
export const markedRungName = (name: string) => `${name}-m`;
/**
 * The folder of a repackaged rung's unmarked twin, `720p-u`: the rung itself is the source's own
 * packets, whose encoding (profile, B-frames, timestamps) our marked encode cannot match, so a
 * marked stream takes its unmarked segments from an encode made as the marked one is.
 */
export const remadeRungName = (name: string) => `${name}-u`;

/** Seconds at which a playlist's segments start (after the first), as its EXTINFs add up. */
export function cutTimes(playlist: string): number[] {
  const cuts: number[] = [];
  let at = 0;
  for (const segment of segmentsOf(playlist).slice(0, -1)) {
    at += segment.seconds;
    cuts.push(at);
  }
  return cuts;
}

/**
 * Encodes the "B" variant of one rung (issue 35): the source scaled as the rung is, with the
 * mark frame (`watermark/video-pattern.ts`, raw yuv420p) added to every frame's luma by
 * `blend` in grain-merge mode, H.264 and AAC as the rung's own encode, and keyframes forced at
 * exactly the unmarked rung's cuts (no scene cuts, no GOP limit), so its segments cover the same
 * times under the same names and a player can take either variant of each. Without `markFrame`
 * it encodes the same way unmarked, into the rung's remade twin (`remadeRungName`).
 */
export async function encodeMarkedRung(
  options: PassOptions & { rung: RungPlan; markFrame: Buffer | undefined; cuts: number[] },
): Promise<void> {
  const { binaries, probe, outDir, rung } = options;
  const name = options.markFrame ? markedRungName(rung.name) : remadeRungName(rung.name);
  await rungDir(options, name);
  const scaled = `[0:v]scale=${rung.width}:${rung.height},format=yuv420p`;
  let inputs: string[] = [];
  let filters = [`${scaled}[out]`];
  if (options.markFrame) {
    const frameFile = path.join(outDir, `${name}.yuv`);
    await writeFile(frameFile, options.markFrame);
    await handOver(frameFile, options.sandbox.account);
    inputs = [
      ...['-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${rung.width}x${rung.height}`],
      ...['-i', frameFile],
    ];
    filters = [
      `${scaled}[v]`,
      `[1:v]format=yuv420p,loop=loop=-1:size=1:start=0[mark]`,
      // c0 is the luma: the mark added; the colour planes pass as they are.
      `[v][mark]blend=c0_mode=grainmerge:c1_mode=normal:c1_opacity=1:c2_mode=normal:c2_opacity=1:shortest=1[out]`,
    ];
  }
  const forced = options.cuts.length > 0 ? options.cuts.map((t) => t.toFixed(3)).join(',') : '0';
  await runFfmpeg(
    binaries.ffmpeg,
    [
      ...sourceInput(options),
      ...inputs,
      '-filter_complex',
      filters.join(';'),
      '-map',
      '[out]',
      ...audioMap(probe),
      // The profile a marked stream's master names for these rungs (`withRemadeCodecs`).
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high'],
      ...['-level:v', (rung.level / 10).toFixed(1), '-crf', '23'],
      ...(rung.maxrateKbps > 0
        ? ['-maxrate', `${rung.maxrateKbps}k`, '-bufsize', `${rung.maxrateKbps * 2}k`]
        : []),
      ...['-force_key_frames', forced, '-x264-params', 'scenecut=0:keyint=100000:min-keyint=1'],
      ...(probe.audio
        ? ['-c:a', 'aac', '-b:a', `${rung.audioKbps > 0 ? rung.audioKbps : 128}k`, '-ac', '2']
        : []),
      ...hlsOutput(outDir, name),
    ],
    {
      ...runOptions(options),
      onProgress: (outMs) => options.onProgress(Math.min(1, outMs / probe.durationMs)),
    },
  );
  await assertSameCuts(outDir, rung.name, name, options.cuts);
}

/** The marked rung's segments must start where the unmarked one's do, or the two cannot mix. */
async function assertSameCuts(outDir: string, plain: string, marked: string, cuts: number[]) {
  const made = cutTimes(await readFile(path.join(outDir, marked, 'index.m3u8'), 'utf8'));
  const same =
    made.length === cuts.length && made.every((t, i) => Math.abs(t - (cuts[i] ?? 0)) < 0.05);
  if (!same)
    throw new Error(
      `marked rung ${marked} cut at ${made.length} points, ${plain} at ${cuts.length} (${SEGMENT_SECONDS} s segments)`,
    );
}
