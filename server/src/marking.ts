import type { Config } from './config/index.ts';
import type { Database } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import { markingKeyOf, type Secrets } from './lib/secrets.ts';
import { createMarkedCopies } from './modules/media/marked-copies.ts';
import { createVideoMarking } from './modules/media/marked-segments.ts';
import type { Marking } from './modules/media/marked-send.ts';
import { createMarkingEngine } from './watermark/index.ts';

/**
 * What marks gated media per recipient (issue 35), built once by `services.ts`: the engine's
 * worker threads, the images' marking (one key per deployment, derived from the URL-signing
 * key, and this instance's disk cache) and the videos' per-segment choice, which asks the
 * `video-mark` job for a video's marked variants.
 */
export function createMarking(deps: {
  config: Config;
  db: Database;
  secrets: Secrets;
  jobs: Pick<JobQueue, 'send'>;
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
  return { markingEngine, marking, videoMarking };
}
