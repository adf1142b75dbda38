import { describe, expect, it } from 'vitest';
import { parseVersion } from './ffmpeg-binary.ts';

describe('parseVersion', () => {
  it('reads release versions, not git snapshots', () => {
    expect(parseVersion('ffmpeg version 5.1.9-0+deb12u1 Copyright')).toEqual([5, 1, 9]);
    expect(parseVersion('ffmpeg version n7.1 Copyright')).toEqual([7, 1, 0]);
    expect(parseVersion('ffmpeg version N-47683-g0e8eb07980-static')).toBeUndefined();
  });
});
