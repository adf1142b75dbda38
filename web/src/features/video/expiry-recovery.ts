/**
 * A video's URLs are signed and expire within the hour (the server answers 404 after that,
 * and the bucket's presigned redirects live minutes). A viewer who paused longer, or left the
 * tab open, meets a failing playlist, segment or file: the player then reads the item that
 * holds the video again (its post, message or library item), which signs fresh URLs, and picks
 * the video up where it was. A URL that still fails once read again is a real failure.
 */

/** Where to pick a video up: its position, whether it was playing, and the URL that failed. */
export interface ResumePoint {
  at: number;
  playing: boolean;
  stale: string;
}

/**
 * What to do when `source` failed, the video being at `position`: read fresh URLs (once per
 * URL), or give up on it (the caller falls back, as it did before) when a refresh for this
 * very URL already happened or is under way.
 */
export function onSourceFailed(
  source: string,
  pending: ResumePoint | undefined,
  position: { at: number; playing: boolean },
): { action: 'refresh'; resume: ResumePoint } | { action: 'give-up' } {
  if (pending?.stale === source) return { action: 'give-up' };
  const at = Number.isFinite(position.at) && position.at > 0 ? position.at : 0;
  return { action: 'refresh', resume: { at, playing: position.playing, stale: source } };
}

/**
 * Whether a query's data holds a URL of `uploadId` (`/media/<id>/...`): the queries to read
 * again for fresh URLs of that video.
 */
export function holdsUpload(data: unknown, uploadId: string): boolean {
  if (data === undefined || data === null) return false;
  let text: string;
  try {
    text = JSON.stringify(data);
  } catch {
    return false;
  }
  return text.toLowerCase().includes(`/media/${uploadId.toLowerCase()}/`);
}

/**
 * Whether items read again for fresh URLs of `staleUrl`'s video gave new ones: some hold the
 * video, and none still names the failed URL (the same signature means it did not expire).
 */
export function gaveFreshUrls(datas: readonly unknown[], uploadId: string, staleUrl: string) {
  const holding = datas.filter((data) => holdsUpload(data, uploadId));
  return holding.length > 0 && !holding.some((data) => JSON.stringify(data).includes(staleUrl));
}
