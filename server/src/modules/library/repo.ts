import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import type { UploadVariants, VideoRenditions, VideoState } from '../../db/schema/index.ts';

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
  /** Microseconds since the epoch of `created_at`, to order contents exactly as the cursor does. */
  at_micros: bigint;
  variants: UploadVariants;
  /** The transcode of a video (the copy `id`'s): see `media/video-fields.ts`. */
  video_state: VideoState | null;
  video_progress: number;
  video_error: string | null;
  renditions: VideoRenditions | null;
  post_ids: number[];
  attachment_ids: string[];
  file_ids: string[];
  usage_count: number;
};

const LIBRARY_CONTEXTS = sql`('post_image', 'post_video', 'message_attachment', 'user_media', 'media')`;

/**
 * An upload is in the library when a post shows it, a sent message carries it, or it was uploaded
 * there. Scalar subqueries, not EXISTS: PostgreSQL may turn an EXISTS into a hash of every post in
 * the platform, not knowing the walk stops after a page; these probe the indexes row by row.
 */
function isUsed(ownerId: number): SQL {
  return sql`(u.context in ('user_media', 'media')
    or (select true from post_media pm where pm.upload_id = u.id limit 1)
    or (select true from message_attachments ma join messages m on m.id = ma.message_id
         where ma.upload_id = u.id and m.sender_id = ${ownerId} limit 1))`;
}

type WalkedRow = { id: string; sha256: string; at: string };

/**
 * The owner's used uploads, newest first, from a position: a page walks only as far as it needs
 * on `uploads_owner_created_idx`, however large the library is.
 */
async function walkUploads(
  db: Database,
  ownerId: number,
  from: { atMost: string } | { before: WalkedRow } | { sameAs: WalkedRow },
  batch: number,
): Promise<WalkedRow[]> {
  const position =
    'atMost' in from
      ? sql`u.created_at <= ${from.atMost}::timestamptz`
      : 'before' in from
        ? sql`(u.created_at, u.id) < (${from.before.at}::timestamptz, ${from.before.id}::uuid)`
        : sql`u.created_at = ${from.sameAs.at}::timestamptz and u.id < ${from.sameAs.id}::uuid`;
  const shape = 'atMost' in from ? 'first' : 'before' in from ? 'before' : 'same';
  return executePrepared<WalkedRow>(
    db,
    `library_walk_${shape}`,
    sql`
    select u.id, u.sha256, u.created_at::text as at from uploads u
     where u.owner_id = ${ownerId} and u.context in ${LIBRARY_CONTEXTS}
       and ${position} and ${isUsed(ownerId)}
     order by u.created_at desc, u.id desc
     limit ${batch}`,
  );
}

/** One library row per given content hash, with every copy's uses, past the cursor only. */
async function groupsFor(
  db: Database,
  ownerId: number,
  hashes: string[],
  cursor: LibraryCursor | undefined,
): Promise<LibraryRow[]> {
  if (hashes.length === 0) return [];
  const after = cursor
    ? sql`having (max(created_at), sha256) < (${cursor.at}::timestamptz, ${cursor.hash})`
    : sql``;
  const rows = await executePrepared(
    db,
    `library_groups_${cursor ? 'paged' : 'first'}`,
    sql`
    with owned as materialized (
      select u.id, u.sha256, u.context, u.original_filename, u.size_bytes, u.content_type,
             u.created_at, u.variants, u.video_state, u.video_progress, u.video_error,
             u.renditions,
             array(select distinct pm.post_id from post_media pm where pm.upload_id = u.id) as post_ids,
             (select count(*) from message_attachments ma
                join messages m on m.id = ma.message_id
               where ma.upload_id = u.id and m.sender_id = ${ownerId})::int as chat_uses
        from uploads u
       where u.owner_id = ${ownerId} and u.sha256 = any(${sql.param(hashes)}::text[])
         and u.context in ${LIBRARY_CONTEXTS}
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
           (array_agg(video_state order by created_at desc, id))[1] as video_state,
           (array_agg(video_progress order by created_at desc, id))[1] as video_progress,
           (array_agg(video_error order by created_at desc, id))[1] as video_error,
           (array_agg(renditions order by created_at desc, id))[1] as renditions,
           max(created_at) as created_at,
           max(created_at)::text as cursor_at,
           (extract(epoch from max(created_at)) * 1000000)::bigint::text as at_micros,
           coalesce(string_agg(array_to_string(post_ids, ','), ','), '') as post_ids,
           coalesce(array_agg(distinct id) filter (where chat_uses > 0), '{}') as attachment_ids,
           coalesce(array_agg(distinct id) filter (where context in ('user_media', 'media')), '{}') as file_ids,
           (coalesce(sum(cardinality(post_ids)), 0) + coalesce(sum(chat_uses), 0)
             + count(*) filter (where context in ('user_media', 'media')))::int as usage_count
      from used
     group by sha256
     ${after}`,
  );
  return rows.map((row) => {
    const r = row as Record<string, unknown>;
    return {
      hash: String(r.hash),
      id: String(r.id),
      file_name: String(r.file_name),
      size: Number(r.size),
      content_type: String(r.content_type),
      created_at: new Date(r.created_at as Date | string),
      cursor_at: String(r.cursor_at),
      at_micros: BigInt(String(r.at_micros)),
      variants: (r.variants ?? {}) as UploadVariants,
      video_state: (r.video_state ?? null) as VideoState | null,
      video_progress: Number(r.video_progress ?? 0),
      video_error: r.video_error == null ? null : String(r.video_error),
      renditions: (r.renditions ?? null) as VideoRenditions | null,
      // Ids of posts using any copy of this content, deduplicated.
      post_ids: [...new Set(String(r.post_ids).split(',').filter(Boolean).map(Number))],
      attachment_ids: (r.attachment_ids as string[]).map(String),
      file_ids: (r.file_ids as string[]).map(String),
      usage_count: Number(r.usage_count),
    };
  });
}

function newestFirst(a: LibraryRow, b: LibraryRow): number {
  if (a.at_micros !== b.at_micros) return a.at_micros < b.at_micros ? 1 : -1;
  return a.hash < b.hash ? 1 : a.hash > b.hash ? -1 : 0;
}

/**
 * The owner's media from every source, one row per distinct content (SHA-256): files used by
 * posts, files sent in chats, and files uploaded to the library. Newest first (a content's
 * newest copy places it), keyset paged on (that time, hash).
 *
 * A page costs the page: uploads are walked newest first only until `limit` contents are found
 * past the cursor, and usage is computed for those contents alone. Every content not yet met has
 * its newest copy no later than the last upload walked, so once the uploads sharing that last
 * timestamp are read too, the contents found are exactly the first `limit`.
 */
export async function listLibrary(
  db: Database,
  ownerId: number,
  cursor: LibraryCursor | undefined,
  limit: number,
): Promise<LibraryRow[]> {
  // Most uploads are distinct contents, so a page usually walks about one page of uploads.
  const batch = limit;
  const seen = new Set<string>();
  const found: LibraryRow[] = [];
  let from: Parameters<typeof walkUploads>[2] = { atMost: cursor?.at ?? 'infinity' };
  let last: WalkedRow | undefined;

  const take = async (rows: WalkedRow[]) => {
    const fresh = [...new Set(rows.map((row) => row.sha256))].filter((hash) => !seen.has(hash));
    for (const hash of fresh) seen.add(hash);
    found.push(...(await groupsFor(db, ownerId, fresh, cursor)));
  };

  for (;;) {
    const rows = await walkUploads(db, ownerId, from, batch);
    await take(rows);
    last = rows.at(-1);
    if (rows.length < batch || !last || found.length >= limit) break;
    from = { before: last };
  }
  // Contents whose newest copy shares the last walked timestamp could still be unmet.
  if (last && found.length >= limit) {
    for (let sameAs = last; ;) {
      const rows = await walkUploads(db, ownerId, { sameAs }, batch);
      await take(rows);
      const next = rows.at(-1);
      if (rows.length < batch || !next) break;
      sameAs = next;
    }
  }
  return found.sort(newestFirst).slice(0, limit);
}
