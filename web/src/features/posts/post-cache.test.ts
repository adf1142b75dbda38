import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { postBody } from '../../../test/fixtures';
import type { Post, PostPages } from './api';
import {
  changePostEverywhere,
  changePostIn,
  findCachedPost,
  patchPostEverywhere,
} from './post-cache';
import { postKeys } from '../../lib/query-keys';

const postOf = (id: number, extra: Partial<Post> = {}): Post =>
  postBody({ id, created_at: '2026-01-01T00:00:00Z', ...extra });

const pagesOf = (...posts: Post[]): PostPages => ({
  pages: [{ posts, next: undefined }],
  pageParams: [''],
});

describe('a post in the caches', () => {
  it('changes in the one page holding it; the others, and lists without it, stay the same', () => {
    const data: PostPages = {
      pages: [
        { posts: [postOf(1)], next: 'x' },
        { posts: [postOf(2)], next: undefined },
      ],
      pageParams: ['', 'x'],
    };
    const patched = changePostIn(data, 2, (post) => ({ ...post, like_count: 3 }));
    expect(patched.pages[0]).toBe(data.pages[0]);
    expect(patched.pages[1]?.posts[0]).toMatchObject({ like_count: 3 });
    expect(changePostIn(data, 9, (post) => ({ ...post, like_count: 1 }))).toBe(data);
  });

  it('is patched on the post page too, alike with the feed and the profile', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(postKeys.one(2), postOf(2));
    queryClient.setQueryData(postKeys.one(3), postOf(3));
    queryClient.setQueryData(postKeys.feed(), pagesOf(postOf(1), postOf(2)));
    queryClient.setQueryData(postKeys.user(7), pagesOf(postOf(2)));

    patchPostEverywhere(queryClient, 2, { like_count: 1, liked_by_me: true, comment_count: 4 });

    const expected = { id: 2, like_count: 1, liked_by_me: true, comment_count: 4 };
    expect(queryClient.getQueryData(postKeys.one(2))).toMatchObject(expected);
    expect(queryClient.getQueryData<PostPages>(postKeys.feed())?.pages[0]?.posts[1]).toMatchObject(
      expected,
    );
    expect(queryClient.getQueryData<PostPages>(postKeys.user(7))?.pages[0]?.posts[0]).toMatchObject(
      expected,
    );
    expect(queryClient.getQueryData(postKeys.one(3))).toMatchObject({ id: 3, like_count: 0 });
    expect(findCachedPost(queryClient, 2)).toMatchObject(expected);
  });

  it('leaves the lists when removed, and its own page keeps it until read again', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(postKeys.one(2), postOf(2));
    queryClient.setQueryData(postKeys.feed(), pagesOf(postOf(1), postOf(2)));

    changePostEverywhere(queryClient, 2, () => null);

    const feed = queryClient.getQueryData<PostPages>(postKeys.feed());
    expect(feed?.pages[0]?.posts.map((post) => post.id)).toEqual([1]);
    expect(queryClient.getQueryData(postKeys.one(2))).toMatchObject({ id: 2 });
  });

  it('is replaced whole (a bought post opens in place) in the lists and on its page', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(postKeys.one(2), postOf(2, { content: '', price_for_viewer: 5 }));
    queryClient.setQueryData(postKeys.feed(), pagesOf(postOf(1), postOf(2, { content: '' })));
    const bought = postOf(2, { content: 'opened', is_purchased: true });

    changePostEverywhere(queryClient, 2, () => bought);

    expect(queryClient.getQueryData(postKeys.one(2))).toEqual(bought);
    expect(queryClient.getQueryData<PostPages>(postKeys.feed())?.pages[0]?.posts).toEqual([
      postOf(1),
      bought,
    ]);
  });
});
