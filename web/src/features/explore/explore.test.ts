import { describe, expect, it } from 'vitest';
import {
  EXPLORE_CATEGORIES,
  bioExcerpt,
  exploreSearchQuery,
  filtersFromParams,
  flattenCreators,
  paramsFromFilters,
  type ExploreCreator,
  type ExplorePages,
} from './api';

describe('explore filters', () => {
  it('reads q, category and sort from the address, ignoring unknown values', () => {
    expect(filtersFromParams(new URLSearchParams('q=yoga&category=fitness&sort=newest'))).toEqual({
      q: 'yoga',
      category: 'fitness',
      sort: 'newest',
    });
    expect(filtersFromParams(new URLSearchParams('category=nope&sort=random'))).toEqual({
      q: '',
      category: '',
      sort: 'relevance',
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(paramsFromFilters({ q: '', category: '', sort: 'relevance' }).toString()).toBe('');
    expect(paramsFromFilters({ q: 'a b', category: 'art', sort: 'followers' }).toString()).toBe(
      'q=a+b&category=art&sort=followers',
    );
  });

  it('asks the server for a trimmed query and the page offset', () => {
    expect(exploreSearchQuery({ q: '  maya ', category: '', sort: 'relevance' }, 40)).toEqual({
      q: 'maya',
      sort: 'relevance',
      limit: 20,
      offset: 40,
    });
  });

  it('offers each category once, profile categories first', () => {
    const ids = EXPLORE_CATEGORIES.map((category) => category.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 3)).toEqual(['art', 'fitness', 'tech']);
    expect(ids).toContain('photography');
  });
});

describe('explore results', () => {
  const creator = (id: number): ExploreCreator => ({
    id,
    username: `c${id}`,
    profile_image: null,
    cover_image: null,
    is_profile_locked: false,
    is_unlocked: false,
    is_owner: false,
    is_following: false,
  });

  it('flattens offset pages without repeats', () => {
    const data: ExplorePages = {
      pages: [
        { results: [creator(1), creator(2)], next_offset: 2 },
        { results: [creator(2), creator(3)], next_offset: null },
      ],
      pageParams: [0, 2],
    };
    expect(flattenCreators(data).map((item) => item.id)).toEqual([1, 2, 3]);
  });

  it('cuts long bios on one line', () => {
    expect(bioExcerpt('short\n\nbio')).toBe('short bio');
    expect(bioExcerpt('x'.repeat(130), 120)).toBe(`${'x'.repeat(120)}…`);
    expect(bioExcerpt(undefined)).toBe('');
  });
});
