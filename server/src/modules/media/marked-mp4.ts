import { createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UploadRow, VideoRenditions } from '../../db/schema/index.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import { createLocalStorage } from '../../storage/local.ts';
import type { FfmpegBinaries } from '../../video/ffmpeg-binary.ts';
import { segmentsOf } from '../../video/ladder.ts';
import { inputOptions } from '../../video/probe.ts';
import { runFfmpeg } from '../../video/run-ffmpeg.ts';
import { accountFor, handOver } from '../../video/sandbox.ts';
import type { MarkedCopies } from './marked-copies.ts';
import { recipientFolder, type VideoMarking } from './marked-segments.ts';
import { sendStoredMedia } from './send.ts';

/** A remux copies packets: no decode, a minute of video in well under a second. */
const STALL_MS = 60_000;
const CPU_SECONDS_BASE = 30;
const CPU_SECONDS_PER_SEGMENT = 1;
/** What the MP4's boxes add to its segments' bytes, at most (the index, faststart's rewrite). */
const CONTAINER_BYTES = 16 * 1024 * 1024;

export type MarkedMp4s = {
  /**
   * Answers a recipient's own progressive MP4 of a gated video (with Range), or the shared one
   * while the video's marked variants are not made yet, as its stream does meanwhile.
   */
  send: (
    upload: UploadRow & { renditions: VideoRenditions },
    recipientId: number,
    serveAs: { contentType: string; contentDisposition: string },
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<unknown>;
};

/**
 * A gated video's progressive MP4 per recipient (issue 35), assembled as the shared one is, a
 * remux of the top rung's segments without re-encoding, but of the variant of each segment that
 * the recipient's keyed code picks, exactly the segments their HLS stream gets. So a download of
 * the MP4 names its recipient to the leak tracer as their stream does. Made on first request
 * from our own segments (packets copied, nothing decoded) and kept in the marked copies' folder
 * under its budget; a player's Range requests are answered from that file.
 */
export function createMarkedMp4s(deps: {
  storage: MediaStorage;
  copies: MarkedCopies;
  copiesDir: string;
  videoMarking: VideoMarking;
  binaries: () => Promise<FfmpegBinaries>;
  memoryBytes: number;
}): MarkedMp4s {
  // The kept file is answered as other media are, from a store over the copies' folder.
  const kept = createLocalStorage(deps.copiesDir);

  /** Writes the recipient's MP4 to `target`: their segments fetched, listed, remuxed. */
  async function assemble(
    uploadId: string,
    renditions: VideoRenditions,
    recipientId: number,
    target: string,
  ) {
    const top = renditions.ladder.at(-1);
    if (!top) throw new Error(`video ${uploadId} has no rungs`);
    const folder = top.playlist.slice(0, top.playlist.lastIndexOf('/'));
    const playlist = (await deps.storage.readBuffer(top.playlist)).toString('utf8');
    const segments = segmentsOf(playlist);
    const work = await mkdtemp(path.join(os.tmpdir(), 'zura-marked-mp4-'));
    try {
      let segmentBytes = 0;
      const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-PLAYLIST-TYPE:VOD'];
      lines.push(`#EXT-X-TARGETDURATION:${Math.ceil(Math.max(...segments.map((s) => s.seconds)))}`);
      for (const [index, segment] of segments.entries()) {
        const marked = await deps.videoMarking.isMarkedSegment(
          uploadId,
          renditions,
          top.name,
          segment.uri,
          recipientId,
        );
        const key = `${recipientFolder(renditions, top.name, folder, marked)}/${segment.uri}`;
        const local = `${String(index).padStart(6, '0')}.ts`;
        await pipeline(await deps.storage.read(key), createWriteStream(path.join(work, local)));
        segmentBytes += (await stat(path.join(work, local))).size;
        lines.push(`#EXTINF:${segment.seconds.toFixed(6)},`, local);
      }
      lines.push('#EXT-X-ENDLIST', '');
      await writeFile(path.join(work, 'index.m3u8'), lines.join('\n'));
      const account = await accountFor(work);
      await handOver(work, account);
      const binaries = await deps.binaries();
      const out = path.join(work, 'out.mp4');
      await runFfmpeg(
        binaries.ffmpeg,
        [
          ...inputOptions('hls'),
          ...['-i', path.join(work, 'index.m3u8')],
          ...['-map', '0', '-c', 'copy', '-bsf:a', 'aac_adtstoasc', '-movflags', '+faststart'],
          out,
        ],
        {
          stallMs: STALL_MS,
          sandbox: {
            account,
            limits: {
              memoryBytes: deps.memoryBytes,
              cpuSeconds: CPU_SECONDS_BASE + segments.length * CPU_SECONDS_PER_SEGMENT,
              fileBytes: segmentBytes + CONTAINER_BYTES,
            },
          },
        },
      );
      // ffmpeg may run as another account in a folder of its own: the file is copied over.
      await copyFile(out, target);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  return {
    async send(upload, recipientId, serveAs, request, reply) {
      const { renditions } = upload;
      const top = renditions.ladder.at(-1);
      // Not made yet (the first segment asked asks for them): the shared file, as the stream.
      if (!top || !renditions.marked?.includes(top.name)) {
        deps.videoMarking.requestMarks(upload.id);
        return sendStoredMedia(deps.storage, renditions.mp4, serveAs, request, reply);
      }
      const name = `${upload.id}.mp4.${recipientId}`;
      await deps.copies.file(name, (target) =>
        assemble(upload.id, renditions, recipientId, target),
      );
      return sendStoredMedia(kept, name, serveAs, request, reply);
    },
  };
}
