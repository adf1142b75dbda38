import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parseVersion, resolveFfmpeg } from './ffmpeg-binary.ts';

const require = createRequire(import.meta.url);

describe('resolveFfmpeg', () => {
  it('uses the ffmpeg that npm install brought when there is none on PATH', async () => {
    const bundled = require('@ffmpeg-installer/ffmpeg') as { path: string };
    const found = await resolveFfmpeg({ ffmpegPath: undefined, searchPath: '' });
    expect(found).toMatchObject({ source: 'bundled', ffmpeg: bundled.path });
  });

  it('uses FFMPEG_PATH as given', async () => {
    const bundled = require('@ffmpeg-installer/ffmpeg') as { path: string };
    const found = await resolveFfmpeg({ ffmpegPath: bundled.path, searchPath: '' });
    expect(found).toMatchObject({ source: 'FFMPEG_PATH', ffmpeg: bundled.path });
  });

  it('refuses an FFMPEG_PATH that does not run', async () => {
    await expect(resolveFfmpeg({ ffmpegPath: '/nonexistent/ffmpeg' })).rejects.toThrow(
      'FFMPEG_PATH=/nonexistent/ffmpeg does not run as ffmpeg',
    );
  });

  it('reads release versions, not git snapshots', () => {
    expect(parseVersion('ffmpeg version 5.1.9-0+deb12u1 Copyright')).toEqual([5, 1, 9]);
    expect(parseVersion('ffmpeg version n7.1 Copyright')).toEqual([7, 1, 0]);
    expect(parseVersion('ffmpeg version N-47683-g0e8eb07980-static')).toBeUndefined();
  });
});
