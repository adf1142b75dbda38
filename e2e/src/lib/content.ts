import { expect } from 'vitest';
import { api, baseUrl } from './server.ts';

/** Preparing posts and profiles through the API (spec 7), for journeys that start later. */

export type ApiPost = {
  id: number;
  content: string;
  is_locked: boolean;
  username?: string | null;
  image_url?: string | null;
  video_url?: string | null;
  /** The signed HLS master playlist, once the video is transcoded. */
  video_hls_url?: string | null;
  /** The author's only: where the video's transcode is, and why it failed. */
  video_state?: 'processing' | 'ready' | 'failed' | null;
  /** The author's only: 0–100; a video plays (ready) before its whole ladder is made (100). */
  video_progress?: number;
  video_error?: string | null;
  /** Pay-per-view: the price in dollars, and the blurred preview while the post is closed. */
  price?: number | null;
  price_for_viewer?: number | null;
  preview?: string | null;
  /** Every file of the post, in order. */
  media?: {
    kind: 'image' | 'video';
    url: string | null;
    width?: number | null;
    height?: number | null;
  }[];
};

export type NewApiPost = {
  content: string;
  isLocked?: boolean;
  password?: string;
  image?: MediaFile;
  video?: MediaFile;
};

export type MediaFile = { name: string; mimeType: string; buffer: Buffer };

/** POST /posts/ (multipart: content, is_locked, password, media, media_type). */
export async function createPostViaApi(access: string, post: NewApiPost): Promise<ApiPost> {
  const form = new FormData();
  form.append('content', post.content);
  form.append('is_locked', post.isLocked ? 'true' : 'false');
  if (post.isLocked) form.append('password', post.password ?? '');
  const media = post.image ?? post.video;
  if (media) {
    const { name, mimeType, buffer } = media;
    form.append('media', new Blob([new Uint8Array(buffer)], { type: mimeType }), name);
    form.append('media_type', post.image ? 'image' : 'video');
  }
  const res = await fetch(`${baseUrl()}/api/posts/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${access}`, Accept: 'application/json' },
    body: form,
  });
  const body: unknown = await res.json().catch(() => null);
  expect(res.status, `POST /posts/ answered ${JSON.stringify(body)}`).toBe(201);
  return body as ApiPost;
}

/** GET /posts/user/{userId}/ as `access` sees it (the first page). */
/**
 * `count` text posts `${marker} post 1` … `${marker} post N`, oldest first, each followed by a
 * blank line and `body(i)`: enough posts to scroll through, told apart by their number.
 */
export async function createNumberedPosts(
  access: string,
  marker: string,
  count: number,
  body: (i: number) => string,
): Promise<void> {
  for (let i = 1; i <= count; i += 1) {
    await createPostViaApi(access, { content: `${marker} post ${i}\n\n${body(i)}` });
  }
}

export async function postsOfUser(access: string, userId: number): Promise<ApiPost[]> {
  const res = await api<ApiPost[]>('GET', `/posts/user/${userId}/`, undefined, access);
  expect(res.status, `GET /posts/user/${userId}/ answered ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

export type OwnProfileAnswer = {
  id: number;
  username: string;
  bio: string;
  tags: string[];
  subscription_price: string;
  profile_image: string | null;
  cover_image: string | null;
  is_profile_locked: boolean;
};

/** GET /auth/profile/. */
export async function ownProfileViaApi(access: string): Promise<OwnProfileAnswer> {
  const res = await api<OwnProfileAnswer>('GET', '/auth/profile/', undefined, access);
  expect(res.status, `GET /auth/profile/ answered ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}
