import { execFile } from 'node:child_process';
import { accessSync, chmodSync, constants, existsSync, statSync } from 'node:fs';
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

/**
 * The oldest ffmpeg allowed to decode uploads unless FFMPEG_ALLOW_OUTDATED says otherwise: 5.1
 * is the oldest release line still given security fixes (Debian 12 ships it, patched). The
 * bundled build is a 2018 snapshot, with years of fixed decoder bugs in it.
 */
const MIN_VERSION = [5, 1, 0];

/** No ffmpeg new enough to decode untrusted uploads, and the operator did not accept an old one. */
export class OutdatedFfmpegError extends Error {}

function isNewer(a: number[], b: number[]): boolean {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}

/**
 * npm may skip the packages' `chmod u+x` install scripts, and `u+x` alone would not let a run
 * dropped to `nobody` start it: the binary is made runnable by all here.
 */
function runnable(file: string): string {
  if ((statSync(file).mode & 0o555) !== 0o555) chmodSync(file, 0o755);
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
  /** An ffmpeg older than MIN_VERSION may serve (FFMPEG_ALLOW_OUTDATED). */
  allowOutdated: boolean;
  /** The PATH to look in for a system ffmpeg. */
  searchPath?: string | undefined;
}): Promise<FfmpegBinaries> {
  const shipped = bundled();
  const minimum = MIN_VERSION.join('.');
  const advice = `install ffmpeg ${minimum} or newer built with libx264 (Debian and Ubuntu: apt install ffmpeg), or set FFMPEG_PATH to one, or set FFMPEG_ALLOW_OUTDATED=true to accept the risk`;
  if (options.ffmpegPath) {
    const banner = await run(options.ffmpegPath, ['-version']);
    if (!banner) throw new Error(`FFMPEG_PATH=${options.ffmpegPath} does not run as ffmpeg`);
    const ffprobe = probeBeside(options.ffmpegPath, shipped?.ffprobe);
    if (!ffprobe) throw new Error(`No ffprobe found beside FFMPEG_PATH=${options.ffmpegPath}`);
    const parsed = parseVersion(banner);
    // A git build (no release number) is the operator's own: taken as given.
    if (parsed && isNewer(MIN_VERSION, parsed) && !options.allowOutdated) {
      throw new OutdatedFfmpegError(
        `FFMPEG_PATH=${options.ffmpegPath} is ffmpeg ${parsed.join('.')}, older than ${minimum}: ${advice}`,
      );
    }
    const version = parsed?.join('.') ?? banner.split('\n')[0] ?? 'unknown';
    return { ffmpeg: options.ffmpegPath, ffprobe, version, source: 'FFMPEG_PATH' };
  }
  const system = await findOnPath('ffmpeg', options.searchPath ?? process.env.PATH ?? '');
  if (system) {
    const banner = await run(system, ['-version']);
    const systemVersion = banner ? parseVersion(banner) : undefined;
    const shippedVersion = shipped ? parseVersion(`version ${shipped.version}`) : undefined;
    // The system's when it is current; an old one only beats an older bundled one.
    const preferred =
      systemVersion &&
      (!isNewer(MIN_VERSION, systemVersion) ||
        (options.allowOutdated && (!shippedVersion || isNewer(systemVersion, shippedVersion))));
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
  if (!options.allowOutdated) {
    throw new OutdatedFfmpegError(
      `The bundled ffmpeg (build ${shipped.version}) is too old to decode uploads: ${advice}`,
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

const resolved = new Map<string, Promise<FfmpegBinaries>>();

/** The binaries for this process, resolved once for each choice. */
export function ffmpegBinaries(options: {
  ffmpegPath: string | undefined;
  allowOutdated: boolean;
}): Promise<FfmpegBinaries> {
  const key = `${options.ffmpegPath ?? ''}\n${options.allowOutdated}`;
  let found = resolved.get(key);
  if (!found) {
    found = resolveFfmpeg(options);
    resolved.set(key, found);
  }
  return found;
}
