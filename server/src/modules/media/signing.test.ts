import { describe, expect, it } from 'vitest';
import { createMediaSigner } from './signing.ts';

const KEY = new Uint8Array(32).fill(3);
const ID = '0b9a3c5e-1f2d-4a6b-8c7d-9e0f1a2b3c4d';
const NOW = Date.UTC(2026, 10, 27, 3, 0, 7);

/** The `exp` and `sig` of a signed URL. */
function parts(url: string) {
  const query = new URL(url, 'http://zura.test').searchParams;
  return { exp: query.get('exp') ?? '', sig: query.get('sig') ?? '' };
}

describe('signed media URLs', () => {
  it('live at most an hour by default, rounded to ten minutes', () => {
    const signer = createMediaSigner(KEY);
    const { exp, sig } = parts(signer.url(ID, 'mp4', NOW));
    const seconds = Number(exp) - NOW / 1000;
    expect(seconds).toBeGreaterThan(50 * 60);
    expect(seconds).toBeLessThanOrEqual(60 * 60);
    expect(Number(exp) % 600).toBe(0);
    expect(signer.verify(ID, 'mp4', exp, sig, NOW)).toBe(true);
    expect(signer.verify(ID, 'mp4', exp, sig, Number(exp) * 1000)).toBe(false);
  });

  it('name their period: the expiry every URL signed now carries, which moves when theirs does', () => {
    const signer = createMediaSigner(KEY);
    const period = signer.period(NOW);
    expect(String(period)).toBe(parts(signer.url(ID, 'feed', NOW)).exp);
    // Within the ten-minute step, the same period and the same URL: a cached answer stays right.
    const later = NOW + 60_000;
    expect(signer.period(later)).toBe(period);
    expect(signer.url(ID, 'feed', later)).toBe(signer.url(ID, 'feed', NOW));
    // Past it, both move together: an answer cached under the old period is made again.
    const next = Number(period) * 1000 - 50 * 60_000 + 1_000;
    expect(signer.period(next)).toBeGreaterThan(period);
    expect(parts(signer.url(ID, 'feed', next)).exp).toBe(String(signer.period(next)));
  });

  it('live as long as MEDIA_URL_LIFETIME says, then are refused and signed anew', () => {
    const signer = createMediaSigner(KEY, 60);
    const first = signer.hlsUrl(ID, NOW);
    const { exp, sig } = parts(first);
    const seconds = Number(exp) - NOW / 1000;
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(signer.verify(ID, 'hls', exp, sig, NOW)).toBe(true);
    const later = Number(exp) * 1000 + 1000;
    expect(signer.verify(ID, 'hls', exp, sig, later)).toBe(false);
    // Read again after it expired, the same video gets a URL that opens.
    const fresh = signer.hlsUrl(ID, later);
    expect(fresh).not.toBe(first);
    expect(signer.verify(ID, 'hls', parts(fresh).exp, parts(fresh).sig, later)).toBe(true);
  });

  it('refuses an expiry further ahead than the lifetime', () => {
    const long = createMediaSigner(KEY, 3600);
    const { exp, sig } = parts(long.url(ID, 'original', NOW));
    expect(createMediaSigner(KEY, 60).verify(ID, 'original', exp, sig, NOW)).toBe(false);
  });
});
