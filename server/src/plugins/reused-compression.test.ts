import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './reused-compression.ts';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, among what the client accepts', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('GZIP')).toBe('gzip');
  });

  it('follows the q-values, a q of 0 refusing; * and x-gzip as @fastify/compress reads them', () => {
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('br;q=0.2, gzip;q=0.9')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding('x-gzip')).toBe('gzip');
  });

  it('sends nothing compressed without a header, for identity, or for an unknown coding', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('')).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('deflate')).toBeUndefined();
    expect(preferredEncoding('br;q=nonsense')).toBeUndefined();
  });
});
