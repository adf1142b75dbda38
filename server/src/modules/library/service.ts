import type { LIBRARY_SOURCES } from '@zura/contracts';
import type { ChangeNotices } from '../../db/change-notices.ts';
import type { Database } from '../../db/client.ts';
import { createKeptValues } from '../../lib/kept-values.ts';
import { type MediaSigner, presentVideoFields } from '../media/index.ts';
import { listLibrary, type LibraryCursor, type LibraryRow } from './repo.ts';

export type LibraryService = ReturnType<typeof createLibraryService>;

type MediaType = 'image' | 'video' | 'audio' | 'document' | 'file';

type LibrarySource = (typeof LIBRARY_SOURCES)[number];

function mediaTypeOf(contentType: string): MediaType {
  if (contentType.startsWith('image/')) return 'image';
  if (contentType.startsWith('video/')) return 'video';
  if (contentType.startsWith('audio/')) return 'audio';
  if (contentType === 'application/pdf') return 'document';
  return 'file';
}

function encodeLibraryCursor(row: { cursor_at: string; hash: string }): string {
  return Buffer.from(`${row.cursor_at}|${row.hash}`).toString('base64url');
}

export function decodeLibraryCursor(value: string): LibraryCursor | undefined {
  const [at, hash] = Buffer.from(value, 'base64url').toString().split('|');
  if (!at || !hash || !/^[0-9a-f]{64}$/.test(hash)) return undefined;
  // PostgreSQL's timestamptz text: 2026-11-22 01:07:08.549123+00
  const match =
    /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.\d{1,6})?[+-](\d\d)(?::(\d\d))?$/.exec(at);
  if (!match) return undefined;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHours = 0] = match
    .slice(1)
    .map(Number);
  const offsetMinutes = Number(match[8] ?? 0);
  // A well-formed but impossible time (month 13, 30 February) would fail in the query instead.
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  if (
    year < 1 ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59 ||
    offsetHours > 15 ||
    offsetMinutes > 59
  ) {
    return undefined;
  }
  return { at, hash };
}

function presentItem(row: LibraryRow, signer: MediaSigner) {
  const sources: LibrarySource[] = [
    ...(row.post_ids.length > 0 ? (['post'] as const) : []),
    ...(row.attachment_ids.length > 0 ? (['chat'] as const) : []),
    ...(row.file_ids.length > 0 ? (['user_media'] as const) : []),
  ];
  const mediaType = mediaTypeOf(row.content_type);
  // The library is its owner's alone: a video's transcode state is theirs to see.
  const video =
    mediaType === 'video'
      ? presentVideoFields(
          {
            id: row.id,
            variants: row.variants,
            videoState: row.video_state,
            videoProgress: row.video_progress,
            videoError: row.video_error,
            renditions: row.renditions,
          },
          true,
          signer,
        )
      : undefined;
  return {
    id: row.id,
    file_hash: row.hash,
    mediaType,
    mediaUrl: signer.url(row.id),
    thumbnail_url: row.variants.thumb ? signer.url(row.id, 'thumb') : null,
    poster_url: row.variants.poster ? signer.url(row.id, 'poster') : null,
    ...video,
    file_name: row.file_name,
    size: row.size,
    content_type: row.content_type,
    created_at: row.created_at.toISOString(),
    source: (sources.length === 1 ? sources[0] : undefined) ?? ('several' as const),
    sources,
    usage_count: row.usage_count,
    /** What deleting this item removes, by source, as the client deletes per source. */
    refs: { post_ids: row.post_ids, attachment_ids: row.attachment_ids, file_ids: row.file_ids },
  };
}

/** First pages up to this size are kept per owner (one row more tells whether a next exists). */
const KEPT_FIRST_PAGE = 100;

export function createLibraryService(deps: {
  db: Database;
  signer: MediaSigner;
  changes: ChangeNotices;
}) {
  const { db, signer, changes } = deps;
  // A creator returns to My Content often, and its first page costs a walk over their uploads
  // and the posts and messages using them; it changes only when those do, which the database
  // says (a post by the owner, an upload or a sent attachment of theirs).
  const firstPages = createKeptValues<LibraryRow[]>({
    maxAgeMs: 60_000,
    maxWeight: 200_000,
    weigh: (rows) => rows.length + 1,
    live: () => changes.live,
  });
  changes.subscribe((notice) => {
    if (notice.kind === 'reset' || notice.kind === 'feed') firstPages.clear();
    else if (
      notice.kind === 'library_changed' ||
      notice.kind === 'posts_changed' ||
      notice.kind === 'account_deleted'
    ) {
      firstPages.drop(notice.userId);
    }
  });

  async function rowsFor(ownerId: number, cursor: LibraryCursor | undefined, count: number) {
    if (cursor || count > KEPT_FIRST_PAGE + 1) return listLibrary(db, ownerId, cursor, count);
    const first = await firstPages.get(ownerId, () =>
      listLibrary(db, ownerId, undefined, KEPT_FIRST_PAGE + 1),
    );
    return first.slice(0, count);
  }

  return {
    /**
     * The owner's media library: post media, sent chat attachments and library files merged
     * into one list without duplicates (same content hash), with usage counts and sources.
     */
    async list(ownerId: number, cursor: LibraryCursor | undefined, limit: number) {
      const rows = await rowsFor(ownerId, cursor, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        results: page.map((row) => presentItem(row, signer)),
        next_cursor: rows.length > limit && last ? encodeLibraryCursor(last) : null,
      };
    },
  };
}
