import { describe, expect, it } from 'vitest';
import { resolveMediaUrl, resolveSrcset } from './media';

describe('resolveSrcset', () => {
  it('resolves each URL like a media path and keeps its width', () => {
    expect(resolveSrcset('a/thumb.webp 320w, /media/x/medium?e=1&s=2 640w')).toBe(
      '/media/a/thumb.webp 320w, /media/x/medium?e=1&s=2 640w',
    );
  });

  it('is undefined without a srcset, so src stands alone', () => {
    expect(resolveSrcset(undefined)).toBeUndefined();
    expect(resolveSrcset('')).toBeUndefined();
  });

  it('drops an entry without a width', () => {
    expect(resolveSrcset('/media/x/feed 1080w, /media/x/lost')).toBe('/media/x/feed 1080w');
  });
});

describe('resolveMediaUrl', () => {
  it('prefixes relative paths only', () => {
    expect(resolveMediaUrl('p.png')).toBe('/media/p.png');
    expect(resolveMediaUrl('https://cdn.example/p.png')).toBe('https://cdn.example/p.png');
  });
});
