import { describe, expect, it } from 'vitest';
import { formData } from './form-data.ts';
import { nextLink } from './pages.ts';

describe('nextLink', () => {
  it('reads the rel="next" target of a Link header, the server’s and others’ spellings', () => {
    const server = '</api/posts/?limit=20&before=abc>; rel="next"';
    expect(nextLink(server)).toBe('/api/posts/?limit=20&before=abc');
    expect(nextLink('<https://a.example/p?x=1>; rel=next')).toBe('https://a.example/p?x=1');
    expect(nextLink('</first>; rel="first", </more>; rel="prefetch next"')).toBe('/more');
  });

  it('answers nothing without a next link', () => {
    expect(nextLink(null)).toBeUndefined();
    expect(nextLink('')).toBeUndefined();
    expect(nextLink('</prev>; rel="prev"')).toBeUndefined();
    expect(nextLink('</nextdoor>; rel="nextdoor"')).toBeUndefined();
  });
});

describe('formData', () => {
  it('makes one part per field and per list item, leaving out undefined', () => {
    const file = new Blob(['png'], { type: 'image/png' });
    const form = formData({ content: 'Hello', media: [file, file], password: undefined });
    expect(form.getAll('content')).toEqual(['Hello']);
    expect(form.getAll('media')).toHaveLength(2);
    expect(form.has('password')).toBe(false);
  });
});
