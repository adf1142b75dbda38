import { presentedPost } from '@zura/contracts';
import { describe, expect, it } from 'vitest';
import { formDataOf } from '@zura/contracts/form-data';
import { newPostFields } from '../posts';
import { postPageUrl } from '../../lib/post-url';

describe('a draft in the composer’s form', () => {
  it('says is_draft=true only when saved as a draft', () => {
    const base = { content: 'later', isLocked: false, password: '', media: [] };
    expect(formDataOf(newPostFields({ ...base, isDraft: true })).get('is_draft')).toBe('true');
    expect(formDataOf(newPostFields(base)).get('is_draft')).toBeNull();
    expect(formDataOf(newPostFields({ ...base, isDraft: false })).get('is_draft')).toBeNull();
  });
});

describe('postPageUrl', () => {
  it('is the absolute link of the post page', () => {
    expect(postPageUrl(42, 'https://zura.example')).toBe('https://zura.example/posts/42');
  });
});

describe('the presented post contract', () => {
  const answer = {
    id: 7,
    created_at: '2026-11-27T03:00:00.000Z',
    user_id: 3,
    username: 'luna',
    user_username: 'luna',
    user_avatar: null,
    is_locked: false,
    is_unlocked: false,
    can_delete: true,
    is_draft: true,
    author_is_creator: false,
    comments_enabled: true,
    like_count: 3,
    comment_count: 0,
    liked_by_me: false,
    requires_subscription: false,
    subscription_price: null,
    price: null,
    subscriber_price: null,
    price_for_viewer: null,
    is_purchased: false,
    preview: null,
    content: 'soon',
    type: 'post',
    media: [],
  };

  it('reads the server’s answer, and names every field: anything else is left out', () => {
    const parsed = presentedPost.parse({ ...answer, password_hash: 'secret' });
    expect(parsed).toEqual(answer);
  });

  it('refuses an answer whose flags are not booleans', () => {
    expect(presentedPost.safeParse({ ...answer, is_draft: 'true' }).success).toBe(false);
  });
});
