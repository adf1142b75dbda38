import { MAX_POST_FILES } from '@zura/contracts';

/** A file picked for a post, with an object URL for its thumbnail and a key for lists. */
export interface PickedPostFile {
  key: string;
  file: File;
  url: string;
}

/** Only images and videos can be posted; the picker and the drop zone take nothing else. */
export function isPostableFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/') || file.type.startsWith('video/');
}

/**
 * Of `added`, the ones that fit beside `held` files under MAX_POST_FILES, in the order given;
 * `left` counts the ones that did not.
 */
export function fittingFiles<T>(held: number, added: readonly T[]): { taken: T[]; left: number } {
  const room = Math.max(MAX_POST_FILES - held, 0);
  return { taken: added.slice(0, room), left: Math.max(added.length - room, 0) };
}

/** The list with the item at `from` moved one place left (-1) or right (+1); as is at an end. */
export function moveFile<T>(files: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (from < 0 || from >= files.length || to < 0 || to >= files.length) return [...files];
  const next = [...files];
  [next[from], next[to]] = [next[to] as T, next[from] as T];
  return next;
}

/**
 * How far each file of one multipart body has gone, from the share of the whole body sent: the
 * files go in order, so each one fills once the bytes before it and its own are sent.
 */
export function perFileProgress(sizes: readonly number[], fraction: number): number[] {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total === 0) return sizes.map(() => (fraction >= 1 ? 1 : 0));
  let sent = Math.min(Math.max(fraction, 0), 1) * total;
  return sizes.map((size) => {
    const share = size === 0 ? (sent >= 0 ? 1 : 0) : Math.min(Math.max(sent / size, 0), 1);
    sent -= size;
    return share;
  });
}
