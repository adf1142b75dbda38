import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FfmpegBinaries } from './ffmpeg-binary.ts';
import { codecsOf, masterPlaylist, segmentsOf, type MasterEntry, type RungPlan } from './ladder.ts';
import { inputOptions, type VideoProbe } from './probe.ts';
import { runFfmpeg } from './run-ffmpeg.ts';
import { handOver, type Sandbox } from './sandbox.ts';

/** Seconds per HLS segment: short enough to switch rungs quickly, long enough to stay cheap. */
export const SEGMENT_SECONDS = 4;

export const MASTER_NAME = 'master.m3u8';
export const MP4_NAME = 'progressive.mp4';
export const POSTER_NAME = 'poster.jpg';

/** Below this share of the source's duration, the file ended early: truncated or damaged. */
const COMPLETE_SHARE = 0.9;

/** The source ended well before its stated duration: truncated, or damaged past some point. */
export class IncompleteVideoError extends Error {}

/** How far past the limit a decode reads (`-t`), so that a longer source is seen to be longer. */
const READ_MARGIN_MS = 2000;
/** Output this far past the limit ends the run: frame and packet rounding stay under it. */
const OUTPUT_TOLERANCE_MS = 500;

/** Throws when the measured source is shorter than its header says by more than a tenth. */
export function assertWhole(probe: VideoProbe): void {
  if (probe.statedMs !== undefined && probe.durationMs < probe.statedMs * COMPLETE_SHARE) {
    throw new IncompleteVideoError(
      `measured ${probe.durationMs} ms of a stated ${probe.statedMs} ms`,
    );
  }
}

export type PassOptions = {
  binaries: FfmpegBinaries;
  source: string;
  probe: VideoProbe;
  /** Where the outputs go: `<name>/index.m3u8` with its segments, the MP4, the poster. */
  outDir: string;
  stallMs: number;
  /** Limits and account of every ffmpeg of the pass. */
  sandbox: Sandbox;
  /** The longest video accepted: no decode reads much past it, and no output passes it. */
  maxMs: number;
  /** Aborted at shutdown: every ffmpeg of the pass is killed. */
  signal?: AbortSignal | undefined;
  /** Share of this pass done, 0–1. */
  onProgress: (share: number) => void;
};

export function hlsOutput(outDir: string, name: string): string[] {
  return [
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    path.join(outDir, name, 'segment%04d.ts'),
    path.join(outDir, name, 'index.m3u8'),
  ];
}

export const audioMap = (probe: VideoProbe) => (probe.audio ? ['-map', '0:a:0'] : []);

/** A rung's folder in the work folder, writable by the account the pass runs as. */
export async function rungDir(options: PassOptions, name: string) {
  const dir = path.join(options.outDir, name);
  await mkdir(dir, { recursive: true });
  await handOver(dir, options.sandbox.account);
}

/** The source as every decode reads it: its sniffed demuxer, local files only, bounded in time. */
export function sourceInput(options: PassOptions): string[] {
  const seconds = ((options.maxMs + READ_MARGIN_MS) / 1000).toFixed(3);
  return [...inputOptions(options.probe.format), '-t', seconds, '-i', options.source];
}

/** What runFfmpeg needs of a pass: its watchdog, limits, shutdown signal and the output cap. */
export function runOptions(options: PassOptions) {
  return {
    stallMs: options.stallMs,
    signal: options.signal,
    sandbox: options.sandbox,
    maxOutMs: options.maxMs + OUTPUT_TOLERANCE_MS,
  };
}

/**
 * Repackages an H.264/AAC source without re-encoding: one rung at its own size and the
 * progressive MP4, in about the time it takes to copy the bytes.
 */
export async function repackage(options: PassOptions): Promise<RungPlan> {
  const { binaries, probe, outDir } = options;
  const short = Math.min(probe.width, probe.height);
  const rung: RungPlan = {
    name: `${short}p`,
    width: probe.width,
    height: probe.height,
    level: probe.video.level,
    maxrateKbps: 0,
    audioKbps: 0,
  };
  await rungDir(options, rung.name);
  const streams = ['-map', '0:v:0', ...audioMap(probe), '-c', 'copy'];
  await runFfmpeg(
    binaries.ffmpeg,
    [
      ...sourceInput(options),
      ...streams,
      ...hlsOutput(outDir, rung.name),
      ...streams,
      '-movflags',
      '+faststart',
      path.join(outDir, MP4_NAME),
    ],
    {
      ...runOptions(options),
      onProgress: (outMs) => options.onProgress(Math.min(1, outMs / probe.durationMs)),
    },
  );
  await assertComplete(outDir, rung.name, probe);
  return rung;
}

/**
 * Decodes the source once and encodes every rung of `rungs` from it (H.264 High + AAC,
 * keyframes aligned on segment boundaries), plus, with `withPoster`, a poster frame about a
 * second in (or the last frame of a shorter clip). The top rung is then remuxed, not
 * re-encoded, into the progressive MP4 unless `withMp4` is false (a repackaged source already
 * has it).
 */
export async function encodeLadder(
  options: PassOptions & { rungs: RungPlan[]; withMp4: boolean; withPoster: boolean },
): Promise<void> {
  const { binaries, probe, outDir, rungs } = options;
  const branches = rungs.length + (options.withPoster ? 1 : 0);
  const labels = rungs.map((_, index) => `[r${index}]`);
  const filters = [
    `[0:v]split=${branches}${labels.map((_, i) => `[s${i}]`).join('')}${options.withPoster ? '[sp]' : ''}`,
    ...rungs.map(
      (rung, i) => `[s${i}]scale=${rung.width}:${rung.height},format=yuv420p${labels[i] ?? ''}`,
    ),
    ...(options.withPoster
      ? [`[sp]setpts=PTS-STARTPTS,trim=end=1.05,scale=-2:'min(ih,1080)',format=yuvj420p[poster]`]
      : []),
  ];
  const outputs: string[] = [];
  for (const [i, rung] of rungs.entries()) {
    await rungDir(options, rung.name);
    outputs.push(
      '-map',
      labels[i] ?? '',
      ...audioMap(probe),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'high',
      '-level:v',
      (rung.level / 10).toFixed(1),
      '-crf',
      '23',
      '-maxrate',
      `${rung.maxrateKbps}k`,
      '-bufsize',
      `${rung.maxrateKbps * 2}k`,
      '-force_key_frames',
      `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
      ...(probe.audio ? ['-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '2'] : []),
      ...hlsOutput(outDir, rung.name),
    );
  }
  if (options.withPoster) {
    outputs.push('-map', '[poster]', '-update', '1', '-q:v', '3', path.join(outDir, POSTER_NAME));
  }
  const share = options.withMp4 ? 0.95 : 1;
  await runFfmpeg(
    binaries.ffmpeg,
    [...sourceInput(options), '-filter_complex', filters.join(';'), ...outputs],
    {
      ...runOptions(options),
      onProgress: (outMs) => options.onProgress(share * Math.min(1, outMs / probe.durationMs)),
    },
  );
  const top = rungs.at(-1);
  if (!top) return;
  await assertComplete(outDir, top.name, probe);
  if (options.withMp4) {
    await runFfmpeg(
      binaries.ffmpeg,
      [
        ...inputOptions('hls'),
        '-i',
        path.join(outDir, top.name, 'index.m3u8'),
        '-c',
        'copy',
        '-bsf:a',
        'aac_adtstoasc',
        '-movflags',
        '+faststart',
        path.join(outDir, MP4_NAME),
      ],
      runOptions(options),
    );
    options.onProgress(1);
  }
}

/** Throws when a rung's playlist covers well under the source's duration. */
async function assertComplete(outDir: string, name: string, probe: VideoProbe) {
  const playlist = await readFile(path.join(outDir, name, 'index.m3u8'), 'utf8');
  const seconds = segmentsOf(playlist).reduce((sum, segment) => sum + segment.seconds, 0);
  if (seconds * 1000 < probe.durationMs * COMPLETE_SHARE) {
    throw new IncompleteVideoError(
      `rendered ${seconds.toFixed(1)} s of ${(probe.durationMs / 1000).toFixed(1)} s`,
    );
  }
}

/** A rung's peak bandwidth (bit/s) over its segments, as HLS's BANDWIDTH wants it. */
async function peakBandwidth(outDir: string, name: string): Promise<number> {
  const playlist = await readFile(path.join(outDir, name, 'index.m3u8'), 'utf8');
  let peak = 0;
  for (const segment of segmentsOf(playlist)) {
    const { size } = await stat(path.join(outDir, name, segment.uri));
    if (segment.seconds > 0) peak = Math.max(peak, (size * 8) / segment.seconds);
  }
  return Math.max(1, Math.ceil(peak));
}

/** The master playlist over `rungs` (already in `outDir`), smallest first, and the entries. */
export async function writeMaster(
  outDir: string,
  rungs: { plan: RungPlan; profile: string }[],
  hasAudio: boolean,
): Promise<{ text: string; entries: MasterEntry[] }> {
  const entries: MasterEntry[] = [];
  for (const { plan, profile } of [...rungs].sort((a, b) => a.plan.width - b.plan.width)) {
    entries.push({
      name: plan.name,
      width: plan.width,
      height: plan.height,
      bandwidth: await peakBandwidth(outDir, plan.name),
      codecs: codecsOf(profile, plan.level, hasAudio),
    });
  }
  return { text: masterPlaylist(entries), entries };
}
