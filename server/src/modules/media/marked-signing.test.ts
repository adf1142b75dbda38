import { describe, expect, it } from 'vitest';
import { createMediaSigner } from './signing.ts';

const KEY = new Uint8Array(32).fill(3);
const ID = '0b9a3c5e-1f2d-4a6b-8c7d-9e0f1a2b3c4d';
const NOW = Date.UTC(2026, 10, 27, 3, 0, 7);

function parts(url: string) {
  const query = new URL(url, 'http://zura.test').searchParams;
  const v = query.get('v');
  return {
    exp: query.get('exp') ?? '',
    to: query.get('to') ?? '',
    sig: query.get('sig') ?? '',
    ...(v === null ? {} : { v }),
  };
}

describe('marked media URLs (issue 35)', () => {
  it('name their recipient and verify for them alone', () => {
    const signer = createMediaSigner(KEY);
    const url = signer.markedUrl(ID, 'feed', 42, { now: NOW });
    expect(url).toMatch(new RegExp(`^/media/${ID}/feed\\?exp=\\d+&to=42&sig=[\\w-]+$`));
    const query = parts(url);
    expect(signer.verifyMarked(ID, 'feed', query, NOW)).toEqual({
      recipientId: 42,
      visible: false,
    });
    expect(signer.verifyMarked(ID, 'feed', { ...query, to: '43' }, NOW)).toBeNull();
    expect(signer.verifyMarked(ID, 'medium', query, NOW)).toBeNull();
    const changed = { ...query, sig: `${query.sig.slice(0, -1)}A` };
    expect(signer.verifyMarked(ID, 'feed', changed, NOW)).toBeNull();
    expect(signer.verifyMarked(ID, 'feed', query, Number(query.exp) * 1000)).toBeNull();
  });

  it('differ per recipient, and neither kind of signature passes for the other', () => {
    const signer = createMediaSigner(KEY);
    const mine = parts(signer.markedUrl(ID, 'feed', 42, { now: NOW }));
    const theirs = parts(signer.markedUrl(ID, 'feed', 7, { now: NOW }));
    expect(mine.sig).not.toBe(theirs.sig);
    const plain = parts(signer.url(ID, 'feed', NOW));
    expect(signer.verify(ID, 'feed', mine.exp, mine.sig, NOW)).toBe(false);
    expect(signer.verifyMarked(ID, 'feed', { ...plain, to: '42' }, NOW)).toBeNull();
  });

  it('refuse a malformed recipient', () => {
    const signer = createMediaSigner(KEY);
    const query = parts(signer.markedUrl(ID, 'feed', 42, { now: NOW }));
    for (const to of ['', '042', '-42', '4.2', '1e3'])
      expect(signer.verifyMarked(ID, 'feed', { ...query, to }, NOW)).toBeNull();
  });

  it('cover the visible mark: v=1 can be neither added, taken off nor changed', () => {
    const signer = createMediaSigner(KEY);
    const url = signer.markedUrl(ID, 'feed', 42, { visible: true, now: NOW });
    expect(url).toMatch(new RegExp(`^/media/${ID}/feed\\?exp=\\d+&to=42&v=1&sig=[\\w-]+$`));
    const visible = parts(url);
    expect(signer.verifyMarked(ID, 'feed', visible, NOW)).toEqual({
      recipientId: 42,
      visible: true,
    });
    const { v: _taken, ...withoutV } = visible;
    expect(signer.verifyMarked(ID, 'feed', withoutV, NOW)).toBeNull();
    const invisible = parts(signer.markedUrl(ID, 'feed', 42, { now: NOW }));
    expect(signer.verifyMarked(ID, 'feed', { ...invisible, v: '1' }, NOW)).toBeNull();
    for (const v of ['', '0', 'true', '01'])
      expect(signer.verifyMarked(ID, 'feed', { ...visible, v }, NOW)).toBeNull();
  });
});
