import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  postMedia,
  posts,
  uploads,
  type UploadVariants,
  type VideoRenditions,
  type VideoState,
} from '../../db/schema/index.ts';

/** One file of a post as the feeds read it: enough to present it and to tell if it plays. */
export type PostMediaFile = {
  uploadId: string;
  kind: 'image' | 'video';
  variants: UploadVariants;
  width: number | null;
  height: number | null;
  videoState: VideoState | null;
  videoProgress: number;
  videoError: string | null;
  renditions: VideoRenditions | null;
};

/**
 * A post's files in order, as one JSON column of the post's row: read with the post in the same
 * statement (on post_media's primary key), so a feed page costs no extra query and the kept copies
 * of the feeds hold them too. Null for a post without files.
 */
export const postMediaColumn = sql<PostMediaFile[] | null>`(
  select json_agg(json_build_object(
    'uploadId', ${uploads.id},
    'kind', ${postMedia.kind},
    'variants', ${uploads.variants},
    'width', ${uploads.width},
    'height', ${uploads.height},
    'videoState', ${uploads.videoState},
    'videoProgress', ${uploads.videoProgress},
    'videoError', ${uploads.videoError},
    'renditions', ${uploads.renditions}
  ) order by ${postMedia.position})
  from ${postMedia} join ${uploads} on ${uploads.id} = ${postMedia.uploadId}
  where ${postMedia.postId} = ${posts.id})`;

/** Records a new post's files in the order given. */
export async function insertPostMedia(
  db: Executor,
  postId: number,
  files: { uploadId: string; kind: 'image' | 'video' }[],
) {
  if (files.length === 0) return;
  await db.insert(postMedia).values(files.map((file, position) => ({ postId, position, ...file })));
}

/** The distinct uploads a post holds: what deleting it removes. */
export async function uploadIdsOfPost(db: Executor, postId: number): Promise<string[]> {
  const rows = await db
    .select({ uploadId: postMedia.uploadId })
    .from(postMedia)
    .where(eq(postMedia.postId, postId))
    .orderBy(postMedia.position);
  return [...new Set(rows.map((row) => row.uploadId))];
}
