/** Where the server serves media bytes; relative paths from the API are resolved against it. */
const MEDIA_BASE = '/media';

/**
 * Spec: relative media paths are prefixed with the media storage base; absolute URLs (http,
 * blob, data) and root-relative paths are used as they are.
 */
export function resolveMediaUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|blob:|data:)/i.test(path) || path.startsWith('/')) return path;
  return `${MEDIA_BASE}/${path}`;
}
