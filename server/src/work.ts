import type { JobHandlers, JobQueue } from './jobs/queue.ts';
import type { FfmpegBinaries } from './video/ffmpeg-binary.ts';

/** How often due scheduled posts are looked for between the job's once-a-minute cron runs. */
const SCHEDULED_POSTS_INTERVAL_MS = 15_000;

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/**
 * Ends running transcodes at shutdown: `signal` kills their ffmpeg, and an interrupted job
 * settles only once `queueStopped` resolves, so the queue records it neither done nor failed;
 * its lease runs out and it is retried, on this instance or another.
 */
export function createTranscodeShutdown() {
  const controller = new AbortController();
  let markQueueStopped = () => {};
  const queueStopped = new Promise<void>((resolve) => (markQueueStopped = resolve));
  return {
    signal: controller.signal,
    queueStopped,
    abort: () => controller.abort(),
    markQueueStopped: () => markQueueStopped(),
  };
}

export type BackgroundWork = {
  /** Before the HTTP server closes: no new scheduled-posts runs are queued. */
  stopTimers: () => void;
  /** After it closed: running transcodes end, the queue stops, interrupted jobs settle. */
  stop: () => Promise<void>;
};

/** The queue's workers over `handlers`, and the scheduled posts' timer. */
export async function startBackgroundWork(deps: {
  jobs: JobQueue;
  handlers: JobHandlers;
  longRunningWorkers: number;
  binaries: () => Promise<FfmpegBinaries>;
  shutdown: ReturnType<typeof createTranscodeShutdown>;
  log: Log;
}): Promise<BackgroundWork> {
  const { jobs, log } = deps;
  // Resolved before work starts, so the log says at once which ffmpeg transcodes run with.
  const binaries = await deps.binaries().catch((error: unknown) => {
    log.error({ err: error }, 'video: no usable ffmpeg; video uploads will fail to process');
    return undefined;
  });
  if (binaries) {
    log.info(
      { ffmpeg: binaries.ffmpeg, ffprobe: binaries.ffprobe, version: binaries.version },
      `video: transcoding with the ${binaries.source} ffmpeg ${binaries.version}`,
    );
  }
  await jobs.work(deps.handlers, { longRunningWorkers: deps.longRunningWorkers });
  // Scheduled posts: once now (what came due while stopped), then between the cron's minutes.
  // Every run is one conditional update, so runs on several instances never publish twice.
  const publishDue = () =>
    jobs
      .send('posts-publish-due', {})
      .catch((error: unknown) => log.error({ err: error }, 'scheduled posts: enqueue failed'));
  await publishDue();
  const publishTimer = setInterval(() => void publishDue(), SCHEDULED_POSTS_INTERVAL_MS);
  return {
    stopTimers: () => clearInterval(publishTimer),
    async stop() {
      deps.shutdown.abort();
      await jobs.stop();
      deps.shutdown.markQueueStopped();
    },
  };
}
