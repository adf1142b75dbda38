import type { MediaStorage } from '../../storage/storage.ts';
import { MAX_IMAGE_BYTES } from './policy.ts';

/**
 * Hands sharp a stored image: in memory up to the image contexts' size limit (one read from a
 * bucket), as a local file beyond it, since the media library accepts images up to the upload
 * limit and those must not be held whole in memory.
 */
export function withImageInput<T>(
  storage: MediaStorage,
  key: string,
  size: number,
  use: (input: Buffer | string) => Promise<T>,
): Promise<T> {
  if (size <= MAX_IMAGE_BYTES) return storage.readBuffer(key).then(use);
  return storage.withLocalFile(key, use);
}
