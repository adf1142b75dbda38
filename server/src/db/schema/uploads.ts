import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
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

/** Derived files made by the media job, by variant name, as storage keys. */
export type UploadVariants = { feed?: string; thumb?: string; poster?: string };

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
