import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { UploadVariants } from '../../db/schema/index.ts';

/** `at` is PostgreSQL's own text of the timestamp, so microseconds survive the round trip. */
export type LibraryCursor = { at: string; hash: string };

export type LibraryRow = {
  hash: string;
  id: string;
  file_name: string;
  size: number;
  content_type: string;
  created_at: Date;
  cursor_at: string;
  variants: UploadVariants;
  post_ids: number[];
  attachment_ids: string[];
  file_ids: string[];
  usage_count: number;
};

/**
 * The owner's media from every source, one row per distinct content (SHA-256): files used by
 * posts, files sent in chats, and files uploaded to the library. Newest first, keyset paged.
 */
export async function listLibrary(
  db: Executor,
  ownerId: number,
  cursor: LibraryCursor | undefined,
  limit: number,
): Promise<LibraryRow[]> {
  const after = cursor
    ? sql`having (max(created_at), sha256) < (${cursor.at}::timestamptz, ${cursor.hash})`
    : sql`having true`;
  const result = await db.execute(sql`
    with owned as (
      select u.id, u.sha256, u.context, u.original_filename, u.size_bytes, u.content_type,
             u.created_at, u.variants,
             array(select p.id from posts p where p.image_id = u.id or p.video_id = u.id) as post_ids,
             (select count(*) from message_attachments ma
                join messages m on m.id = ma.message_id
               where ma.upload_id = u.id and m.sender_id = ${ownerId})::int as chat_uses
        from uploads u
       where u.owner_id = ${ownerId}
         and u.context in ('post_image', 'post_video', 'message_attachment', 'user_media', 'media')
    ), used as (
      select * from owned
       where cardinality(post_ids) > 0 or chat_uses > 0 or context in ('user_media', 'media')
    )
    select sha256 as hash,
           (array_agg(id order by created_at desc, id))[1] as id,
           (array_agg(original_filename order by created_at desc, id))[1] as file_name,
           (array_agg(size_bytes order by created_at desc, id))[1] as size,
           (array_agg(content_type order by created_at desc, id))[1] as content_type,
           (array_agg(variants order by created_at desc, id))[1] as variants,
           max(created_at) as created_at,
           max(created_at)::text as cursor_at,
           coalesce(string_agg(array_to_string(post_ids, ','), ','), '') as post_ids,
           coalesce(array_agg(distinct id) filter (where chat_uses > 0), '{}') as attachment_ids,
           coalesce(array_agg(distinct id) filter (where context in ('user_media', 'media')), '{}') as file_ids,
           (coalesce(sum(cardinality(post_ids)), 0) + coalesce(sum(chat_uses), 0)
             + count(*) filter (where context in ('user_media', 'media')))::int as usage_count
      from used
     group by sha256
     ${after}
     order by max(created_at) desc, sha256 desc
     limit ${limit}`);
  return result.rows.map((row) => {
    const r = row as Record<string, unknown>;
    return {
      hash: String(r.hash),
      id: String(r.id),
      file_name: String(r.file_name),
      size: Number(r.size),
      content_type: String(r.content_type),
      created_at: new Date(String(r.created_at)),
      cursor_at: String(r.cursor_at),
      variants: (r.variants ?? {}) as UploadVariants,
      // Ids of posts using any copy of this content, deduplicated.
      post_ids: [...new Set(String(r.post_ids).split(',').filter(Boolean).map(Number))],
      attachment_ids: (r.attachment_ids as string[]).map(String),
      file_ids: (r.file_ids as string[]).map(String),
      usage_count: Number(r.usage_count),
    };
  });
}
