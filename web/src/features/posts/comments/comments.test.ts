import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { postBody } from '../../../../test/fixtures';
import { ApiError } from '../../../lib/api-errors';
import type { Post, PostPages } from '../api';
import { patchPostEverywhere } from '../post-cache';
import { commentCountOf, commentErrorText } from './helpers';
import { postKeys } from '../../../lib/query-keys';

describe('comment refusals', () => {
  it("shows the field's message, else the detail, else the fallback", () => {
    const tooLong = new ApiError(400, {
      content: ['Comments can be at most 2000 characters long.'],
    });
    expect(commentErrorText(tooLong, 'Failed')).toBe(
      'Comments can be at most 2000 characters long.',
    );
    const parent = new ApiError(400, { parent_id: ['There is no such comment on this post.'] });
    expect(commentErrorText(parent, 'Failed')).toBe('There is no such comment on this post.');
    const off = new ApiError(403, { detail: 'Comments are turned off for this post.' });
    expect(commentErrorText(off, 'Failed')).toBe('Comments are turned off for this post.');
    expect(commentErrorText(new ApiError(500, 'oops'), 'Failed')).toBe('Failed');
  });
});

describe('a post in the cached feeds', () => {
  const post = (id: number): Post => postBody({ id, created_at: '2026-01-01T00:00:00Z' });

  it('takes the new count and switch, in every feed that holds it, and nothing else', () => {
    const client = new QueryClient();
    const pages = (ids: number[]): PostPages => ({
      pages: [{ posts: ids.map(post), next: undefined }],
      pageParams: [''],
    });
    client.setQueryData(postKeys.feed(), pages([1, 2]));
    client.setQueryData(postKeys.user(7), pages([2]));
    patchPostEverywhere(client, 2, { comment_count: 3, comments_enabled: false });
    const feed = client.getQueryData<PostPages>(postKeys.feed())?.pages[0]?.posts;
    expect(feed?.map((p) => [p.id, p.comment_count, p.comments_enabled])).toEqual([
      [1, 0, true],
      [2, 3, false],
    ]);
    const profile = client.getQueryData<PostPages>(postKeys.user(7))?.pages[0]?.posts[0];
    expect(commentCountOf(profile ?? {})).toBe(3);
    expect(commentCountOf(post(1))).toBe(0);
  });
});
