import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextPagePath, parseLinkHeader } from './link-header';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('parseLinkHeader', () => {
  it('reads the relation types of each link', () => {
    expect(
      parseLinkHeader('</api/posts/?limit=20&before=abc>; rel="next", </a>; rel="prev first"'),
    ).toEqual({ next: '/api/posts/?limit=20&before=abc', prev: '/a', first: '/a' });
  });

  it('accepts unquoted values, other parameters and odd spacing', () => {
    expect(parseLinkHeader('<https://x.test/p?a=1,2>;title="Next, please" ; REL=Next')).toEqual({
      next: 'https://x.test/p?a=1,2',
    });
  });

  it('answers an empty map for missing or malformed headers', () => {
    expect(parseLinkHeader(null)).toEqual({});
    expect(parseLinkHeader('')).toEqual({});
    expect(parseLinkHeader('garbage')).toEqual({});
    expect(parseLinkHeader('</x>; title="no rel"')).toEqual({});
  });

  it('keeps the first link of a relation type', () => {
    expect(parseLinkHeader('</one>; rel=next, </two>; rel=next')).toEqual({ next: '/one' });
  });
});

describe('nextPagePath', () => {
  it('turns the next link into a path for the API client', () => {
    expect(nextPagePath('</api/posts/?limit=20&before=XYZ>; rel="next"')).toBe(
      '/posts/?limit=20&before=XYZ',
    );
    expect(nextPagePath('</api/posts/user/7/?limit=20&before=a_b>; rel="next"')).toBe(
      '/posts/user/7/?limit=20&before=a_b',
    );
  });

  it('answers undefined without a next link', () => {
    expect(nextPagePath(null)).toBeUndefined();
    expect(nextPagePath('</api/posts/?before=x>; rel="prev"')).toBeUndefined();
  });

  it('accepts an absolute URL of this origin only', () => {
    vi.stubGlobal('location', { origin: 'https://zura.test' });
    expect(nextPagePath('<https://zura.test/api/posts/?before=x>; rel="next"')).toBe(
      '/posts/?before=x',
    );
    expect(nextPagePath('<https://evil.test/api/posts/?before=x>; rel="next"')).toBeUndefined();
  });

  it('refuses paths outside the API', () => {
    expect(nextPagePath('</media/1/feed>; rel="next"')).toBeUndefined();
    expect(nextPagePath('<//evil.test/api/x>; rel="next"')).toBeUndefined();
    expect(nextPagePath('<posts/?before=x>; rel="next"')).toBeUndefined();
  });
});
