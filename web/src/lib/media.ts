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

/**
 * A server's `srcset` ("<url> 320w, <url> 640w") with each URL resolved like any media path.
 * Undefined without one (older servers, images whose sizes are not made yet): `src` alone then.
 */
export function resolveSrcset(srcset: string | null | undefined): string | undefined {
  if (!srcset) return undefined;
  return srcset
    .split(',')
    .map((entry) => entry.trim().split(/\s+/))
    .filter(([url, width]) => url && width)
    .map(([url, width]) => `${resolveMediaUrl(url)} ${width}`)
    .join(', ');
}

/**
 * How wide a post image shows: the whole column on a phone, at most the feed column (42 rem,
 * `max-w-2xl` less its padding) beyond. Lets the browser pick the smallest size that fills it.
 */
export const POST_IMAGE_SIZES = '(max-width: 672px) 100vw, 640px';
