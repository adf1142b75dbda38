import { describe, expect, it } from 'vitest';
import {
  codecsOf,
  isRepackageable,
  masterPlaylist,
  planLadder,
  withRemadeCodecs,
} from './ladder.ts';
import type { VideoProbe } from './probe.ts';

const names = (width: number, height: number) =>
  planLadder(width, height).map((rung) => `${rung.name}:${rung.width}x${rung.height}`);

describe('planLadder', () => {
  it('never upscales, counting the short side (portrait phone videos)', () => {
    expect(names(3840, 2160)).toEqual(['360p:640x360', '720p:1280x720', '1080p:1920x1080']);
    expect(names(1080, 1920)).toEqual(['360p:360x640', '720p:720x1280', '1080p:1080x1920']);
    expect(names(1280, 720)).toEqual(['360p:640x360', '720p:1280x720']);
    expect(names(854, 480)).toEqual(['360p:640x360']);
  });

  it('keeps a source smaller than the first rung at its own (even) size', () => {
    expect(names(321, 241)).toEqual(['242p:322x242']);
  });
});

const probe = (overrides: Partial<VideoProbe> = {}): VideoProbe => ({
  durationMs: 1000,
  statedMs: 1000,
  format: 'mov',
  width: 1920,
  height: 1080,
  rotation: 0,
  video: { codec: 'h264', profile: 'High', pixFmt: 'yuv420p', level: 40 },
  audio: { codec: 'aac' },
  ...overrides,
});

describe('isRepackageable', () => {
  it('takes 8-bit H.264 with AAC or no sound, up to 1080p, unrotated', () => {
    expect(isRepackageable(probe())).toBe(true);
    expect(isRepackageable(probe({ audio: undefined }))).toBe(true);
    expect(
      isRepackageable(
        probe({ video: { codec: 'hevc', profile: 'Main', pixFmt: 'yuv420p', level: 120 } }),
      ),
    ).toBe(false);
    expect(isRepackageable(probe({ audio: { codec: 'opus' } }))).toBe(false);
    expect(isRepackageable(probe({ rotation: 90 }))).toBe(false);
    expect(isRepackageable(probe({ width: 3840, height: 2160 }))).toBe(false);
    expect(
      isRepackageable(
        probe({ video: { codec: 'h264', profile: 'High 10', pixFmt: 'yuv420p10le', level: 40 } }),
      ),
    ).toBe(false);
  });
});

describe('codecsOf', () => {
  it('writes RFC 6381 codec names', () => {
    expect(codecsOf('High', 31, true)).toBe('avc1.64001f,mp4a.40.2');
    expect(codecsOf('Main', 40, false)).toBe('avc1.4d4028');
  });
});

describe('withRemadeCodecs', () => {
  const master = masterPlaylist([
    { name: '360p', width: 640, height: 360, bandwidth: 800_000, codecs: 'avc1.4d401e,mp4a.40.2' },
    { name: '720p', width: 1280, height: 720, bandwidth: 2_500_000, codecs: 'avc1.42e01f' },
  ]);

  it('names the marked encode (High, the same level) for the repackaged rungs only', () => {
    const lines = withRemadeCodecs(master, ['720p']).split('\n');
    expect(lines.find((line) => line.includes('640x360'))).toContain(
      'CODECS="avc1.4d401e,mp4a.40.2"',
    );
    expect(lines.find((line) => line.includes('1280x720'))).toContain('CODECS="avc1.64001f"');
    expect(withRemadeCodecs(master, ['360p', '720p'])).toContain('CODECS="avc1.64001e,mp4a.40.2"');
  });

  it('leaves a master without repackaged rungs as it is', () => {
    expect(withRemadeCodecs(master, [])).toBe(master);
    expect(withRemadeCodecs(master, ['1080p'])).toBe(master);
  });
});
