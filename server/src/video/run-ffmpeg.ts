import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { setPriority } from 'node:os';
import { limitedCommand, type Sandbox } from './sandbox.ts';

/** ffmpeg exited with an error; `stderr` holds its last lines, for logs (never for users). */
export class FfmpegError extends Error {
  readonly stderr: string;
  constructor(message: string, stderr: string) {
    super(message);
    this.stderr = stderr;
  }
}

/** The watchdog ended an ffmpeg that stopped making progress. */
export class FfmpegStalledError extends FfmpegError {}

/** The run went past the longest output allowed: the source is longer than it says. */
export class FfmpegTooLongError extends FfmpegError {}

/** How nice transcodes run: the API's requests come first on a machine with few cores. */
const LOW_PRIORITY = 10;

/**
 * Starts ffmpeg or ffprobe under `sandbox` (limits, a clean environment, the account to run as),
 * reniced below the API. stdin is closed; stdout and stderr are pipes.
 */
export function spawnLimited(
  binary: string,
  args: string[],
  sandbox: Sandbox,
  signal?: AbortSignal,
): ChildProcessWithoutNullStreams {
  const command = limitedCommand(binary, args, sandbox.limits);
  const child = spawn(command.file, command.args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: command.env,
    ...(sandbox.account ? { uid: sandbox.account.uid, gid: sandbox.account.gid } : {}),
    ...(signal ? { signal, killSignal: 'SIGKILL' as const } : {}),
  });
  child.stdin.end();
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, LOW_PRIORITY);
    } catch {
      // A platform that refuses (no permission to renice): it runs at normal priority.
    }
  }
  return child;
}

/**
 * Runs ffmpeg with `-progress` on stdout, calling `onProgress` with the output time reached (in
 * ms) as it moves. A watchdog kills it when neither progress nor any output arrives for
 * `stallMs` (a hung read, a decoder spinning on a broken file), and it is killed as soon as its
 * output passes `maxOutMs` (a source longer than its header says). Answers the last output time.
 */
export function runFfmpeg(
  ffmpeg: string,
  args: string[],
  options: {
    stallMs: number;
    sandbox: Sandbox;
    /** The longest output allowed; past it the run is killed with FfmpegTooLongError. */
    maxOutMs?: number | undefined;
    onProgress?: (outMs: number) => void;
    /** Aborted when the process shuts down: ffmpeg is killed rather than left running alone. */
    signal?: AbortSignal | undefined;
  },
): Promise<{ outMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawnLimited(
      ffmpeg,
      ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-progress', 'pipe:1', ...args],
      options.sandbox,
      options.signal,
    );
    let outMs = 0;
    let stderr = '';
    let stalled = false;
    let tooLong = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        stalled = true;
        child.kill('SIGKILL');
      }, options.stallMs);
    };
    arm();
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (!match) continue;
        // ffmpeg prints out_time_ms in microseconds as well, an old naming slip.
        const reached = Math.floor(Number(match[1]) / 1000);
        if (reached > outMs) {
          outMs = reached;
          if (options.maxOutMs !== undefined && outMs > options.maxOutMs && !tooLong) {
            tooLong = true;
            child.kill('SIGKILL');
          }
          arm();
          options.onProgress?.(outMs);
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (tooLong || (options.maxOutMs !== undefined && outMs > options.maxOutMs)) {
        reject(new FfmpegTooLongError(`ffmpeg output passed ${options.maxOutMs} ms`, stderr));
      } else if (stalled) {
        reject(new FfmpegStalledError(`ffmpeg made no progress for ${options.stallMs} ms`, stderr));
      } else if (code === 0) resolve({ outMs });
      else reject(new FfmpegError(`ffmpeg exited with ${code ?? signal}`, stderr));
    });
  });
}
