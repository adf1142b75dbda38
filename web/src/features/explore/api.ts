import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { CATEGORIES, PROFILE_CATEGORIES } from '@zura/contracts';
import { client, type Answer } from '../../lib/api-client';
import { exploreKeys } from '../../lib/query-keys';

export const EXPLORE_SORTS = ['relevance', 'newest', 'followers'] as const;
type ExploreSort = (typeof EXPLORE_SORTS)[number];

const EXPLORE_PAGE_SIZE = 20;

/**
 * A page of creator cards (each the profile as this viewer may see it, and whether they follow
 * it), as the served document types the answer of GET /explore/creators/.
 */
export type ExplorePage = Answer<'/api/explore/creators/', 'get'>;
export type ExploreCreator = ExplorePage['results'][number];
export type ExplorePages = InfiniteData<ExplorePage>;

export interface ExploreFilters {
  q: string;
  category: string;
  sort: ExploreSort;
}

/** The query parameters of one page of GET /explore/creators/ (empty filters left out). */
export function exploreSearchQuery(filters: ExploreFilters, offset: number) {
  const q = filters.q.trim();
  return {
    ...(q && { q }),
    ...(filters.category && { category: filters.category }),
    sort: filters.sort,
    limit: EXPLORE_PAGE_SIZE,
    offset,
  };
}

/** GET /explore/creators/: creators by username, bio, category, tags and vibes. */
export function exploreQuery(filters: ExploreFilters) {
  return infiniteQueryOptions({
    queryKey: exploreKeys.creators(filters),
    queryFn: ({ pageParam, signal }) =>
      client.GET('/api/explore/creators/', {
        query: exploreSearchQuery(filters, pageParam),
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (lastPage: ExplorePage) => lastPage.next_offset ?? undefined,
  });
}

/** Every loaded creator once (offset pages can overlap when the ranking shifts). */
export function flattenCreators(data: ExplorePages | undefined): ExploreCreator[] {
  const seen = new Set<number>();
  const creators: ExploreCreator[] = [];
  for (const page of data?.pages ?? []) {
    for (const creator of page.results) {
      if (seen.has(creator.id)) continue;
      seen.add(creator.id);
      creators.push(creator);
    }
  }
  return creators;
}

export interface CategoryOption {
  id: string;
  name: string;
}

/**
 * The filter's categories: the profile-page categories first, then the other predefined
 * ones (a creator matches by main category or by one of their categories), each id once.
 */
export const EXPLORE_CATEGORIES: readonly CategoryOption[] = (() => {
  const seen = new Set<string>();
  const options: CategoryOption[] = [];
  for (const { id, name } of [...PROFILE_CATEGORIES, ...CATEGORIES]) {
    if (seen.has(id)) continue;
    seen.add(id);
    options.push({ id, name });
  }
  return options;
})();

/** Reads the page's filters from its address (`?q=&category=&sort=`). */
export function filtersFromParams(params: URLSearchParams): ExploreFilters {
  const sort = params.get('sort');
  const category = params.get('category') ?? '';
  return {
    q: params.get('q') ?? '',
    category: EXPLORE_CATEGORIES.some((option) => option.id === category) ? category : '',
    sort: EXPLORE_SORTS.find((value) => value === sort) ?? 'relevance',
  };
}

/** The address's query for the filters; defaults are left out. */
export function paramsFromFilters(filters: ExploreFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.sort !== 'relevance') params.set('sort', filters.sort);
  return params;
}

/** The first `max` characters of a bio on one line, with '…' when cut. */
export function bioExcerpt(bio: string | undefined, max = 120): string {
  const text = (bio ?? '').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  return `${text.slice(0, max).trimEnd()}…`;
}
