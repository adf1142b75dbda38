import { MAX_POST_FILES } from '@zura/contracts';
import type { Database } from '../../db/client.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { findBySha256, type ReceivedFile, type UploadsService } from '../uploads/index.ts';

export const TOO_MANY_FILES_MESSAGE = `A post can hold at most ${MAX_POST_FILES} files.`;

export type PostFileKind = 'image' | 'video';
export type StoredPostFile = { uploadId: string; kind: PostFileKind };

const contextOf = (kind: PostFileKind) => (kind === 'video' ? 'post_video' : 'post_image');

/**
 * The kind of each file: the spec's client names it in `media_type` for its one file; several
 * files are sniffed one by one, as the single file is when no type is named.
 */
async function kindsOf(
  uploads: UploadsService,
  files: readonly ReceivedFile[],
  mediaType: PostFileKind | undefined,
): Promise<PostFileKind[]> {
  if (files.length === 1 && mediaType) return [mediaType];
  return Promise.all(files.map((file) => uploads.sniffKind(file)));
}

/** A refusal of one of several files names it, so the author knows which one to replace. */
function naming<T>(file: ReceivedFile, index: number, count: number, run: () => Promise<T>) {
  return run().catch((error: unknown) => {
    if (count === 1 || !(error instanceof AppError)) throw error;
    const prefix = `File ${index + 1} (${file.filename}): `;
    if (error instanceof ValidationError) {
      throw new ValidationError({
        media: Object.values(error.fields)
          .flat()
          .map((message) => prefix + message),
      });
    }
    error.message = prefix + error.message;
    throw error;
  });
}

/**
 * Checks every file of a new post before keeping any, so one bad file refuses the whole post and
 * nothing is left behind; then stores them in order. `keep` runs with the stored files (it
 * writes the post); should storing or `keep` fail, the uploads made here are deleted again
 * (files the author had stored before are theirs and stay). The caller discards received files.
 */
export async function storePostFiles<T>(
  deps: { db: Database; uploads: UploadsService },
  authorId: number,
  files: readonly ReceivedFile[],
  mediaType: PostFileKind | undefined,
  keep: (stored: StoredPostFile[]) => Promise<T>,
): Promise<T> {
  const { db, uploads } = deps;
  if (files.length > MAX_POST_FILES) throw new ValidationError({ media: [TOO_MANY_FILES_MESSAGE] });
  const kinds = await kindsOf(uploads, files, mediaType);
  // One file is checked as it is stored, its problems filed under `file` as they always were.
  const several = files.length > 1;
  if (several) {
    for (const [index, file] of files.entries()) {
      await naming(file, index, files.length, () =>
        uploads.checkUploadAs(file, contextOf(kinds[index]!), 'media'),
      );
    }
  }
  const stored: StoredPostFile[] = [];
  const madeHere: string[] = [];
  try {
    for (const [index, file] of files.entries()) {
      const kind = kinds[index]!;
      const before = await findBySha256(db, authorId, contextOf(kind), file.sha256);
      const upload = several
        ? await naming(file, index, files.length, () =>
            uploads.finishUploadAs(authorId, file, contextOf(kind), 'media'),
          )
        : await uploads.finishUpload(authorId, file, contextOf(kind));
      if (!before) madeHere.push(upload.id);
      stored.push({ uploadId: upload.id, kind });
    }
    return await keep(stored);
  } catch (error) {
    for (const id of new Set(madeHere)) await uploads.deleteIfUnused(authorId, id);
    throw error;
  }
}
