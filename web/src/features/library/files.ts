import type { TFunction } from '../../lib/translator';
import { formatDecimal } from '../../lib/format';

/**
 * Pure rules of the My Content upload area (engagement spec §5 "My Content upload"): which
 * files are accepted, which are duplicates, the skip messages and the size labels.
 */

/** Spec §9: the stated maximum per file; the server enforces it (413). */
export const MAX_UPLOAD_BYTES = 10 * 1024 ** 3;
/** Spec §9: above this size selecting a file only writes a note to the console. */
export const LARGE_FILE_BYTES = 1024 ** 3;
/** Spec §9: how long the invalid-type message stays (ms). */
export const INVALID_MESSAGE_MS = 5000;
/** Spec §9: how long the duplicate message stays (ms). */
export const DUPLICATE_MESSAGE_MS = 3000;
/** Names listed in a message about several files (spec: "a count plus the first three names"). */
const LISTED_NAMES = 3;

export type AcceptedKind = 'image' | 'video' | 'audio';

/**
 * Browsers leave `type` empty for some media they do not know (HEIC, MKV, FLAC on some
 * systems); those are recognised by their extension. The server checks the bytes anyway.
 */
const KIND_BY_EXTENSION: Record<string, AcceptedKind> = {
  heic: 'image',
  heif: 'image',
  avif: 'image',
  webp: 'image',
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  mkv: 'video',
  mov: 'video',
  mp4: 'video',
  m4v: 'video',
  webm: 'video',
  mp3: 'audio',
  m4a: 'audio',
  aac: 'audio',
  flac: 'audio',
  ogg: 'audio',
  opus: 'audio',
  wav: 'audio',
};

/** Image, video or audio by MIME type (or extension when the type is unknown), else undefined. */
export function acceptedKindOf(file: Pick<File, 'name' | 'type'>): AcceptedKind | undefined {
  const type = file.type.toLowerCase();
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type !== '') return undefined;
  const extension = /\.([^./\\]+)$/.exec(file.name)?.[1]?.toLowerCase();
  return extension ? KIND_BY_EXTENSION[extension] : undefined;
}

type FileFacts = Pick<File, 'name' | 'size' | 'type'>;

/** Spec: duplicates have the same name, size and type. */
function fileKey(file: FileFacts): string {
  return JSON.stringify([file.name, file.size, file.type]);
}

export interface SelectionResult<F extends FileFacts> {
  /** Files to add to the selection, in the order given. */
  added: F[];
  /** Not image, video or audio. */
  invalid: F[];
  /** Same name, size and type as a file already selected (or earlier in this batch). */
  duplicates: F[];
  /** Accepted files over 1 GB (spec: a console note, nothing else). */
  large: F[];
}

/** Sorts `incoming` files against the current selection by the spec's rules. */
export function sortIncoming<F extends FileFacts>(
  selected: readonly FileFacts[],
  incoming: readonly F[],
): SelectionResult<F> {
  const seen = new Set(selected.map(fileKey));
  const result: SelectionResult<F> = { added: [], invalid: [], duplicates: [], large: [] };
  for (const file of incoming) {
    if (!acceptedKindOf(file)) {
      result.invalid.push(file);
      continue;
    }
    const key = fileKey(file);
    if (seen.has(key)) {
      result.duplicates.push(file);
      continue;
    }
    seen.add(key);
    result.added.push(file);
    if (file.size > LARGE_FILE_BYTES) result.large.push(file);
  }
  return result;
}

/** One name, or "{count} files (a, b, c, ...)": a count plus the first three names. */
export function namesSummary(t: TFunction, names: readonly string[]): string {
  if (names.length === 1) return names[0] ?? '';
  const listed = names.slice(0, LISTED_NAMES).join(', ');
  return t('library.upload.severalFiles', {
    count: names.length,
    names: names.length > LISTED_NAMES ? t('library.upload.andMore', { names: listed }) : listed,
  });
}

/** 'Invalid file type skipped: ... Only images, videos, and audio files are allowed.' */
export function invalidMessage(t: TFunction, files: readonly Pick<File, 'name'>[]): string {
  return t('library.upload.invalidSkipped', {
    files: namesSummary(
      t,
      files.map((file) => file.name),
    ),
  });
}

/** 'Duplicate file skipped: ...' */
export function duplicateMessage(t: TFunction, files: readonly Pick<File, 'name'>[]): string {
  return t('library.upload.duplicateSkipped', {
    files: namesSummary(
      t,
      files.map((file) => file.name),
    ),
  });
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * Spec §9: B, KB, MB, GB, TB (1024 apart) with 2 decimals, trailing zeros dropped
 * ("512 B", "1.5 KB", "2.35 GB"); TB is the largest unit.
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  let value = Number((bytes / 1024 ** exponent).toFixed(2));
  let unit = exponent;
  // 1023.999 KB rounds to "1024 KB"; it reads better as "1 MB".
  if (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value = Number((value / 1024).toFixed(2));
    unit += 1;
  }
  return `${formatDecimal(value)} ${SIZE_UNITS[unit]}`;
}

/** Spec §4 "Viewer": the index wraps at both ends. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

/** Hidden files of a walked folder (".DS_Store", ".git/...") are left out silently. */
export function isHiddenPath(path: string): boolean {
  return path.split('/').some((part) => part.startsWith('.') && part !== '.' && part !== '..');
}

/** The least of the `FileSystemEntry` API that walking dropped folders needs. */
export interface EntryLike {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
}
interface FileEntryLike extends EntryLike {
  file(success: (file: File) => void, failure?: (error: unknown) => void): void;
}
interface DirectoryEntryLike extends EntryLike {
  createReader(): {
    readEntries(success: (entries: EntryLike[]) => void, failure?: (error: unknown) => void): void;
  };
}

function readFile(entry: FileEntryLike): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

async function readAllEntries(directory: DirectoryEntryLike): Promise<EntryLike[]> {
  const reader = directory.createReader();
  const all: EntryLike[] = [];
  // readEntries answers in batches (100 in Chromium) until it answers an empty one.
  for (;;) {
    const batch = await new Promise<EntryLike[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

/**
 * Every file under the dropped entries (from `DataTransferItem.webkitGetAsEntry()`), folders
 * walked depth first. Hidden files inside folders are skipped; an unreadable entry is logged
 * and skipped, so one bad file does not lose the rest.
 */
export async function walkEntries(entries: readonly EntryLike[]): Promise<File[]> {
  const files: File[] = [];
  const visit = async (entry: EntryLike, inFolder: boolean): Promise<void> => {
    if (inFolder && isHiddenPath(entry.name)) return;
    try {
      if (entry.isFile) {
        files.push(await readFile(entry as FileEntryLike));
      } else if (entry.isDirectory) {
        for (const child of await readAllEntries(entry as DirectoryEntryLike)) {
          await visit(child, true);
        }
      }
    } catch (error) {
      console.warn(`Could not read ${entry.name}`, error);
    }
  };
  for (const entry of entries) await visit(entry, false);
  return files;
}

/** Files picked with the folder input, without the hidden ones (by `webkitRelativePath`). */
export function visibleFolderFiles(files: readonly File[]): File[] {
  return files.filter((file) => !isHiddenPath(file.webkitRelativePath || file.name));
}

/** Spec §2: the grid has 1, 2 or 3 columns by the width it is given (px). */
export function columnsForWidth(width: number): 1 | 2 | 3 {
  if (width >= 640) return 3;
  if (width >= 400) return 2;
  return 1;
}
