import { execFile } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The ffmpeg and ffprobe this process runs, and why these. */
export type FfmpegBinaries = {
  ffmpeg: string;
  ffprobe: string;
  version: string;
  source: 'FFMPEG_PATH' | 'system' | 'bundled';
};

const require = createRequire(import.meta.url);

function run(file: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 15_000, maxBuffer: 4 * 1024 * 1024 }, (error, stdout) =>
      resolve(error ? undefined : stdout),
    );
  });
}

/** `ffmpeg version 5.1.9-0+deb12u1 ...` → [5, 1, 9]; git snapshots (`N-47683-...`) have none. */
export function parseVersion(banner: string): number[] | undefined {
  const match = /version (?:n)?(\d+)\.(\d+)(?:\.(\d+))?/.exec(banner);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)] : undefined;
}

function isNewer(a: number[], b: number[]): boolean {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}

/** npm may skip the packages' `chmod u+x` install scripts; the binary is made runnable here. */
function runnable(file: string): string {
  try {
    accessSync(file, constants.X_OK);
  } catch {
    chmodSync(file, 0o755);
  }
  return file;
}

/** The binaries shipped in the npm packages, with the version they are published as. */
function bundled(): { ffmpeg: string; ffprobe: string; version: string } | undefined {
  try {
    const ffmpeg = require('@ffmpeg-installer/ffmpeg') as { path: string; version: string };
    const ffprobe = require('@ffprobe-installer/ffprobe') as { path: string };
    return {
      ffmpeg: runnable(ffmpeg.path),
      ffprobe: runnable(ffprobe.path),
      version: ffmpeg.version,
    };
  } catch {
    // No build for this platform: only FFMPEG_PATH or a system ffmpeg can serve.
    return undefined;
  }
}

/** Whether this ffmpeg can make what the ladder needs: H.264 through libx264, and AAC. */
async function canEncode(ffmpeg: string): Promise<boolean> {
  const encoders = await run(ffmpeg, ['-hide_banner', '-encoders']);
  return !!encoders && /\blibx264\b/.test(encoders) && /\baac\b/.test(encoders);
}

/** ffprobe beside an ffmpeg, or the bundled one. */
function probeBeside(ffmpeg: string, fallback: string | undefined): string | undefined {
  const beside = path.join(
    path.dirname(ffmpeg),
    path.basename(ffmpeg).replace('ffmpeg', 'ffprobe'),
  );
  return beside !== ffmpeg && existsSync(beside) ? beside : fallback;
}

/**
 * Picks the ffmpeg to run: FFMPEG_PATH when set (an operator's choice, used as given), else the
 * system's `ffmpeg` on PATH when it is newer than the bundled one and encodes H.264, else the one
 * that `npm install` brought. Throws with a clear message when none can serve.
 */
export async function resolveFfmpeg(options: {
  ffmpegPath: string | undefined;
  /** The PATH to look in for a system ffmpeg. */
  searchPath?: string | undefined;
}): Promise<FfmpegBinaries> {
  const shipped = bundled();
  if (options.ffmpegPath) {
    const banner = await run(options.ffmpegPath, ['-version']);
    if (!banner) throw new Error(`FFMPEG_PATH=${options.ffmpegPath} does not run as ffmpeg`);
    const ffprobe = probeBeside(options.ffmpegPath, shipped?.ffprobe);
    if (!ffprobe) throw new Error(`No ffprobe found beside FFMPEG_PATH=${options.ffmpegPath}`);
    const version = parseVersion(banner)?.join('.') ?? banner.split('\n')[0] ?? 'unknown';
    return { ffmpeg: options.ffmpegPath, ffprobe, version, source: 'FFMPEG_PATH' };
  }
  const system = await findOnPath('ffmpeg', options.searchPath ?? process.env.PATH ?? '');
  if (system) {
    const banner = await run(system, ['-version']);
    const systemVersion = banner ? parseVersion(banner) : undefined;
    const shippedVersion = shipped ? parseVersion(`version ${shipped.version}`) : undefined;
    const preferred = systemVersion && (!shippedVersion || isNewer(systemVersion, shippedVersion));
    const ffprobe = probeBeside(system, shipped?.ffprobe);
    if (preferred && ffprobe && (await canEncode(system))) {
      return { ffmpeg: system, ffprobe, version: systemVersion.join('.'), source: 'system' };
    }
  }
  if (!shipped) {
    throw new Error(
      'No ffmpeg for this platform: set FFMPEG_PATH to an ffmpeg built with libx264 (ffprobe beside it)',
    );
  }
  return { ...shipped, source: 'bundled' };
}

async function findOnPath(name: string, searchPath: string): Promise<string | undefined> {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here; the next folder.
    }
  }
  return undefined;
}

let resolved: Promise<FfmpegBinaries> | undefined;

/** The binaries for this process, resolved once. */
export function ffmpegBinaries(ffmpegPath: string | undefined): Promise<FfmpegBinaries> {
  resolved ??= resolveFfmpeg({ ffmpegPath });
  return resolved;
}
