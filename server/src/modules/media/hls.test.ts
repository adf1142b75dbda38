import { describe, expect, it } from 'vitest';
import { segmentContentType, signPlaylist, UnsafePlaylistError } from './hls.ts';

const Q = 'exp=1800000000&sig=abc_-9';

describe('signPlaylist', () => {
  it('signs every rung of a master, and the URIs of its tags', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="en",URI="audio/index.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,AUDIO="a"',
      '360p/index.m3u8',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,URI="720p/index.m3u8"',
      '',
    ].join('\r\n');
    expect(signPlaylist(master, 'master', Q).split('\n')).toEqual([
      '#EXTM3U',
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="en",URI="audio/index.m3u8?${Q}"`,
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,AUDIO="a"',
      `360p/index.m3u8?${Q}`,
      `#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,URI="720p/index.m3u8?${Q}"`,
      '',
    ]);
  });

  it("signs a rung's segments and its init segment", () => {
    const rung = '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2.0,\nseg000.m4s\n#EXT-X-ENDLIST\n';
    expect(signPlaylist(rung, 'rung', Q)).toBe(
      `#EXTM3U\n#EXT-X-MAP:URI="init.mp4?${Q}"\n#EXTINF:2.0,\nseg000.m4s?${Q}\n#EXT-X-ENDLIST\n`,
    );
  });

  it('refuses anything but plain relative names of its level, and what is not a playlist', () => {
    const refused: [string, 'master' | 'rung'][] = [
      ['#EXTM3U\n../other/index.m3u8', 'master'],
      ['#EXTM3U\nhttps://cdn.example/360p/index.m3u8', 'master'],
      ['#EXTM3U\n360p/seg000.ts', 'master'],
      ['#EXTM3U\n/media/x/original', 'master'],
      ['#EXTM3U\n360p/index.m3u8', 'rung'],
      ['#EXTM3U\n../360p/seg000.ts', 'rung'],
      ['#EXTM3U\nseg000.ts?x=1', 'rung'],
      ['#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example/k"', 'rung'],
      ['seg000.ts', 'rung'],
      ['', 'master'],
    ];
    for (const [text, level] of refused) {
      expect(() => signPlaylist(text, level, Q), text).toThrow(UnsafePlaylistError);
    }
  });
});

describe('segmentContentType', () => {
  it('types the segments we make and nothing else', () => {
    expect(segmentContentType('seg000.ts')).toBe('video/mp2t');
    expect(segmentContentType('seg001.m4s')).toBe('video/iso.segment');
    expect(segmentContentType('init.mp4')).toBe('video/mp4');
    for (const name of [
      'index.m3u8',
      '../seg.ts',
      'seg.ts/x',
      '.ts',
      'seg.TS',
      'a b.ts',
      'seg.exe',
    ]) {
      expect(segmentContentType(name), name).toBeUndefined();
    }
  });
});
