import { describe, expect, it } from 'vitest';
import { createMadePages, type RowsSource } from './made-pages.ts';
import type { PostCounts } from './post-counts.ts';
import type { ViewerRows } from './viewer-page.ts';
import type { ViewerState } from './viewer-state.ts';

const state = (): ViewerState => ({
  profiles: new Set(),
  creators: new Set(),
  paidCreators: new Set(),
  posts: new Set(),
  purchases: new Set(),
  liked: new Set(),
  blocked: new Set(),
});

function world() {
  const heard = new Map<number, { likeCount: number; commentCount: number }>();
  const counts: PostCounts = { get: (postId) => heard.get(postId) };
  const pages = createMadePages(counts);
  const window = { rows: [] };
  const from: RowsSource = { rows: [window], page: 'newest||20' };
  const facts = { state: state(), suspended: new Set<number>() };
  const made: ViewerRows = { rows: [], hiddenAuthors: new Set() };
  pages.keep(7, from, facts, [{ post: { id: 1 } }, { post: { id: 2 } }], made);
  return { heard, pages, window, from, facts, made };
}

describe('made pages', () => {
  it('answers the same page while its rows, facts and counts are the same objects', () => {
    const { pages, from, facts, made } = world();
    expect(pages.find(7, from, facts)).toBe(made);
    // A source naming the same objects is the same source.
    expect(pages.find(7, { rows: [...from.rows], page: from.page }, facts)).toBe(made);
  });

  it('is another page for another viewer or another page of the rows', () => {
    const { pages, from, facts } = world();
    expect(pages.find(8, from, facts)).toBeUndefined();
    expect(pages.find(7, { ...from, page: 'newest||10' }, facts)).toBeUndefined();
  });

  it('is gone once the rows were read again', () => {
    const { pages, from, facts } = world();
    expect(pages.find(7, { ...from, rows: [{ rows: [] }] }, facts)).toBeUndefined();
    // And stays gone: the stale page was let go.
    expect(pages.find(7, from, facts)).toBeUndefined();
  });

  it("is gone once the viewer's facts or the suspensions were read again", () => {
    const a = world();
    expect(a.pages.find(7, a.from, { ...a.facts, state: state() })).toBeUndefined();
    const b = world();
    expect(b.pages.find(7, b.from, { ...b.facts, suspended: new Set() })).toBeUndefined();
  });

  it('is gone once the count of a post on it moved, not of another post', () => {
    const { heard, pages, from, facts, made } = world();
    heard.set(3, { likeCount: 1, commentCount: 0 });
    expect(pages.find(7, from, facts)).toBe(made);
    heard.set(2, { likeCount: 1, commentCount: 0 });
    expect(pages.find(7, from, facts)).toBeUndefined();
  });

  it('keeps a bounded number of pages, letting the least recently used go', () => {
    const { pages, from, facts } = world();
    for (let viewer = 100; viewer < 2_100; viewer += 1) {
      pages.keep(viewer, from, facts, [], { rows: [], hiddenAuthors: new Set() });
    }
    expect(pages.find(7, from, facts)).toBeUndefined();
    expect(pages.find(2_099, from, facts)).toBeDefined();
  });
});
