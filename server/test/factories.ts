import { randomBytes } from 'node:crypto';
import { users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import type { TestApp } from './app.ts';
import { multipart } from './multipart.ts';

export type TestUser = {
  id: number;
  username: string;
  email: string;
  password: string;
  access: string;
};

let counter = 0;

/** A fresh user written straight to the database, with an access token for requests. */
export async function buildUser(
  t: TestApp,
  overrides: Partial<{
    username: string;
    email: string;
    password: string;
    isCreator: boolean;
    /** false: the address is not verified (uploads are refused). Verified by default. */
    verified: boolean;
  }> = {},
): Promise<TestUser> {
  counter += 1;
  const suffix = `${counter}${randomBytes(3).toString('hex')}`;
  const username = overrides.username ?? `user_${suffix}`;
  const email = overrides.email ?? `${username}@example.com`;
  const password = overrides.password ?? 'a long enough password';
  const [row] = await t.db
    .insert(users)
    .values({
      username,
      email,
      passwordHash: await hashPassword(password, 'general'),
      isCreator: overrides.isCreator ?? false,
      emailVerifiedAt: overrides.verified === false ? null : new Date(),
    })
    .returning();
  if (!row) throw new Error('user insert failed');
  return { id: row.id, username, email, password, access: await t.signIn(row.id) };
}

export type BuiltPost = {
  id: number;
  content: string;
  type: 'post' | 'video';
  is_locked: boolean;
  image?: string;
  video?: string;
  [key: string]: unknown;
};

/**
 * A post by `author`, made through POST /api/posts/ so it is stored exactly as the app stores
 * posts; answers the created post as its author sees it. Fails the test if creation fails.
 */
export async function buildPost(
  t: TestApp,
  author: Pick<TestUser, 'access'>,
  options: {
    content?: string;
    password?: string;
    media?: { content: Buffer; type: 'image' | 'video' };
  } = {},
): Promise<BuiltPost> {
  const fields: Record<string, string> = { content: options.content ?? 'A post' };
  if (options.password !== undefined) {
    fields.is_locked = 'true';
    fields.password = options.password;
  }
  if (options.media) fields.media_type = options.media.type;
  const body = multipart({
    fields,
    files: options.media
      ? [
          {
            name: 'media',
            filename: options.media.type === 'image' ? 'image.png' : 'video.mp4',
            content: options.media.content,
            type: options.media.type === 'image' ? 'image/png' : 'video/mp4',
          },
        ]
      : [],
  });
  const res = await t.request({
    method: 'POST',
    url: '/api/posts/',
    ...body,
    token: author.access,
  });
  if (res.statusCode !== 201) throw new Error(`post failed: ${res.statusCode} ${res.body}`);
  return res.json<BuiltPost>();
}
