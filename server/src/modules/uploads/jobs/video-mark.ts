import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { VideoConfig } from '../../../config/index.ts';
import type { Database } from '../../../db/client.ts';
import { uploads, type UploadRow } from '../../../db/schema/index.ts';
import type { MediaStorage } from '../../../storage/storage.ts';
import type { FfmpegBinaries } from '../../../video/ffmpeg-binary.ts';
import { planLadder, type RungPlan } from '../../../video/ladder.ts';
import {
  cutTimes,
  encodeMarkedRung,
  markedRungName,
  remadeRungName,
} from '../../../video/mark-pass.ts';
import { isRepackageable } from '../../../video/ladder.ts';
import { probeVideo } from '../../../video/probe.ts';
import { accountFor, handOver, type Sandbox } from '../../../video/sandbox.ts';
import { videoMarkFrame } from '../../../watermark/index.ts';
import { createVideoOutputs } from './video-outputs.ts';

const STALL_MS = 120_000;
const CPU_BASE_SECONDS = 120;
const CPU_SECONDS_PER_VIDEO_SECOND = 30;
const OUTPUT_BASE_BYTES = 64 * 1024 * 1024;
const OUTPUT_BYTES_PER_VIDEO_SECOND = 1_500_000;

/** A rung's encode settings: its plan of the ladder, or the source's own (a repackaged rung). */
function planOf(
  row: UploadRow,
  rung: { name: string; width: number; height: number; bandwidth: number },
): RungPlan {
  const planned = planLadder(row.width ?? rung.width, row.height ?? rung.height).find(
    (plan) => plan.name === rung.name,
  );
  return (
    planned ?? {
      name: rung.name,
      width: rung.width,
      height: rung.height,
      level: 41,
      maxrateKbps: Math.ceil((rung.bandwidth * 1.2) / 1000),
      audioKbps: 128,
    }
  );
}

/**
 * Makes the marked "B" variant of each rung of a transcoded video (issue 35), from its source,
 * beside the unmarked one, and records which rungs have it. Run once a gated viewer asks for
 * the video (or its post is published gated); until it is done, gated viewers get the unmarked
 * stream. Costs one more encode of the ladder and as much storage again.
 */
export function createVideoMarkHandler(deps: {
  db: Database;
  storage: MediaStorage;
  config: VideoConfig;
  binaries: () => Promise<FfmpegBinaries>;
  key: Buffer;
  log: { error: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };
  /**
   * Aborted when the process shuts down: ffmpeg is killed, and the interrupted job settles only
   * once `queueStopped` resolves, so the queue records it neither done nor failed and another
   * run makes the variants (as the transcode job does).
   */
  signal?: AbortSignal;
  queueStopped?: Promise<void>;
}) {
  const { db, storage, config } = deps;
  const { store } = createVideoOutputs({ db, storage, announce: () => undefined });

  async function mark(row: UploadRow, file: string) {
    const renditions = row.renditions;
    if (!renditions) return;
    const binaries = await deps.binaries();
    const account = await accountFor(file);
    const seconds = Math.ceil((row.durationMs ?? 0) / 1000);
    const sandbox: Sandbox = {
      account,
      limits: {
        memoryBytes: config.ffmpegMemoryBytes,
        cpuSeconds: CPU_BASE_SECONDS + seconds * CPU_SECONDS_PER_VIDEO_SECOND,
        fileBytes:
          OUTPUT_BASE_BYTES + (await stat(file)).size + seconds * OUTPUT_BYTES_PER_VIDEO_SECOND,
      },
    };
    const probe = await probeVideo(binaries.ffprobe, file, {
      contentType: row.contentType,
      maxMs: config.maxSeconds * 1000,
      sandbox: { account, limits: { ...sandbox.limits, fileBytes: 1024 * 1024 } },
    });
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'zura-video-mark-'));
    try {
      await handOver(outDir, account);
      const started = Date.now();
      // A repackaged source's rung at its own size is its packets as they are (video-transcode):
      // that one also gets an unmarked twin encoded as the marked variant is.
      const remade = isRepackageable(probe)
        ? renditions.ladder
            .filter((rung) => rung.width === probe.width && rung.height === probe.height)
            .map((rung) => rung.name)
        : [];
      const names = new Set<string>();
      for (const rung of renditions.ladder) {
        const cuts = cutTimes((await storage.readBuffer(rung.playlist)).toString('utf8'));
        const pass = {
          binaries,
          source: file,
          probe,
          outDir,
          stallMs: STALL_MS,
          sandbox,
          maxMs: config.maxSeconds * 1000,
          signal: deps.signal,
          onProgress: () => undefined,
          rung: planOf(row, rung),
          cuts,
        };
        await encodeMarkedRung({
          ...pass,
          markFrame: videoMarkFrame(rung.width, rung.height, deps.key),
        });
        names.add(markedRungName(rung.name));
        if (remade.includes(rung.name)) {
          await encodeMarkedRung({ ...pass, markFrame: undefined });
          names.add(remadeRungName(rung.name));
        }
      }
      await store(outDir, renditions.prefix, (name) => names.has(name.split(path.sep)[0] ?? ''));
      const marked = renditions.ladder.map((rung) => rung.name);
      await db
        .update(uploads)
        .set({ renditions: { ...renditions, marked, ...(remade.length > 0 ? { remade } : {}) } })
        .where(eq(uploads.id, row.id));
      deps.log.info?.(
        { upload: row.id, rungs: marked, ms: Date.now() - started },
        'video: marked variants made',
      );
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }

  return async ({ uploadId }: { uploadId: string }) => {
    const row = await db.query.uploads.findFirst({ where: eq(uploads.id, uploadId) });
    // Only a finished transcode: its rungs and cuts are final. Marked already: nothing to do.
    if (!row?.renditions || row.videoState !== 'ready' || row.videoProgress !== 100) return;
    if (row.renditions.marked) return;
    try {
      await storage.withLocalFile(row.storageKey, (file) => mark(row, file));
    } catch (error) {
      if (deps.signal?.aborted) await deps.queueStopped;
      throw error;
    }
  };
}
