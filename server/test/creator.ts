import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './app.ts';
import type { TestUser } from './factories.ts';
import { png } from './media.ts';
import { multipart, type MultipartFile } from './multipart.ts';

/** Helpers for creator-application tests: a valid form, its images, and the review calls. */

let counter = 0;

/** A bio the spec accepts (50 to 500 characters). */
export const VALID_BIO =
  'I make cosplay videos and photo sets every week, with behind the scenes clips.';

/** Text fields of a valid application with a username no other call has used; JSON as sent. */
export function applicationFields(overrides: Record<string, string> = {}): Record<string, string> {
  counter += 1;
  return {
    username: `applicant_${counter}_${Math.random().toString(36).slice(2, 8)}`,
    bio: VALID_BIO,
    social_links: JSON.stringify({ instagram: 'https://instagram.com/someone' }),
    subcategories: JSON.stringify(['cosplay']),
    tags: JSON.stringify(['anime']),
    vibes: JSON.stringify(['playful']),
    ...overrides,
  };
}

/** A real PNG as a form file under `name` (`profile_image` or `cover_image`). */
export async function imageFile(name: string, content?: Buffer): Promise<MultipartFile> {
  return {
    name,
    filename: `${name}.png`,
    content: content ?? (await png()),
    type: 'image/png',
  };
}

/** Both image files of the form, as fresh PNGs. */
export async function applicationImages(): Promise<MultipartFile[]> {
  return [await imageFile('profile_image'), await imageFile('cover_image')];
}

/** POSTs a creator application as `user` (no token when `user` is undefined). */
export function submitApplication(
  t: TestApp,
  user: Pick<TestUser, 'access'> | undefined,
  parts: { fields?: Record<string, string>; files?: MultipartFile[] },
): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: '/api/auth/creator-application/',
    ...multipart(parts),
    ...(user ? { token: user.access } : {}),
  });
}

/** Submits a valid application with fresh images; fails the test unless it is accepted. */
export async function applyAsCreator(
  t: TestApp,
  user: TestUser,
  fields: Record<string, string> = {},
): Promise<{
  id: number;
  username: string;
  category: string | null;
  profile_image: string;
  cover_image: string;
}> {
  const res = await submitApplication(t, user, {
    fields: applicationFields(fields),
    files: await applicationImages(),
  });
  if (res.statusCode !== 201) throw new Error(`application failed: ${res.statusCode} ${res.body}`);
  return res.json().application;
}

/** POSTs an admin decision: `approve`, or `reject` with `body`. */
export function decide(
  t: TestApp,
  user: Pick<TestUser, 'access'> | undefined,
  id: number | string,
  decision: 'approve' | 'reject',
  body?: unknown,
): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: `/api/admin/creator-applications/${id}/${decision}/`,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
    ...(user ? { token: user.access } : {}),
  });
}
