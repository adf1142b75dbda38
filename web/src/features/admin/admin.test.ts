import { describe, expect, it } from 'vitest';
import { applicationLinks, categoryLabel, profileCategoryLabel, safeHttpUrl } from './review';

describe('application review', () => {
  it('links only web addresses, in the form order', () => {
    expect(
      applicationLinks({
        website: 'https://maya.example',
        instagram: 'https://instagram.com/maya',
        twitter: 'javascript:alert(1)',
        reddit: 'not a url',
      }),
    ).toEqual([
      { key: 'instagram', url: 'https://instagram.com/maya' },
      { key: 'website', url: 'https://maya.example/' },
    ]);
  });

  it('refuses other schemes and empty text', () => {
    expect(safeHttpUrl('  ')).toBeUndefined();
    expect(safeHttpUrl('data:text/html,hi')).toBeUndefined();
    expect(safeHttpUrl('http://a.example/x')).toBe('http://a.example/x');
  });

  it('names predefined categories and keeps custom ones', () => {
    expect(categoryLabel('adult_content')).toBe('Adult Content');
    expect(categoryLabel('Knitting')).toBe('Knitting');
    expect(profileCategoryLabel('gaming')).toBe('Gaming');
    expect(profileCategoryLabel('knitting')).toBe('knitting');
  });
});
