import type { MediaStorage } from './storage.ts';

/**
 * Every key of an upload's video renditions starts here, so deleting the upload removes the
 * folder, whatever a transcode had stored of it by then.
 */
export function renditionsPrefix(ownerId: number, uploadId: string): string {
  return `renditions/${ownerId}/${uploadId}/`;
}

/** The renditions of every upload of one account. */
export function accountRenditionsPrefix(ownerId: number): string {
  return `renditions/${ownerId}/`;
}

/** Removes every object under `prefix`. */
export async function removeUnder(storage: MediaStorage, prefix: string): Promise<void> {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  await Promise.all(keys.map((key) => storage.remove(key)));
}
