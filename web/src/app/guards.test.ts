import { describe, expect, it } from 'vitest';
import { returnPath } from './guards';

describe('returnPath', () => {
  it('defaults to /', () => {
    expect(returnPath(undefined)).toBe('/');
    expect(returnPath({})).toBe('/');
    expect(returnPath({ from: 'x' })).toBe('/');
  });

  it('returns to the remembered location with its query and hash', () => {
    expect(returnPath({ from: { pathname: '/messages', search: '?c=2', hash: '#end' } })).toBe(
      '/messages?c=2#end',
    );
  });

  it('refuses other origins and auth screens', () => {
    expect(returnPath({ from: { pathname: '//evil.example' } })).toBe('/');
    expect(returnPath({ from: { pathname: 'https://evil.example' } })).toBe('/');
    expect(returnPath({ from: { pathname: '/login' } })).toBe('/');
  });
});
