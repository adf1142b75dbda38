import { describe, expect, it } from 'vitest';
import { postBody } from '../../../test/fixtures';
import { catalogueT as t } from '../../lib/test-helpers';
import { formDataOf } from '@zura/contracts/form-data';
import {
  feedSourceOf,
  flattenPages,
  holdsProcessingVideo,
  mediaKindOf,
  newPostFields,
  prependPost,
  removePost,
  type Post,
  type PostPages,
} from './api';
import {
  authorProfilePath,
  canTipAuthor,
  isSomeoneElses,
  displayedContent,
  isLockedPlaceholder,
  isSubscriptionGated,
  isVideoPost,
  postVideoUploadId,
  postImageUrl,
  postVideoUrl,
} from './content';
import { composerSchema } from './schemas';
import { EMPTY_SALE } from './sale-form';

function makePost(overrides: Partial<Post> = {}): Post {
  return postBody({
    id: 1,
    created_at: '2025-01-01T00:00:00Z',
    username: 'maya',
    user_username: 'maya',
    content: 'Hello',
    type: 'post',
    can_delete: false,
    ...overrides,
  });
}

function pages(...lists: Post[][]): PostPages {
  return {
    pages: lists.map((posts, index) => ({
      posts,
      next: index < lists.length - 1 ? `/posts/?before=${index}` : undefined,
    })),
    pageParams: lists.map((_list, index) => `/posts/?page=${index}`),
  };
}

describe('displayed content', () => {
  it('hides the media-only placeholders', () => {
    expect(displayedContent({ content: 'Posted an image' })).toBe('');
    expect(displayedContent({ content: 'Posted a video' })).toBe('');
    expect(displayedContent({ content: 'Posted an image of my cat' })).toBe(
      'Posted an image of my cat',
    );
  });
});

describe('media and kinds', () => {
  it('prefers the *_url fields and falls back to the short ones', () => {
    expect(postImageUrl({ image: '/a', image_url: '/b' })).toBe('/b');
    expect(postImageUrl({ image: '/a' })).toBe('/a');
    expect(postVideoUrl({ video: '/v' })).toBe('/v');
    expect(postVideoUrl({})).toBeUndefined();
  });

  it('counts a post as video by its type or its video', () => {
    expect(isVideoPost(makePost({ type: 'video' }))).toBe(true);
    expect(isVideoPost(makePost({ video_url: '/media/x' }))).toBe(true);
    expect(isVideoPost(makePost({ image_url: '/media/x' }))).toBe(false);
    // The author's video still being transcoded has no playable URL yet.
    expect(isVideoPost(makePost({ video_state: 'processing' }))).toBe(true);
  });

  it('reads the streaming and processing fields', () => {
    const parsed = postBody({
      id: 1,
      created_at: '2025-01-01T00:00:00Z',
      video_url: '/media/0b9a3c5e-1f2d-4a6b-8c7d-9e0f1a2b3c4d/mp4?sig=x',
      video_hls_url: '/media/0b9a3c5e-1f2d-4a6b-8c7d-9e0f1a2b3c4d/hls/master.m3u8?sig=x',
      video_state: 'processing',
      video_progress: 30,
      video_error: null,
    });
    expect(parsed).toMatchObject({ video_state: 'processing', video_progress: 30 });
    expect(postVideoUploadId(parsed)).toBe('0b9a3c5e-1f2d-4a6b-8c7d-9e0f1a2b3c4d');
    // The author's new video has no URL yet: the server names its upload.
    const processing = postBody({
      id: 3,
      created_at: '2025-01-01T00:00:00Z',
      video_url: null,
      video_hls_url: null,
      video_upload_id: '1C2D3E4F-5A6B-4C7D-8E9F-0A1B2C3D4E5F',
      video_state: 'processing',
    });
    expect(postVideoUploadId(processing)).toBe('1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f');
  });

  it('knows which lists hold a video in the making', () => {
    const pages = (posts: Post[]): PostPages => ({
      pages: [{ posts, next: undefined }],
      pageParams: [''],
    });
    expect(holdsProcessingVideo(pages([makePost({ video_state: 'processing' })]))).toBe(true);
    expect(holdsProcessingVideo(pages([makePost({ video_state: 'failed' })]))).toBe(false);
    expect(holdsProcessingVideo(undefined)).toBe(false);
  });

  it('tells videos from images by MIME type', () => {
    expect(mediaKindOf({ type: 'video/mp4' })).toBe('video');
    expect(mediaKindOf({ type: 'image/png' })).toBe('image');
    expect(mediaKindOf({ type: '' })).toBe('image');
  });
});

describe('locked placeholder', () => {
  it('applies to a locked post without content and media', () => {
    expect(isLockedPlaceholder(makePost({ is_locked: true, content: '' }))).toBe(true);
  });

  it('does not apply once the content or media is visible', () => {
    expect(isLockedPlaceholder(makePost({ is_locked: true, content: 'Secret' }))).toBe(false);
    expect(
      isLockedPlaceholder(makePost({ is_locked: true, content: '', image_url: '/media/i' })),
    ).toBe(false);
    expect(isLockedPlaceholder(makePost({ is_locked: false, content: '' }))).toBe(false);
  });
});

describe('subscription gate and tips', () => {
  it('gates a post that requires a subscription', () => {
    expect(isSubscriptionGated(makePost({ requires_subscription: true, content: '' }))).toBe(true);
    expect(isSubscriptionGated(makePost({ requires_subscription: false }))).toBe(false);
    expect(isSubscriptionGated(makePost())).toBe(false);
  });

  it("offers tips on another creator's posts only", () => {
    const other = makePost({ user_id: 7, can_delete: false });
    // The profile page knows whether its owner is a creator.
    expect(canTipAuthor(other, 1, true)).toBe(true);
    expect(canTipAuthor(other, 1, false)).toBe(false);
    // The feed reads it from the post (the contract always names it).
    expect(canTipAuthor({ ...other, author_is_creator: true }, 1)).toBe(true);
    expect(canTipAuthor(other, 1)).toBe(false);
    // Never on one's own posts.
    expect(canTipAuthor(other, 7, true)).toBe(false);
    expect(canTipAuthor(makePost({ can_delete: true }), 1, true)).toBe(false);
  });

  it("offers Report only on someone else's post", () => {
    expect(isSomeoneElses(makePost({ user_id: 7 }), 1)).toBe(true);
    expect(isSomeoneElses(makePost({ user_id: 7 }), 7)).toBe(false);
    expect(isSomeoneElses(makePost({ user_id: 7, can_delete: true }), 1)).toBe(false);
  });
});

describe('author link', () => {
  it('uses the username, then the user id', () => {
    expect(authorProfilePath({ username: 'maya', user_username: 'maya', user_id: 7 })).toBe(
      '/profile/maya',
    );
    expect(authorProfilePath({ username: '', user_username: 'jo-1', user_id: 7 })).toBe(
      '/profile/jo-1',
    );
    expect(authorProfilePath({ username: '', user_username: '', user_id: 7 })).toBe('/profile/7');
  });
});

describe('post form data', () => {
  it('sends trimmed text and no password for an open post', () => {
    const form = formDataOf(
      newPostFields({ content: '  hi  ', isLocked: false, password: 'x', media: [] }),
    );
    expect(Object.fromEntries(form)).toEqual({ content: 'hi', is_locked: 'false' });
  });

  it('sends the placeholder text, the media and its type for a media-only post', () => {
    const video = new File(['x'], 'clip.mp4', { type: 'video/mp4' });
    const form = formDataOf(
      newPostFields({ content: ' ', isLocked: true, password: 'pw12', media: [video] }),
    );
    expect(form.get('content')).toBe('Posted a video');
    expect(form.get('is_locked')).toBe('true');
    expect(form.get('password')).toBe('pw12');
    expect(form.get('media_type')).toBe('video');
    expect(form.get('media')).toBeInstanceOf(File);

    const image = new File(['x'], 'a.png', { type: 'image/png' });
    const imageForm = formDataOf(
      newPostFields({ content: '', isLocked: false, password: '', media: [image] }),
    );
    expect(imageForm.get('content')).toBe('Posted an image');
    expect(imageForm.get('media_type')).toBe('image');
  });
});

describe('page updates', () => {
  it('puts a new post on top of the first page', () => {
    const data = pages([makePost({ id: 2 })], [makePost({ id: 1 })]);
    const next = prependPost(data, makePost({ id: 3 }));
    expect(flattenPages(next).map((p) => p.id)).toEqual([3, 2, 1]);
    expect(next?.pages[0]?.next).toBe('/posts/?before=0');
    expect(prependPost(undefined, makePost())).toBeUndefined();
  });

  it('removes a post wherever it is', () => {
    const data = pages([makePost({ id: 3 }), makePost({ id: 2 })], [makePost({ id: 1 })]);
    expect(flattenPages(removePost(data, 2)).map((p) => p.id)).toEqual([3, 1]);
  });

  it('flattens pages without repeating a post', () => {
    const data = pages([makePost({ id: 3 }), makePost({ id: 2 })], [makePost({ id: 2 })]);
    expect(flattenPages(data).map((p) => p.id)).toEqual([3, 2]);
  });
});

describe('composer validation', () => {
  const check = (values: { is_locked: boolean; password: string; password_confirm: string }) => {
    const result = composerSchema(t).safeParse({ content: 'x', ...EMPTY_SALE, ...values });
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it('ignores the password fields of an open post', () => {
    expect(check({ is_locked: false, password: '', password_confirm: 'x' })).toBeUndefined();
  });

  it('asks for a password, then for a matching confirmation', () => {
    expect(check({ is_locked: true, password: '', password_confirm: '' })).toBe(
      'Please enter a password to lock this post.',
    );
    expect(check({ is_locked: true, password: 'abcd', password_confirm: 'abce' })).toBe(
      'Passwords do not match.',
    );
    expect(check({ is_locked: true, password: 'abcd', password_confirm: 'abcd' })).toBeUndefined();
  });
});

describe('feed source', () => {
  it('reads X-Feed-Source', () => {
    expect(feedSourceOf('following')).toBe('following');
    expect(feedSourceOf(' ALL ')).toBe('all');
    expect(feedSourceOf('other')).toBeUndefined();
    expect(feedSourceOf(null)).toBeUndefined();
  });

  it("keeps the first page's source when a new post goes on top", () => {
    const data: PostPages = {
      pages: [{ posts: [makePost({ id: 1 })], next: undefined, source: 'all' }],
      pageParams: ['/posts/?limit=20'],
    };
    expect(prependPost(data, makePost({ id: 2 }))?.pages[0]?.source).toBe('all');
  });
});
