import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const UPLOAD_CONTEXTS = [
  'profile_image',
  'cover_image',
  'post_image',
  'post_video',
  'message_attachment',
  'user_media',
  'media',
] as const;
export type UploadContext = (typeof UPLOAD_CONTEXTS)[number];

/**
 * Derived files made by the media job, by variant name, as storage keys. `blur` is a tiny,
 * heavily blurred copy of an image or a video's poster: all a pay-per-view post shows before
 * it is bought.
 */
/** `medium` (640 px) joins `feed` and `thumb` in a srcset; `avatar` (96 px square) is a profile image's. */
export type UploadVariants = {
  feed?: string;
  medium?: string;
  thumb?: string;
  avatar?: string;
  poster?: string;
  blur?: string;
};

/** Where a video upload is in its transcode; null for non-videos and videos stored before it existed. */
export const VIDEO_STATES = ['processing', 'ready', 'failed'] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

/** One rung of the HLS ladder; `playlist` is its storage key. */
export type VideoRung = {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  playlist: string;
};

/**
 * The playable renditions of a video, as storage keys. Every key starts with `prefix`
 * (`renditions/<ownerId>/<uploadId>/`), so removing everything under it removes them all;
 * playlists reference their segments and rungs by relative names only.
 */
export type VideoRenditions = {
  prefix: string;
  master: string;
  mp4: string;
  ladder: VideoRung[];
  /**
   * The rungs whose marked "B" variant is made (issue 35): `<rung>-m/` beside each, the same
   * segment names; a gated viewer's stream takes A or B per segment by their keyed code.
   */
  marked?: string[];
  /**
   * The marked rungs that are the source repackaged (its own packets): a marked stream takes
   * their unmarked segments from `<rung>-u/`, an encode made as the marked one is, since the
   * source's encoding cannot be mixed with ours segment by segment.
   */
  remade?: string[];
};

export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    context: text('context', { enum: UPLOAD_CONTEXTS }).notNull(),
    storageKey: text('storage_key').notNull(),
    originalFilename: text('original_filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    variants: jsonb('variants').$type<UploadVariants>().notNull().default({}),
    videoState: text('video_state', { enum: VIDEO_STATES }),
    videoProgress: smallint('video_progress').notNull().default(0),
    videoError: text('video_error'),
    durationMs: integer('duration_ms'),
    renditions: jsonb('renditions').$type<VideoRenditions>(),
    /**
     * An image's 64-bit perceptual hash (`watermark/phash.ts`), as a signed bigint: the leak
     * tracer finds which upload a leaked copy came from by its distance. Null until the
     * media-variants job makes it, and for other files; the tracer makes a missing one.
     */
    perceptualHash: bigint('perceptual_hash', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Per-user deduplication: the same bytes in the same context are stored once.
    uniqueIndex('uploads_owner_context_sha256_key').on(t.ownerId, t.context, t.sha256),
    index('uploads_owner_created_idx').on(t.ownerId, t.createdAt),
    // The media library gathers every copy of a content (any context) by its hash.
    index('uploads_owner_sha256_idx').on(t.ownerId, t.sha256),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;
