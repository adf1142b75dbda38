import { spawnLimited } from './run-ffmpeg.ts';
import type { Sandbox } from './sandbox.ts';

/** What the transcode needs to know about a source, as displayed (rotation applied). */
export type VideoProbe = {
  /** How long its video stream really is, measured from its packets (at most a bit past the limit). */
  durationMs: number;
  /** How long its header says it is, when it says: a file that ends well before is incomplete. */
  statedMs: number | undefined;
  /** The demuxer every run reads it with (`-f`), from its sniffed type. */
  format: string;
  width: number;
  height: number;
  /** Degrees the player must turn the stored frames; 0 for most files. */
  rotation: number;
  video: { codec: string; profile: string; pixFmt: string; level: number };
  audio: { codec: string } | undefined;
};

/** The file is not a video we can read: unreadable, damaged, or without a picture. */
export class UnreadableVideoError extends Error {}

type Stream = {
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  pix_fmt?: string;
  level?: number;
  width?: number;
  height?: number;
  duration?: string;
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
  disposition?: { attached_pic?: number };
};

/**
 * The demuxer for a sniffed type: every run names it (`-f`), so ffmpeg never guesses one from
 * the bytes, and a playlist or concat script dressed as a video is never followed.
 */
const DEMUXERS: Record<string, string> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/webm': 'matroska',
  'video/matroska': 'matroska',
  'video/x-matroska': 'matroska',
  'video/ogg': 'ogg',
};

/** The demuxer runs over an upload of this sniffed type name, if it is a video we read. */
export function demuxerFor(contentType: string): string | undefined {
  return DEMUXERS[contentType];
}

/** The input options of every run over an upload: its demuxer, and local files only. */
export function inputOptions(format: string): string[] {
  return ['-protocol_whitelist', 'file,pipe', '-f', format];
}

/** How long one ffprobe run may take before it is ended (the file is then unreadable): the
 * packet scan reads the whole file, 10 GB of it from a slow disk included. */
const PROBE_TIMEOUT_MS = 600_000;

/** Runs ffprobe under the sandbox, handing each line of its output to `onLine` (false: stop). */
function ffprobeLines(
  ffprobe: string,
  args: string[],
  sandbox: Sandbox,
  onLine: (line: string) => boolean,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnLimited(ffprobe, ['-v', 'error', ...args], sandbox);
    let stopped = false;
    let pending = '';
    let stderr = '';
    const timer = setTimeout(() => {
      stopped = true;
      child.kill('SIGKILL');
      reject(new UnreadableVideoError(`ffprobe took over ${PROBE_TIMEOUT_MS} ms`));
    }, PROBE_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      if (stopped) return;
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!onLine(line)) {
          stopped = true;
          child.kill('SIGKILL');
          return;
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-2000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (!stopped && pending) onLine(pending);
      if (stopped || code === 0) resolve();
      else reject(new UnreadableVideoError(`ffprobe exited with ${code}: ${stderr}`));
    });
  });
}

/**
 * Reads a source's streams from its header, then measures its video stream from the packets
 * themselves (a header may say 5 s of a two-minute file), stopping once it is past `maxMs`.
 */
export async function probeVideo(
  ffprobe: string,
  file: string,
  options: { contentType: string; sandbox: Sandbox; maxMs: number },
): Promise<VideoProbe> {
  const format = demuxerFor(options.contentType);
  if (!format) throw new UnreadableVideoError(`no demuxer for ${options.contentType}`);
  const input = [...inputOptions(format), '-i', file];
  let json = '';
  await ffprobeLines(
    ffprobe,
    ['-print_format', 'json', '-show_format', '-show_streams', ...input],
    options.sandbox,
    (line) => {
      json += `${line}\n`;
      return json.length < 16 * 1024 * 1024;
    },
  );
  let header: { streams?: Stream[]; format?: { duration?: string } };
  try {
    header = JSON.parse(json) as typeof header;
  } catch {
    throw new UnreadableVideoError('ffprobe answered no readable description');
  }
  let first = Infinity;
  let end = -Infinity;
  const scan = ffprobeLines(
    ffprobe,
    [
      '-select_streams',
      'v:0',
      '-show_entries',
      'packet=pts_time,dts_time,duration_time',
      '-of',
      'csv=p=0',
      ...input,
    ],
    options.sandbox,
    (line) => {
      const [pts, dts, length] = line.split(',').map(Number);
      const at = Number.isFinite(pts) ? pts : dts;
      if (at === undefined || !Number.isFinite(at)) return true;
      first = Math.min(first, at);
      end = Math.max(end, at + (length !== undefined && Number.isFinite(length) ? length : 0));
      return (end - first) * 1000 <= options.maxMs;
    },
  );
  // A damaged tail ends the scan with an error: what was read before it still counts.
  await scan.catch((error: unknown) => {
    if (!Number.isFinite(first)) throw error;
  });
  if (!Number.isFinite(first)) throw new UnreadableVideoError('no video packets');
  return readProbe(header, format, Math.round((end - first) * 1000));
}

function readProbe(
  data: { streams?: Stream[]; format?: { duration?: string } },
  format: string,
  measuredMs: number,
): VideoProbe {
  const streams = data.streams ?? [];
  // A cover picture in an audio file is a "video" stream of one frame: not a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video?.width || !video.height) throw new UnreadableVideoError('no video stream');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const seconds = Number(data.format?.duration ?? video.duration);
  if (measuredMs <= 0) throw new UnreadableVideoError('no duration');
  const sideRotation = video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  const rotation =
    ((Math.round(sideRotation ?? Number(video.tags?.rotate ?? 0)) % 360) + 360) % 360;
  const turned = rotation === 90 || rotation === 270;
  return {
    durationMs: measuredMs,
    statedMs: Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) : undefined,
    format,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    rotation,
    video: {
      codec: video.codec_name ?? 'unknown',
      profile: video.profile ?? '',
      pixFmt: video.pix_fmt ?? '',
      level: video.level ?? 0,
    },
    audio: audio ? { codec: audio.codec_name ?? 'unknown' } : undefined,
  };
}
