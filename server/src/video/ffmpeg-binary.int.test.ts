import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { OutdatedFfmpegError, resolveFfmpeg } from './ffmpeg-binary.ts';

const require = createRequire(import.meta.url);
const bundled = () => require('@ffmpeg-installer/ffmpeg') as { path: string; version: string };

// resolveFfmpeg runs each candidate (`ffmpeg -version`): processes, so the integration tier.
describe('resolveFfmpeg', () => {
  it('refuses the 2018 bundled ffmpeg for uploads when there is none on PATH', async () => {
    const found = resolveFfmpeg({ ffmpegPath: undefined, allowOutdated: false, searchPath: '' });
    await expect(found).rejects.toBeInstanceOf(OutdatedFfmpegError);
    await expect(found).rejects.toThrow(
      /^The bundled ffmpeg \(build 20181210-g0e8eb07980\) is too old to decode uploads: install ffmpeg 5\.1\.0 or newer .* or set FFMPEG_ALLOW_OUTDATED=true to accept the risk$/,
    );
  });

  it('uses the bundled ffmpeg when the operator accepts an outdated one', async () => {
    const found = await resolveFfmpeg({
      ffmpegPath: undefined,
      allowOutdated: true,
      searchPath: '',
    });
    expect(found).toMatchObject({ source: 'bundled', ffmpeg: bundled().path });
  });

  it('prefers a current system ffmpeg (5.1 or newer, with libx264) to the bundled one', async () => {
    const found = await resolveFfmpeg({
      ffmpegPath: undefined,
      allowOutdated: false,
      searchPath: '/usr/bin',
    }).catch((error: unknown) => error);
    // Where the machine has none (a fresh one), the refusal above is what it answers.
    if (found instanceof OutdatedFfmpegError) return;
    expect(found).toMatchObject({ source: 'system', ffmpeg: '/usr/bin/ffmpeg' });
  });

  it('uses FFMPEG_PATH as given when its version cannot be read (a git build)', async () => {
    const found = await resolveFfmpeg({
      ffmpegPath: bundled().path,
      allowOutdated: false,
      searchPath: '',
    });
    expect(found).toMatchObject({ source: 'FFMPEG_PATH', ffmpeg: bundled().path });
  });

  it('refuses an FFMPEG_PATH that does not run', async () => {
    await expect(
      resolveFfmpeg({ ffmpegPath: '/nonexistent/ffmpeg', allowOutdated: false }),
    ).rejects.toThrow('FFMPEG_PATH=/nonexistent/ffmpeg does not run as ffmpeg');
  });
});
