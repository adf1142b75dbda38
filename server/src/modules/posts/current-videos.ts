import type { Database } from '../../db/client.ts';
import { isVideoPublished } from '../media/index.ts';
import * as repo from './repo.ts';

type VideoNow = Awaited<ReturnType<typeof repo.findVideoStates>>[number];

/** The row with each of its videos as it is now, or the row itself when none of them moved. */
function withVideos(row: repo.PostWithAuthor, current: Map<string, VideoNow>): repo.PostWithAuthor {
  const legacy = row.post.videoId ? current.get(row.post.videoId) : undefined;
  const media = row.media?.map((file) => {
    const video = file.kind === 'video' ? current.get(file.uploadId) : undefined;
    if (!video) return file;
    return {
      ...file,
      variants: video.variants,
      videoState: video.videoState,
      videoProgress: video.videoProgress,
      videoError: video.videoError,
      renditions: video.renditions,
    };
  });
  if (!legacy && !media?.some((file, index) => file !== row.media?.[index])) return row;
  return {
    ...row,
    media: media ?? null,
    ...(legacy && {
      videoVariants: legacy.variants,
      videoState: legacy.videoState,
      videoProgress: legacy.videoProgress,
      videoError: legacy.videoError,
      videoRenditions: legacy.renditions,
    }),
  };
}

/** The videos of the rows that were not finished when the rows were read. */
export function unfinishedVideos(rows: readonly repo.PostWithAuthor[]): Set<string> {
  const unfinished = new Set<string>();
  for (const row of rows) {
    if (row.post.videoId && row.videoState !== null && row.videoState !== 'ready') {
      unfinished.add(row.post.videoId);
    }
    for (const file of row.media ?? []) {
      if (file.kind === 'video' && !isVideoPublished(file)) unfinished.add(file.uploadId);
    }
  }
  return unfinished;
}

/**
 * The rows with the current state of each video that was not finished when they were read.
 * Kept copies of the feeds are dropped when posts change, not when a transcode moves on; so
 * the few unfinished videos on a page are asked about again (all of a post's files, in one
 * query for the page), and a post appears to everyone as soon as every video in it plays, on
 * every instance, and its author sees its progress. Kept rows are shared: changed ones are copies.
 */
export async function withCurrentMediaVideos(
  db: Database,
  rows: repo.PostWithAuthor[],
): Promise<repo.PostWithAuthor[]> {
  const unfinished = unfinishedVideos(rows);
  if (unfinished.size === 0) return rows;
  const current = new Map(
    (await repo.findVideoStates(db, [...unfinished])).map((video) => [video.id, video]),
  );
  return rows.map((row) => withVideos(row, current));
}
