import { describe, expect, it } from 'vitest';
import { fileProblem, formatChance, formatConfidence } from './figures';

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

describe('fileProblem', () => {
  it('refuses what is not a JPEG, PNG, WebP or GIF, and a file over 25 MB', () => {
    expect(fileProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeUndefined();
    expect(fileProblem(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe('notAnImage');
    expect(fileProblem(new File(['x'], 'a.heic', { type: 'image/heic' }))).toBe('notAnImage');
    expect(fileProblem(new File(['x'], 'no-type'))).toBeUndefined();
    const big = new File([new Uint8Array(25 * 1024 * 1024 + 1)], 'b.jpg', { type: 'image/jpeg' });
    expect(fileProblem(big)).toBe('tooLarge');
  });
});
