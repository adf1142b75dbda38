import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { eq } from 'drizzle-orm';
import type { VideoConfig } from '../../../config/index.ts';
import type { ChangeNotices } from '../../../db/change-notices.ts';
import type { Database } from '../../../db/client.ts';
import {
  uploads,
  type UploadRow,
  type UploadVariants,
  type VideoState,
} from '../../../db/schema/index.ts';
import type { EventBus } from '../../../events/bus.ts';
import { removeUnder, renditionsPrefix } from '../../../storage/prefix.ts';
import type { MediaStorage } from '../../../storage/storage.ts';
import type { FfmpegBinaries } from '../../../video/ffmpeg-binary.ts';
import { isRepackageable, planLadder, type RungPlan } from '../../../video/ladder.ts';
import { probeVideo, UnreadableVideoError, type VideoProbe } from '../../../video/probe.ts';
import { FfmpegError, FfmpegStalledError, FfmpegTooLongError } from '../../../video/run-ffmpeg.ts';
import { accountFor, handOver, type Sandbox } from '../../../video/sandbox.ts';
import {
  assertWhole,
  encodeLadder,
  IncompleteVideoError,
  MP4_NAME,
  repackage,
} from '../../../video/transcode.ts';
import type { JobQueue, JobRun } from '../../../jobs/queue.ts';
import { createVideoOutputs } from './video-outputs.ts';
import { duration, MESSAGES, size, VideoRejected } from './video-rejections.ts';

/** Videos longer than this go to the long queue, so short ones never wait behind them. */
const LONG_VIDEO_MS = 5 * 60_000;
/** How long ffmpeg may go without progress before the watchdog ends it. */
const DEFAULT_STALL_MS = 120_000;
/**
 * Where a re-encoded source is playable: its lowest rung, made alone first, takes this share
 * of the progress bar (it decodes the whole source, but encodes only the small frames).
 */
const FIRST_RUNG_PERCENT = 30;
/** Where a repackaged source is playable: its own rung, copied, is a tenth of the work. */
const REPACKAGED_PERCENT = 10;
/** CPU time (all threads) one ffprobe run may use, seconds. */
const PROBE_CPU_SECONDS = 120;
/** CPU time one ffmpeg run may use: a base, and this much per second of video (4K HEVC too). */
const CPU_BASE_SECONDS = 120;
const CPU_SECONDS_PER_VIDEO_SECOND = 30;
/** Largest file one run may write: the source's size, plus 12 Mbit per second of video. */
const OUTPUT_BYTES_PER_VIDEO_SECOND = 1_500_000;
const OUTPUT_BASE_BYTES = 64 * 1024 * 1024;
/** Progress frames at most this often, unless progress moved by PROGRESS_STEP. */
const PROGRESS_INTERVAL_MS = 1000;
const PROGRESS_STEP = 5;

export type VideoTranscodeDeps = {
  db: Database;
  pool: pg.Pool;
  storage: MediaStorage;
  bus: EventBus;
  changes: ChangeNotices;
  /**
   * Told when a video turned playable or failed, after its row says so: what shows it (posts
   * and their feeds, wired in `services.ts`) is the other modules' to refresh.
   */
  onVideoChanged: (ownerId: number) => void;
  jobs: Pick<JobQueue, 'send'>;
  config: VideoConfig;
  binaries: () => Promise<FfmpegBinaries>;
  log: { error: (obj: object, msg: string) => void };
  stallMs?: number;
  /**
   * Aborted when the process shuts down: ffmpeg is killed, and the interrupted job settles only
   * once `queueStopped` resolves, so the queue never records it (as done or failed), its lease
   * runs out and it is retried, on this instance or another.
   */
  signal?: AbortSignal;
  queueStopped?: Promise<void>;
};

/**
 * Turns a video upload into its HLS ladder, progressive MP4 and poster, and records them; the
 * uploader gets live progress frames. `queue` is the queue this handler works: the short one
 * hands long videos over to the long one after probing.
 */
export function createVideoTranscodeHandler(
  deps: VideoTranscodeDeps,
  queue: 'video-transcode' | 'video-transcode-long',
) {
  const { db, storage, config } = deps;
  const stallMs = deps.stallMs ?? DEFAULT_STALL_MS;

  async function publish(row: UploadRow, state: VideoState, progress: number, error?: string) {
    await deps.bus.publish([
      {
        userId: row.ownerId,
        frame: {
          type: 'upload_processing',
          upload_id: row.id,
          state,
          progress,
          ...(error === undefined ? {} : { error }),
        },
      },
    ]);
  }

  /** Tells every instance's caches that the upload (and so a post or library item) changed. */
  function announce(ownerId: number) {
    deps.onVideoChanged(ownerId);
    deps.changes.announce({ kind: 'library_changed', userId: ownerId });
  }

  const { store, storePoster, record } = createVideoOutputs({ db, storage, announce });

  /** A progress reporter from `from` to `to` percent, throttled, to the row and the owner. */
  function progressReporter(row: UploadRow, state: () => VideoState) {
    let sent = -1;
    let sentAt = 0;
    return (percent: number) => {
      const value = Math.max(0, Math.min(99, Math.floor(percent)));
      const now = Date.now();
      if (value === sent || (now - sentAt < PROGRESS_INTERVAL_MS && value - sent < PROGRESS_STEP))
        return;
      sent = value;
      sentAt = now;
      void db
        .update(uploads)
        .set({ videoProgress: value })
        .where(eq(uploads.id, row.id))
        .then(() => publish(row, state(), value))
        .catch((error: unknown) => deps.log.error({ err: error }, 'video progress not recorded'));
    };
  }

  async function fail(row: UploadRow, message: string) {
    await db
      .update(uploads)
      .set({ videoState: 'failed', videoError: message, renditions: null })
      .where(eq(uploads.id, row.id));
    await removeUnder(storage, renditionsPrefix(row.ownerId, row.id));
    announce(row.ownerId);
    await publish(row, 'failed', row.videoProgress, message);
  }

  const tooLong = () =>
    new VideoRejected(`This video is longer than the ${duration(config.maxSeconds)} limit.`);

  async function transcode(row: UploadRow, file: string, run: JobRun): Promise<void> {
    const account = await accountFor(file);
    const maxMs = config.maxSeconds * 1000;
    let probe: VideoProbe;
    try {
      const { ffprobe } = await deps.binaries().catch((error: unknown) => {
        deps.log.error({ err: error }, 'video: no usable ffmpeg');
        throw new VideoRejected(MESSAGES.noFfmpeg);
      });
      probe = await probeVideo(ffprobe, file, {
        contentType: row.contentType,
        maxMs,
        sandbox: {
          account,
          limits: {
            memoryBytes: config.ffmpegMemoryBytes,
            cpuSeconds: PROBE_CPU_SECONDS,
            fileBytes: 1024 * 1024,
          },
        },
      });
    } catch (error) {
      if (error instanceof UnreadableVideoError) throw new VideoRejected(MESSAGES.unreadable);
      throw error;
    }
    // Measured from the packets, not read from the header: a header may understate it.
    if (probe.durationMs > maxMs) throw tooLong();
    try {
      assertWhole(probe);
    } catch (error) {
      if (error instanceof IncompleteVideoError) throw new VideoRejected(MESSAGES.incomplete);
      throw error;
    }
    if (queue === 'video-transcode' && probe.durationMs > LONG_VIDEO_MS) {
      await deps.jobs.send('video-transcode-long', { uploadId: row.id });
      return;
    }
    const binaries = await deps.binaries();
    const prefix = renditionsPrefix(row.ownerId, row.id);
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'zura-video-'));
    const seconds = Math.ceil(probe.durationMs / 1000);
    const sandbox: Sandbox = {
      account,
      limits: {
        memoryBytes: config.ffmpegMemoryBytes,
        cpuSeconds: CPU_BASE_SECONDS + seconds * CPU_SECONDS_PER_VIDEO_SECOND,
        fileBytes:
          OUTPUT_BASE_BYTES + (await stat(file)).size + seconds * OUTPUT_BYTES_PER_VIDEO_SECOND,
      },
    };
    let state: VideoState = 'processing';
    const report = progressReporter(row, () => state);
    let playable = false;
    try {
      await handOver(outDir, account);
      const rungs: { plan: RungPlan; profile: string }[] = [];
      let lower = planLadder(probe.width, probe.height);
      let variants: UploadVariants = {};
      const repackaged = isRepackageable(probe);
      // Where the main pass starts on the progress bar, once the video already plays.
      let playableAt = 0;
      if (repackaged) {
        const own = await repackage({
          binaries,
          source: file,
          probe,
          outDir,
          stallMs,
          sandbox,
          maxMs,
          signal: deps.signal,
          onProgress: (share) => report(share * REPACKAGED_PERCENT),
        });
        rungs.push({ plan: own, profile: probe.video.profile });
        const ownShort = Math.min(own.width, own.height);
        lower = lower.filter((plan) => Math.min(plan.width, plan.height) < ownShort);
        await store(outDir, prefix);
        playableAt = REPACKAGED_PERCENT;
      } else if (lower.length > 1) {
        // A source we must re-encode (an iPhone's HEVC decodes slowly): its lowest rung alone,
        // with the poster and an MP4 of that rung, makes the post playable long before the
        // whole ladder is done; the bigger rungs and the full-size MP4 follow.
        const [first, ...rest] = lower;
        if (!first) return;
        await encodeLadder({
          binaries,
          source: file,
          probe,
          outDir,
          stallMs,
          sandbox,
          maxMs,
          signal: deps.signal,
          rungs: [first],
          withMp4: true,
          withPoster: true,
          onProgress: (share) => report(share * FIRST_RUNG_PERCENT),
        });
        rungs.push({ plan: first, profile: 'High' });
        lower = rest;
        await store(outDir, prefix);
        variants = await storePoster(row, outDir);
        playableAt = FIRST_RUNG_PERCENT;
      }
      if (playableAt > 0) {
        if (!(await record(row, outDir, prefix, rungs, probe, { variants, done: false }))) return;
        playable = true;
        state = 'ready';
        await publish(row, 'ready', playableAt);
      }
      let extraMade = true;
      try {
        await encodeLadder({
          binaries,
          source: file,
          probe,
          outDir,
          stallMs,
          sandbox,
          maxMs,
          signal: deps.signal,
          rungs: lower,
          // A repackaged source has its MP4 already; a first rung's MP4 is replaced by the top's.
          withMp4: !repackaged,
          withPoster: variants.poster === undefined,
          onProgress: (share) => report(playableAt + share * (100 - playableAt)),
        });
      } catch (error) {
        // The first rung already plays; a failure of the extra rungs is only logged
        // (unless a retry may still make them, or the process is shutting down).
        if (
          deps.signal?.aborted ||
          !playable ||
          error instanceof FfmpegTooLongError ||
          (error instanceof FfmpegStalledError && !run.lastAttempt)
        ) {
          throw error;
        }
        deps.log.error({ err: error, upload: row.id }, 'video: extra rungs not made');
        extraMade = false;
      }
      const made = extraMade ? lower : [];
      for (const plan of made) rungs.push({ plan, profile: 'High' });
      const madeNames = new Set(made.map((plan) => plan.name));
      // What is stored already stays; the new rungs go up, and the full-size MP4 over the
      // first rung's.
      await store(
        outDir,
        prefix,
        (name) =>
          !playable ||
          madeNames.has(name.split(path.sep)[0] ?? '') ||
          (extraMade && !repackaged && name === MP4_NAME),
      );
      if (extraMade && variants.poster === undefined) variants = await storePoster(row, outDir);
      if (!(await record(row, outDir, prefix, rungs, probe, { variants, done: true }))) return;
      await publish(row, 'ready', 100);
    } catch (error) {
      if (error instanceof IncompleteVideoError) throw new VideoRejected(MESSAGES.incomplete);
      if (error instanceof FfmpegTooLongError) throw tooLong();
      if (error instanceof FfmpegStalledError) {
        if (run.lastAttempt) throw new VideoRejected(MESSAGES.stalled);
        throw error;
      }
      if (error instanceof FfmpegError) {
        deps.log.error(
          { err: error, stderr: error.stderr, upload: row.id },
          'video: ffmpeg failed',
        );
        throw new VideoRejected(MESSAGES.broken);
      }
      throw error;
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }

  return async ({ uploadId }: { uploadId: string }, run: JobRun) => {
    // One transcode per upload across every worker and instance: a lease the database drops by
    // itself when the holder's connection dies, so a crashed worker never blocks a retry.
    const client = await deps.pool.connect();
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        "select pg_try_advisory_lock(hashtext('video-transcode'), hashtext($1)) as locked",
        [uploadId],
      );
      if (!rows[0]?.locked) return;
      try {
        const row = await db.query.uploads.findFirst({ where: eq(uploads.id, uploadId) });
        // Gone, failed for good, not a video of this pipeline, or already done.
        if (!row || row.videoState === null || row.videoState === 'failed') return;
        if (row.videoState === 'ready' && row.videoProgress === 100) return;
        try {
          if (row.sizeBytes > config.maxBytes) {
            throw new VideoRejected(
              `This video is larger than the ${size(config.maxBytes)} limit.`,
            );
          }
          await storage.withLocalFile(row.storageKey, (file) => transcode(row, file, run));
        } catch (error) {
          if (deps.signal?.aborted) {
            await deps.queueStopped;
            throw error;
          }
          if (error instanceof VideoRejected) return await fail(row, error.message);
          if (run.lastAttempt) {
            deps.log.error({ err: error, upload: uploadId }, 'video: giving up');
            return await fail(row, MESSAGES.unknown);
          }
          throw error;
        }
      } finally {
        await client.query("select pg_advisory_unlock(hashtext('video-transcode'), hashtext($1))", [
          uploadId,
        ]);
      }
    } finally {
      client.release();
    }
  };
}
