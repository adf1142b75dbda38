import { describe, expect, it } from 'vitest';
import { createMediaSigner } from './signing.ts';

const KEY = new Uint8Array(32).fill(3);
const ID = '0b9a3c5e-1f2d-4a6b-8c7d-9e0f1a2b3c4d';
const NOW = Date.UTC(2026, 10, 27, 3, 0, 7);

function parts(url: string) {
  const query = new URL(url, 'http://zura.test').searchParams;
  return { exp: query.get('exp') ?? '', to: query.get('to') ?? '', sig: query.get('sig') ?? '' };
}

describe('marked media URLs (issue 35)', () => {
  it('name their recipient and verify for them alone', () => {
    const signer = createMediaSigner(KEY);
    const url = signer.markedUrl(ID, 'feed', 42, NOW);
    expect(url).toMatch(new RegExp(`^/media/${ID}/feed\\?exp=\\d+&to=42&sig=[\\w-]+$`));
    const { exp, to, sig } = parts(url);
    expect(signer.verifyMarked(ID, 'feed', exp, to, sig, NOW)).toBe(42);
    expect(signer.verifyMarked(ID, 'feed', exp, '43', sig, NOW)).toBeNull();
    expect(signer.verifyMarked(ID, 'medium', exp, to, sig, NOW)).toBeNull();
    expect(signer.verifyMarked(ID, 'feed', exp, to, `${sig.slice(0, -1)}A`, NOW)).toBeNull();
    expect(signer.verifyMarked(ID, 'feed', exp, to, sig, Number(exp) * 1000)).toBeNull();
  });

  it('differ per recipient, and neither kind of signature passes for the other', () => {
    const signer = createMediaSigner(KEY);
    const mine = parts(signer.markedUrl(ID, 'feed', 42, NOW));
    const theirs = parts(signer.markedUrl(ID, 'feed', 7, NOW));
    expect(mine.sig).not.toBe(theirs.sig);
    const plain = parts(signer.url(ID, 'feed', NOW));
    expect(signer.verify(ID, 'feed', mine.exp, mine.sig, NOW)).toBe(false);
    expect(signer.verifyMarked(ID, 'feed', plain.exp, '42', plain.sig, NOW)).toBeNull();
  });

  it('refuse a malformed recipient', () => {
    const signer = createMediaSigner(KEY);
    const { exp, sig } = parts(signer.markedUrl(ID, 'feed', 42, NOW));
    for (const to of ['', '042', '-42', '4.2', '1e3'])
      expect(signer.verifyMarked(ID, 'feed', exp, to, sig, NOW)).toBeNull();
  });
});
