import { describe, expect, it } from 'vitest';
import { segmentVariantBit } from '../../watermark/index.ts';
import { bestRecipient, markedThreshold, VIDEO_MAX_FALSE_MATCH } from './video-trace.ts';

const key = Buffer.alloc(32, 9);
const upload = '00000000-0000-4000-8000-000000000001';
const codeOf = (serial: number, n: number) =>
  Array.from({ length: n }, (_, i) => segmentVariantBit(key, upload, serial, i));

describe('markedThreshold', () => {
  it('splits unmarked segments (noise, up to a few tens) from marked ones (hundreds)', () => {
    const z = [0.3, 195, 202, 12.9, 201, 15.7, 25.9, 203];
    const threshold = markedThreshold(z);
    expect(z.map((value) => (value > threshold ? 1 : 0))).toEqual([0, 1, 1, 0, 1, 0, 0, 1]);
  });

  it("splits a noisy picture's weaker marked segments (60 to 120) from unmarked ones near zero", () => {
    // Read from a 1/3-bitrate re-encode of a 720p stream with heavy grain (bench/src/video-marking.ts).
    const z = [
      1, 70, 80, 77, -0, -1, 102, 65, 90, 1, 1, 0, 120, 0, 117, 73, 101, 0, 0, 1, 122, 79, 1,
    ];
    const threshold = markedThreshold(z);
    expect(z.map((value) => (value > threshold ? 1 : 0)).join('')).toBe('01110011100010111000110');
  });

  it("splits a noisy 360p picture's marked segments (23 to 38) from unmarked ones near zero", () => {
    // bench/src/video-marking.ts --size 640x360, its fifth video (the most grain).
    const z = [38, 1, 1, -0, 0, 29, -2, 23, -1, 30, 0, 1, -0, -0, 34, -0, -0, 1, -1, 24, -0, 0, -0];
    const threshold = markedThreshold(z);
    expect(z.map((value) => (value > threshold ? 1 : 0)).join('')).toBe('10000101010000100001000');
  });

  it('does not split noise that spreads without two groups', () => {
    const z = [3, 60, 12, 45, 30, 71, 22, 50, 8, 38, 64, 17];
    expect(z.every((value) => value <= markedThreshold(z))).toBe(true);
  });

  it('reads a stream of one variant only against the fixed bar', () => {
    expect([3, 25, 12, 18].every((value) => value <= markedThreshold([3, 25, 12, 18]))).toBe(true);
    const marked = [190, 210, 205];
    expect(marked.every((value) => value > markedThreshold(marked))).toBe(true);
  });
});

describe('bestRecipient', () => {
  it('names the recipient whose code the bits are, with a chance under the bar over 40 segments', () => {
    const marks = [{ serial: 1 }, { serial: 2 }, { serial: 3 }, { serial: 4 }];
    const bits = codeOf(3, 40);
    const best = bestRecipient(key, upload, bits, marks);
    expect(best).toMatchObject({ serial: 3, agreeing: 40, total: 40, tied: false });
    expect(best?.falseMatchProbability).toBeLessThan(VIDEO_MAX_FALSE_MATCH);
  });

  it('stays above the bar for a short video: too few segments to name anyone', () => {
    const marks = Array.from({ length: 100 }, (_, i) => ({ serial: i + 1 }));
    const best = bestRecipient(key, upload, codeOf(7, 8), marks);
    expect(best?.falseMatchProbability).toBeGreaterThan(VIDEO_MAX_FALSE_MATCH);
  });

  it('answers nothing without recipients', () => {
    expect(bestRecipient(key, upload, [1, 0, 1], [])).toBeUndefined();
  });
});
