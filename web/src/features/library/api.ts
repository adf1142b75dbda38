import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import type { TFunction } from '../../lib/translator';
import { client, type Answer } from '../../lib/api-client';
import { ApiError, errorBodyText, isRecord } from '../../lib/api-errors';
import { uploadWithProgress } from '../../lib/upload';
import { libraryKeys } from '../../lib/query-keys';

/**
 * A "Merged media item" (engagement spec §3) as GET /library/ answers it: already merged by
 * content hash on the server, with the ids of every source for deleting; typed as the served
 * document has the answer.
 */
export type LibraryPage = Answer<'/api/library/', 'get'>;
export type MediaItem = LibraryPage['results'][number];
export type LibraryPages = InfiniteData<LibraryPage>;

const LIBRARY_PAGE_SIZE = 60;
/** How often the list asks again while a new item's thumbnail or poster is being made. */
const VARIANTS_POLL_MS = 3000;

/** GET /library/storage/: the bytes of the user's files and their quota (the page's meter). */
export function libraryStorageQuery() {
  return queryOptions({
    queryKey: libraryKeys.storage(),
    queryFn: ({ signal }) => client.GET('/api/library/storage/', { signal }),
  });
}

/** GET /library/, newest first, `next_cursor` page after page. */
export function libraryQuery() {
  return infiniteQueryOptions({
    queryKey: libraryKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      client.GET('/api/library/', {
        query: { limit: LIBRARY_PAGE_SIZE, cursor: pageParam || undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: LibraryPage) => lastPage.next_cursor ?? undefined,
    // Only the first page can hold just-uploaded items (newest first).
    refetchInterval: (query) =>
      awaitingVariants(query.state.data?.pages[0]?.results ?? []) ? VARIANTS_POLL_MS : false,
  });
}

/** How long after an upload its thumbnail or poster may still be in the making (ms). */
const VARIANTS_GRACE_MS = 2 * 60_000;

/**
 * Whether a recent item still waits for its thumbnail (image) or poster (video): the server
 * makes them in the background after the upload, so the list asks again a little later.
 */
export function awaitingVariants(items: readonly MediaItem[], now = Date.now()): boolean {
  return items.some((item) => {
    const missing =
      (item.mediaType === 'image' && !item.thumbnail_url) ||
      (item.mediaType === 'video' && !item.poster_url);
    if (!missing) return false;
    const age = now - new Date(item.created_at).getTime();
    return age >= -VARIANTS_GRACE_MS && age < VARIANTS_GRACE_MS;
  });
}

/** Every loaded item once, in order (a page boundary can repeat an item after an upload). */
export function flattenLibrary(data: LibraryPages | undefined): MediaItem[] {
  const seen = new Set<string>();
  const items: MediaItem[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.results) {
      const key = item.file_hash ?? item.id;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
    }
  }
  return items;
}

/** The loaded pages without the item `id`. */
export function removeLibraryItem(
  data: LibraryPages | undefined,
  id: string,
): LibraryPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      results: page.results.filter((item) => item.id !== id),
    })),
  };
}

/** POST /uploads/ with context media: one request per file (spec §7). */
export function uploadLibraryFile(
  file: File,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
) {
  return uploadWithProgress('/api/uploads/', { file, context: 'media' }, { onProgress, signal });
}

/**
 * What went wrong, as the server put it: `detail`, `error`, or the first field message
 * (`{file: ['...']}`); otherwise the error's own message.
 */
export function errorDetail(error: unknown): string {
  const text = errorBodyText(error, 'detail') ?? errorBodyText(error, 'error');
  if (text) return text;
  if (error instanceof ApiError && isRecord(error.body)) {
    for (const value of Object.values(error.body)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string' && first.trim() !== '') return first;
    }
  }
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

/** The outcome of uploading the selection: one entry per file, in order. */
export type UploadOutcome = { name: string; ok: true } | { name: string; ok: false; error: string };

/**
 * Spec §8: nothing failed → undefined; some failed → 'Failed to upload some files: ...';
 * all failed → 'Failed to upload files: ...'. Each failure reads "name: reason".
 */
export function uploadFailureMessage(
  t: TFunction,
  outcomes: readonly UploadOutcome[],
): string | undefined {
  const failed = outcomes.filter((outcome) => !outcome.ok);
  if (failed.length === 0) return undefined;
  const details = failed
    .map((outcome) => t('library.upload.failureItem', { name: outcome.name, error: outcome.error }))
    .join('; ');
  return failed.length === outcomes.length
    ? t('library.upload.failedAll', { details })
    : t('library.upload.failedSome', { details });
}

/** One source of a merged item: a post, a message's attachment, or a library file. */
export type MediaSource =
  { kind: 'post'; id: number } | { kind: 'attachment'; id: string } | { kind: 'file'; id: string };

/** The sources that removing one merged item deletes, one call each (spec §7). */
export function deletionSources(item: Pick<MediaItem, 'refs'>): MediaSource[] {
  return [
    ...item.refs.post_ids.map((id) => ({ kind: 'post' as const, id })),
    ...item.refs.attachment_ids.map((id) => ({ kind: 'attachment' as const, id })),
    ...item.refs.file_ids.map((id) => ({ kind: 'file' as const, id })),
  ];
}

/** The call that deletes one source. */
function deleteSource(source: MediaSource): Promise<unknown> {
  switch (source.kind) {
    case 'post':
      return client.DELETE('/api/posts/{id}/', { path: { id: source.id } });
    case 'attachment':
      return client.DELETE('/api/messaging/attachments/{id}/delete_attachment/', {
        path: { id: source.id },
      });
    case 'file':
      return client.DELETE('/api/uploads/{id}/', { path: { id: source.id } });
  }
}

/** No source could be deleted (spec §8 'Failed to delete from any source'). */
export class DeleteMediaError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Failed to delete from any source', options);
    this.name = 'DeleteMediaError';
  }
}

/**
 * Deletes an item from every source, one call per source. Spec §8: a failing source is logged
 * and skipped; only when no source succeeded does the whole deletion fail. A 404 means the
 * source is already gone, which counts as deleted.
 */
export async function deleteMediaItem(
  item: Pick<MediaItem, 'refs'>,
  remove: (source: MediaSource) => Promise<unknown> = deleteSource,
): Promise<{ deleted: number; failed: number }> {
  let deleted = 0;
  const failures: unknown[] = [];
  for (const source of deletionSources(item)) {
    try {
      await remove(source);
      deleted += 1;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        deleted += 1;
        continue;
      }
      console.warn(`Failed to delete media source ${source.kind} ${source.id}`, error);
      failures.push(error);
    }
  }
  if (deleted === 0) throw new DeleteMediaError({ cause: failures });
  return { deleted, failed: failures.length };
}

/** 'Failed to delete media: {detail or message}' */
export function deleteFailureMessage(t: TFunction, error: unknown): string {
  const detail =
    error instanceof DeleteMediaError ? t('library.delete.noSource') : errorDetail(error);
  return t('library.delete.failed', { detail });
}

type UsageSource = 'post' | 'chat' | 'user_media';

export interface UsageStatus {
  /** Times used in posts and chats (library copies are not uses). */
  uses: number;
  sources: UsageSource[];
}

const KNOWN_SOURCES: readonly UsageSource[] = ['post', 'chat', 'user_media'];

/** "Usage Status" from `usage_count` and the sources. */
export function usageStatusOf(
  item: Pick<MediaItem, 'usage_count' | 'sources' | 'source' | 'refs'>,
): UsageStatus {
  const named = item.sources.length > 0 ? item.sources : [item.source];
  const sources = KNOWN_SOURCES.filter((source) => named.includes(source));
  const libraryCopies = sources.includes('user_media') ? item.refs.file_ids.length : 0;
  return { uses: Math.max(item.usage_count - libraryCopies, 0), sources };
}
