import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { blurPreview } from './blur-preview.ts';
import type { Database } from '../../../db/client.ts';
import {
  uploads,
  type UploadRow,
  type UploadVariants,
  type VideoRenditions,
} from '../../../db/schema/index.ts';
import { MAX_IMAGE_PIXELS } from '../service.ts';
import { removeUnder } from '../../../storage/prefix.ts';
import type { MediaStorage } from '../../../storage/storage.ts';
import type { RungPlan } from '../../../video/ladder.ts';
import type { VideoProbe } from '../../../video/probe.ts';
import { MASTER_NAME, MP4_NAME, POSTER_NAME, writeMaster } from '../../../video/transcode.ts';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/**
 * Where a transcode's outputs go: its files from the work folder to the media storage, the
 * poster's image variants, and the upload row that names them. `announce` tells every
 * instance's caches that the upload changed.
 */
export function createVideoOutputs(deps: {
  db: Database;
  storage: MediaStorage;
  announce: (ownerId: number) => void;
}) {
  const { db, storage, announce } = deps;

  /** Copies every file of `outDir` (or those `only` keeps) under `prefix`, streaming each. */
  async function store(outDir: string, prefix: string, only?: (file: string) => boolean) {
    for (const file of await filesUnder(outDir)) {
      if (file === POSTER_NAME || (only && !only(file))) continue;
      const written = await storage.writeTemp(createReadStream(path.join(outDir, file)));
      await storage.commit(written.tempKey, `${prefix}${file.split(path.sep).join('/')}`);
    }
  }

  /** Poster, thumbnail and blurred preview as WebP, beside the upload's other variants. */
  async function storePoster(row: UploadRow, outDir: string): Promise<UploadVariants> {
    const frame = await readFile(path.join(outDir, POSTER_NAME)).catch(() => undefined);
    if (!frame?.length) return {};
    const base = row.storageKey.replace(/^originals\//, 'variants/').replace(/\.[^./]+$/, '');
    const variants: UploadVariants = {};
    for (const [name, width] of [
      ['poster', 1080],
      ['thumb', 320],
    ] as const) {
      const bytes = await sharp(frame, { limitInputPixels: MAX_IMAGE_PIXELS })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      const key = `${base}-${name}.webp`;
      await storage.writeBuffer(key, bytes, 'image/webp');
      variants[name] = key;
    }
    const blurKey = `${base}-blur.webp`;
    await storage.writeBuffer(blurKey, await blurPreview(frame), 'image/webp');
    variants.blur = blurKey;
    return variants;
  }

  /**
   * Writes the master over `rungs` and records the renditions (and the poster's `variants`, all
   * made so far), at 100 % once `done`; false when the row is gone.
   */
  async function record(
    row: UploadRow,
    outDir: string,
    prefix: string,
    rungs: { plan: RungPlan; profile: string }[],
    probe: VideoProbe,
    made: { variants: UploadVariants; done: boolean },
  ): Promise<boolean> {
    const master = await writeMaster(outDir, rungs, probe.audio !== undefined);
    await storage.writeBuffer(
      `${prefix}${MASTER_NAME}`,
      Buffer.from(master.text),
      'application/vnd.apple.mpegurl',
    );
    const renditions: VideoRenditions = {
      prefix,
      master: `${prefix}${MASTER_NAME}`,
      mp4: `${prefix}${MP4_NAME}`,
      ladder: master.entries.map((entry) => ({
        name: entry.name,
        width: entry.width,
        height: entry.height,
        bandwidth: entry.bandwidth,
        playlist: `${prefix}${entry.name}/index.m3u8`,
      })),
    };
    const updated = await db
      .update(uploads)
      .set({
        videoState: 'ready',
        videoError: null,
        renditions,
        durationMs: probe.durationMs,
        width: probe.width,
        height: probe.height,
        ...(made.done ? { videoProgress: 100 } : {}),
        ...(Object.keys(made.variants).length > 0
          ? { variants: { ...row.variants, ...made.variants } }
          : {}),
      })
      .where(eq(uploads.id, row.id))
      .returning({ id: uploads.id });
    if (updated.length === 0) {
      // Deleted while we worked: its deletion could not see these keys, so they go here.
      await removeUnder(storage, prefix);
      await Promise.all(Object.values(made.variants).map((k) => storage.remove(k)));
      return false;
    }
    announce(row.ownerId);
    return true;
  }

  return { store, storePoster, record };
}
