import { describe, expect, it } from 'vitest';
import { fileProblem, formatChance, formatConfidence, traceKind } from './figures';

describe('formatConfidence', () => {
  it('shows a named account as close to sure, never 100%', () => {
    expect(formatConfidence(1, 'en')).toBe('99.9999999%');
    expect(formatConfidence(1 - 5e-10, 'en')).toBe('99.9999999%');
    expect(formatConfidence(1, 'de')).toBe('99,9999999\u00a0%');
  });

  it('keeps the digits of a weaker reading, truncated', () => {
    expect(formatConfidence(0.725, 'en')).toBe('72.5%');
    expect(formatConfidence(0.99999, 'en')).toBe('99.999%');
    expect(formatConfidence(0, 'en')).toBe('0%');
  });
});

describe('formatChance', () => {
  it('writes a small chance as one digit and a power of ten', () => {
    expect(formatChance(8.2e-57)).toBe('8e-57');
    expect(formatChance(3e-12)).toBe('3e-12');
    expect(formatChance(0.02)).toBe('0.02');
    expect(formatChance(0)).toBe('0');
  });
});

/** A file of `type` that says it holds `size` bytes (without holding them). */
function sized(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const MB = 1024 ** 2;
const GB = 1024 ** 3;

describe('fileProblem', () => {
  it('refuses what is not a JPEG, PNG, WebP or GIF image or an MP4, MOV, WebM or MKV video', () => {
    expect(fileProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeUndefined();
    for (const type of ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska']) {
      expect(fileProblem(new File(['x'], 'clip', { type }))).toBeUndefined();
    }
    expect(fileProblem(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe('notTraceable');
    expect(fileProblem(new File(['x'], 'a.heic', { type: 'image/heic' }))).toBe('notTraceable');
    expect(fileProblem(new File(['x'], 'a.avi', { type: 'video/x-msvideo' }))).toBe('notTraceable');
    expect(fileProblem(new File(['x'], 'no-type'))).toBeUndefined();
  });

  it('refuses an image over 25 MB', () => {
    const big = new File([new Uint8Array(25 * MB + 1)], 'b.jpg', { type: 'image/jpeg' });
    expect(fileProblem(big)).toBe('imageTooLarge');
    expect(fileProblem(sized('b.jpg', 'image/jpeg', 25 * MB))).toBeUndefined();
  });

  it('takes a video of up to 1 GB and refuses a larger one', () => {
    expect(fileProblem(sized('clip.mp4', 'video/mp4', 25 * MB + 1))).toBeUndefined();
    expect(fileProblem(sized('clip.mov', 'video/quicktime', GB))).toBeUndefined();
    expect(fileProblem(sized('clip.webm', 'video/webm', GB + 1))).toBe('videoTooLarge');
  });

  it('sends a file without a type to the server, unless it is over 1 GB', () => {
    expect(fileProblem(sized('clip.mkv', '', 30 * MB))).toBeUndefined();
    expect(fileProblem(sized('clip.mkv', '', GB + 1))).toBe('tooLarge');
  });
});

describe('traceKind', () => {
  it('tells an image from a video by type, else by extension', () => {
    expect(traceKind(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe('image');
    expect(traceKind(new File(['x'], 'a', { type: 'video/x-matroska' }))).toBe('video');
    expect(traceKind(new File(['x'], 'Clip.MKV'))).toBe('video');
    expect(traceKind(new File(['x'], 'shot.PNG'))).toBe('image');
    expect(traceKind(new File(['x'], 'no-type'))).toBeUndefined();
    expect(traceKind(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBeUndefined();
  });
});
