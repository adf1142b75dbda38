import { execFile } from 'node:child_process';

/** What the transcode needs to know about a source, as displayed (rotation applied). */
export type VideoProbe = {
  durationMs: number;
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

export function probeVideo(ffprobe: string, file: string): Promise<VideoProbe> {
  return new Promise((resolve, reject) => {
    execFile(
      ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => {
        if (error) return reject(new UnreadableVideoError(`ffprobe failed: ${error.message}`));
        try {
          resolve(
            readProbe(JSON.parse(stdout) as { streams?: Stream[]; format?: { duration?: string } }),
          );
        } catch (parseError) {
          reject(parseError);
        }
      },
    );
  });
}

function readProbe(data: { streams?: Stream[]; format?: { duration?: string } }): VideoProbe {
  const streams = data.streams ?? [];
  // A cover picture in an audio file is a "video" stream of one frame: not a video.
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video?.width || !video.height) throw new UnreadableVideoError('no video stream');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const seconds = Number(data.format?.duration ?? video.duration);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UnreadableVideoError('no duration');
  const sideRotation = video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  const rotation =
    ((Math.round(sideRotation ?? Number(video.tags?.rotate ?? 0)) % 360) + 360) % 360;
  const turned = rotation === 90 || rotation === 270;
  return {
    durationMs: Math.round(seconds * 1000),
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
