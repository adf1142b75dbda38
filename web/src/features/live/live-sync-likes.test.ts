import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { postBody } from '../../../test/fixtures';
import { createLiveSync } from './live-sync';
import type { Post, PostPages } from '../posts';
import { findCachedPost, patchPostEverywhere } from '../posts';
import { likedPostsKey } from '../posts';
import { postKeys } from '../../lib/query-keys';

const postOf = (id: number, extra: Partial<Post> = {}): Post =>
  postBody({ id, created_at: '2026-01-01T00:00:00Z', ...extra });

const pagesOf = (...posts: Post[]): PostPages => ({
  pages: [{ posts, next: undefined }],
  pageParams: [''],
});

describe('likes in the post caches, and live counts', () => {
  it('updates every list holding the post, and a live frame changes the counts', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(postKeys.feed(), pagesOf(postOf(1), postOf(2)));
    queryClient.setQueryData(likedPostsKey, pagesOf(postOf(2, { liked_by_me: true })));

    patchPostEverywhere(queryClient, 2, { like_count: 5 });
    expect(findCachedPost(queryClient, 2)).toMatchObject({
      like_count: 5,
      comment_count: 0,
      liked_by_me: false,
    });
    expect(queryClient.getQueryData<PostPages>(likedPostsKey)?.pages[0]?.posts[0]).toMatchObject({
      like_count: 5,
      liked_by_me: true,
    });

    createLiveSync(queryClient).onFrame({
      type: 'post_counts',
      post_id: 1,
      like_count: 7,
      comment_count: 2,
    });
    expect(queryClient.getQueryData<PostPages>(postKeys.feed())?.pages[0]?.posts[0]).toMatchObject({
      like_count: 7,
      comment_count: 2,
    });
  });
});
