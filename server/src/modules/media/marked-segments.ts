import type { Database } from '../../db/client.ts';
import type { VideoRenditions } from '../../db/schema/index.ts';
import { segmentVariantBit } from '../../watermark/index.ts';
import { markSerialOf } from './marks-repo.ts';

/** A rung's marked folder beside its own: `.../720p` and `.../720p-m` (`video/mark-pass.ts`). */
const markedRungFolder = (folder: string) => `${folder}-m`;

/**
 * The folder a marked stream's segment of `rung` comes from: the marked variant's, or the
 * unmarked one's, which for a repackaged rung is its remade twin (`.../720p-u`, `remade`).
 */
export function recipientFolder(
  renditions: VideoRenditions,
  rung: string,
  folder: string,
  marked: boolean,
): string {
  if (marked) return markedRungFolder(folder);
  return renditions.remade?.includes(rung) ? `${folder}-u` : folder;
}

/** A media segment's number, as the transcoder names them (`segment0007.ts`). */
const SEGMENT_NUMBER = /^segment(\d{1,6})\.ts$/;

/** Serials remembered per (upload, recipient): a stream asks for one segment every few seconds. */
const MAX_REMEMBERED = 10_000;

export type VideoMarking = {
  /**
   * Whether this recipient's copy of a segment is the marked variant: bit `n` of their keyed
   * code for the upload. False while the marked variants are not made yet, whose making it asks
   * for (once per upload and process: the queue keeps one job per upload).
   */
  isMarkedSegment: (
    uploadId: string,
    renditions: VideoRenditions,
    rung: string,
    file: string,
    recipientId: number,
  ) => Promise<boolean>;
  /** Asks for an upload's marked variants, once per upload and process. */
  requestMarks: (uploadId: string) => void;
};

/** The per-recipient choice of a gated video's segments (issue 35). */
export function createVideoMarking(deps: {
  db: Database;
  key: Buffer;
  /** Queues the making of an upload's marked variants (the `video-mark` job). */
  requestMarks: (uploadId: string) => Promise<void>;
  onError: (error: unknown) => void;
}): VideoMarking {
  const serials = new Map<string, number>();
  const requested = new Set<string>();
  async function serialOf(uploadId: string, recipientId: number) {
    const name = `${uploadId}:${recipientId}`;
    let serial = serials.get(name);
    if (serial === undefined) {
      serial = await markSerialOf(deps.db, uploadId, recipientId);
      if (serials.size >= MAX_REMEMBERED) serials.clear();
      serials.set(name, serial);
    }
    return serial;
  }
  function requestMarks(uploadId: string) {
    if (requested.has(uploadId)) return;
    requested.add(uploadId);
    deps.requestMarks(uploadId).catch(deps.onError);
  }
  return {
    requestMarks,
    async isMarkedSegment(uploadId, renditions, rung, file, recipientId) {
      const serial = await serialOf(uploadId, recipientId);
      if (!renditions.marked?.includes(rung)) {
        requestMarks(uploadId);
        return false;
      }
      const number = SEGMENT_NUMBER.exec(file)?.[1];
      if (number === undefined) return false;
      return segmentVariantBit(deps.key, uploadId, serial, Number(number)) === 1;
    },
  };
}
