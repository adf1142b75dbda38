import type { Config } from './config/index.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import { markingKeyOf, type Secrets } from './lib/secrets.ts';
import { createMarkedCopies } from './modules/media/marked-copies.ts';
import { createMarkedMp4s } from './modules/media/marked-mp4.ts';
import { createVideoMarking } from './modules/media/marked-segments.ts';
import type { Marking } from './modules/media/marked-send.ts';
import type { MediaStorage } from './storage/storage.ts';
import type { FfmpegBinaries } from './video/ffmpeg-binary.ts';
import { createMarkingEngine } from './watermark/index.ts';

/**
 * What marks gated media per recipient (issue 35), built once by `services.ts`: the engine's
 * worker threads, the images' marking (one key per deployment, derived from the URL-signing
 * key, and this instance's disk cache), the videos' per-segment choice, which asks the
 * `video-mark` job for a video's marked variants, and their MP4s per recipient.
 */
export function createMarking(deps: {
  config: Config;
  db: Database;
  secrets: Secrets;
  jobs: Pick<JobQueue, 'send'>;
  storage: MediaStorage;
  binaries: () => Promise<FfmpegBinaries>;
  log: { error: (obj: object, msg: string) => void };
}) {
  const { config } = deps;
  const markingEngine = createMarkingEngine();
  const marking: Marking = {
    key: markingKeyOf(deps.secrets),
    embed: markingEngine.embed,
    copies: createMarkedCopies({
      dir: config.watermark.cacheDir,
      budgetBytes: config.watermark.cacheBytes,
    }),
    host: new URL(config.publicUrl).host,
  };
  const videoMarking = createVideoMarking({
    db: deps.db,
    key: marking.key,
    requestMarks: (uploadId) => deps.jobs.send('video-mark', { uploadId }),
    onError: (error) => deps.log.error({ err: error }, 'video marking not requested'),
  });
  const markedMp4s = createMarkedMp4s({
    storage: deps.storage,
    copies: marking.copies,
    copiesDir: config.watermark.cacheDir,
    videoMarking,
    binaries: deps.binaries,
    memoryBytes: config.video.ffmpegMemoryBytes,
  });
  return { markingEngine, marking, videoMarking, markedMp4s };
}
