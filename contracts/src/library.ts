import { z } from 'zod';
import { videoFields } from './video-fields.ts';

/** GET /api/library/: every file the owner has put anywhere, deduplicated by content. */

export const LIBRARY_SOURCES = ['post', 'chat', 'user_media'] as const;

export const libraryItem = videoFields.extend({
  id: z.string(),
  file_hash: z.string(),
  mediaType: z.enum(['image', 'video', 'audio', 'document', 'file']),
  mediaUrl: z.string(),
  thumbnail_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  file_name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  created_at: z.string(),
  /** The one source it is in, or 'several'. */
  source: z.enum([...LIBRARY_SOURCES, 'several']),
  sources: z.array(z.enum(LIBRARY_SOURCES)),
  usage_count: z.number().int(),
  /** What deleting this item removes, by source, as the client deletes per source. */
  refs: z.object({
    post_ids: z.array(z.number().int()),
    /** Upload ids. */
    attachment_ids: z.array(z.string()),
    file_ids: z.array(z.string()),
  }),
});

export const libraryPage = z.object({
  results: z.array(libraryItem),
  /** Opaque; null after the last page. */
  next_cursor: z.string().nullable(),
});

/** GET /api/library/storage/: the bytes of originals the user stores, and how many they may. */
export const libraryStorage = z.object({
  used_bytes: z.number().int().nonnegative(),
  quota_bytes: z.number().int().positive(),
});
