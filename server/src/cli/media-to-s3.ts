/**
 * `npm run media:to-s3`: moves an installation's media from DATA_DIR to the bucket the S3_*
 * settings name. Every object is copied and read back (size and SHA-256); a run cut short is
 * simply run again and skips what the bucket already holds. The local files are removed only
 * after every object verified (`--keep-local` keeps them). Then start the platform with the
 * same S3_* settings.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/index.ts';
import { createLocalStorage } from '../storage/local.ts';
import { moveMedia } from '../storage/move-media.ts';
import { createS3Storage } from '../storage/s3.ts';
import { runS3SelfTest, StorageSelfTestError } from '../storage/self-test.ts';

const USAGE = `Usage: npm run media:to-s3 [-- --keep-local]
Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY,
S3_FORCE_PATH_STYLE as the provider needs) and DATA_DIR as the platform runs with.`;

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** Folders the moved files leave empty, deepest first; the media folder itself stays. */
async function removeEmptyFolders(folder: string, isRoot = true): Promise<void> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isDirectory()) await removeEmptyFolders(path.join(folder, entry.name), false);
  }
  if (!isRoot) await fs.rmdir(folder).catch(() => undefined); // fails when not empty: kept
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'keep-local': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig();
  if (!config.s3) {
    console.error(`S3_BUCKET is not set: name the bucket to move the media to.\n${USAGE}`);
    return 2;
  }
  const mediaFolder = path.join(config.dataDir, 'media');
  const source = createLocalStorage(mediaFolder);
  const target = createS3Storage(config.s3);
  try {
    await runS3SelfTest(target, config.s3);
    console.log(`Moving media from ${mediaFolder} to bucket "${config.s3.bucket}".`);
    const startedAt = Date.now();
    const report = await moveMedia(source, target, {
      removeSource: !values['keep-local'],
      onProgress: ({ done, total, key, size, outcome }) => {
        const what = outcome === 'copied' ? 'copied and verified' : 'already there, verified';
        console.log(`[${done}/${total}] ${key} (${formatBytes(size)}): ${what}`);
      },
    });
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    const total = report.copied + report.present;
    console.log(
      `${total} objects (${formatBytes(report.bytes)}) in the bucket and verified in ${seconds} s: ${report.copied} copied, ${report.present} already there.`,
    );
    if (report.failed.length > 0) {
      for (const { key, reason } of report.failed) console.error(`Not moved: ${key}: ${reason}`);
      console.error(
        `${report.failed.length} objects could not be moved; no local file was removed. Run this again to retry them.`,
      );
      return 1;
    }
    if (values['keep-local']) {
      console.log(`Local files kept in ${mediaFolder} (--keep-local).`);
    } else {
      await removeEmptyFolders(mediaFolder);
      console.log(`${report.removedFromSource} local files removed from ${mediaFolder}.`);
    }
    console.log('Start Zura with the same S3_* settings to serve the media from the bucket.');
    return 0;
  } finally {
    await target.close();
    await source.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof StorageSelfTestError;
    console.error(known ? error.message : error);
    process.exit(1);
  },
);
