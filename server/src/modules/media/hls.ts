/**
 * HLS playlists as we hand them to a player: every URI they list gets the same signed query as
 * the playlist itself, so the whole tree (rungs, init segments, media segments) is gated by one
 * signature and dies with it. Names are checked strictly: a playlist that lists anything but a
 * plain relative file name below its own folder is refused rather than passed on.
 */

export const PLAYLIST_CONTENT_TYPE = 'application/vnd.apple.mpegurl';

/** Far above any ladder we make (a segment line is ~20 bytes): a bound for reading one whole. */
export const PLAYLIST_MAX_BYTES = 2 * 1024 * 1024;

/** A rung's folder: what the transcoder names them (`360p`, `720p`, `1080p`). */
const RUNG_NAME = /^[A-Za-z0-9_-]{1,32}$/;
/** A file in a rung's folder: segments, the fMP4 init segment; never a path. */
const SEGMENT_NAME = /^[A-Za-z0-9_-]{1,64}\.(ts|m4s|mp4|aac|m4a|vtt)$/;

const SEGMENT_TYPES: Record<string, string> = {
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  vtt: 'text/vtt',
};

function isRungName(name: string): boolean {
  return RUNG_NAME.test(name);
}

/** The content type of a segment name, or undefined when the name is not one we serve. */
export function segmentContentType(name: string): string | undefined {
  if (!SEGMENT_NAME.test(name)) return undefined;
  return SEGMENT_TYPES[name.slice(name.lastIndexOf('.') + 1)];
}

/** What a playlist may list: the master its rungs' playlists, a rung its own segments. */
export type PlaylistLevel = 'master' | 'rung';

function isListable(uri: string, level: PlaylistLevel): boolean {
  if (level === 'rung') return segmentContentType(uri) !== undefined;
  const [rung, file, ...rest] = uri.split('/');
  return rest.length === 0 && rung !== undefined && isRungName(rung) && file === 'index.m3u8';
}

export class UnsafePlaylistError extends Error {}

/**
 * The playlist with `query` (`exp=..&sig=..`) appended to every URI: the lines that are URIs and
 * the URI="..." attributes of tags (EXT-X-MAP, EXT-X-MEDIA, EXT-X-I-FRAME-STREAM-INF). Throws
 * UnsafePlaylistError on a URI that is not a plain relative name this level may list.
 */
export function signPlaylist(text: string, level: PlaylistLevel, query: string): string {
  const signed = (uri: string) => {
    if (!isListable(uri, level))
      throw new UnsafePlaylistError(`unexpected URI in playlist: ${uri}`);
    return `${uri}?${query}`;
  };
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== '#EXTM3U') throw new UnsafePlaylistError('not an HLS playlist');
  return lines
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed === '') return trimmed;
      if (!trimmed.startsWith('#')) return signed(trimmed);
      return trimmed.replace(/URI="([^"]*)"/g, (_match, uri: string) => `URI="${signed(uri)}"`);
    })
    .join('\n');
}
