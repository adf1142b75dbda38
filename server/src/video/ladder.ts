import type { VideoProbe } from './probe.ts';

/** One rung to make: its name (its short side, e.g. `720p`), frame size and rate caps. */
export type RungPlan = {
  name: string;
  width: number;
  height: number;
  /** H.264 level (×10) and peak video bitrate (kbit/s) for this size. */
  level: number;
  maxrateKbps: number;
  audioKbps: number;
};

/** Short sides of the ladder: phone videos are portrait as often as not, so the short side counts. */
const STEPS = [
  { short: 360, level: 30, maxrateKbps: 900, audioKbps: 96 },
  { short: 720, level: 31, maxrateKbps: 3000, audioKbps: 128 },
  { short: 1080, level: 40, maxrateKbps: 6000, audioKbps: 128 },
];

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The frame size with short side `short`, keeping the aspect ratio (even sides for yuv420p). */
function scaledTo(width: number, height: number, short: number) {
  const factor = short / Math.min(width, height);
  return { width: even(width * factor), height: even(height * factor) };
}

/**
 * The rungs a source allows, smallest first: every step at or below its short side, never
 * upscaled; a source smaller than the first step is one rung at its own size.
 */
export function planLadder(width: number, height: number): RungPlan[] {
  const short = Math.min(width, height);
  const fitting = STEPS.filter((step) => step.short <= short);
  if (fitting.length === 0) {
    const [first] = STEPS;
    if (!first) return [];
    return [{ ...first, name: `${even(short)}p`, width: even(width), height: even(height) }];
  }
  return fitting.map((step) => ({
    name: `${step.short}p`,
    ...scaledTo(width, height, step.short),
    level: step.level,
    maxrateKbps: step.maxrateKbps,
    audioKbps: step.audioKbps,
  }));
}

/**
 * Whether the source can be served as it is, only repackaged: H.264 in 8-bit 4:2:0 with AAC
 * (or silent), no rotation flag (HLS segments would lose it), at most 1080p.
 */
export function isRepackageable(probe: VideoProbe): boolean {
  const profiles = ['Constrained Baseline', 'Baseline', 'Main', 'High'];
  return (
    probe.video.codec === 'h264' &&
    profiles.includes(probe.video.profile) &&
    probe.video.pixFmt === 'yuv420p' &&
    (probe.audio === undefined || probe.audio.codec === 'aac') &&
    probe.rotation === 0 &&
    Math.min(probe.width, probe.height) <= 1080
  );
}

const PROFILE_CODES: Record<string, string> = {
  'Constrained Baseline': '42E0',
  Baseline: '4200',
  Main: '4D40',
  High: '6400',
};

/** The RFC 6381 CODECS value of a rung, e.g. `avc1.64001f,mp4a.40.2`. */
export function codecsOf(profile: string, level: number, hasAudio: boolean): string {
  const video = `avc1.${(PROFILE_CODES[profile] ?? '6400').toLowerCase()}${level.toString(16).padStart(2, '0')}`;
  return hasAudio ? `${video},mp4a.40.2` : video;
}

/** The H.264 profile of the marked encodes and their unmarked twins (`mark-pass.ts`). */
const MARK_PASS_PROFILE = 'High';

/**
 * A master playlist as a marked stream's viewer gets it: each rung in `remade` (the source's
 * packets repackaged, whose profile the master names) reaches them as our own encode, in
 * `MARK_PASS_PROFILE` at the rung's level, and its CODECS says so, for players that choose by it.
 */
export function withRemadeCodecs(master: string, remade: readonly string[]): string {
  if (remade.length === 0) return master;
  const lines = master.split('\n');
  const profile = (PROFILE_CODES[MARK_PASS_PROFILE] ?? '6400').toLowerCase();
  for (let i = 0; i + 1 < lines.length; i++) {
    const rung = lines[i + 1]?.split('/')[0] ?? '';
    if (!lines[i]?.startsWith('#EXT-X-STREAM-INF:') || !remade.includes(rung)) continue;
    lines[i] = lines[i]!.replace(/avc1\.[0-9a-f]{4}([0-9a-f]{2})/i, `avc1.${profile}$1`);
  }
  return lines.join('\n');
}

/** A rung as the master playlist lists it. */
export type MasterEntry = {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  codecs: string;
};

/** The master playlist: each rung's playlist by its relative name, smallest first. */
export function masterPlaylist(entries: MasterEntry[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const entry of entries) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${entry.bandwidth},RESOLUTION=${entry.width}x${entry.height},CODECS="${entry.codecs}"`,
      `${entry.name}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Segments of a media playlist with their durations in seconds, in order. */
export function segmentsOf(playlist: string): { uri: string; seconds: number }[] {
  const segments: { uri: string; seconds: number }[] = [];
  let seconds: number | undefined;
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    const extinf = /^#EXTINF:([\d.]+)/.exec(line);
    if (extinf) seconds = Number(extinf[1]);
    else if (line && !line.startsWith('#') && seconds !== undefined) {
      segments.push({ uri: line, seconds });
      seconds = undefined;
    }
  }
  return segments;
}
