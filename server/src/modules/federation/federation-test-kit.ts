import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../test/app.ts';
import { buildCreator } from '../../../test/economy.ts';
import { buildPost, type TestUser } from '../../../test/factories.ts';
import { photo, waitForVariants } from '../../../test/media.ts';

export const ORIGIN = 'http://zura.test';
export const AP_ACCEPT = 'application/activity+json';

/** A post of the world and what of it must never leave: its text, id and upload. */
type GatedPost = { why: string; id: number; text: string; uploadId: string | undefined };

export type World = {
  creator: TestUser;
  publicPost: { id: number; text: string; uploadId: string };
  textPost: { id: number; text: string };
  gated: GatedPost[];
  paidCreator: TestUser;
  lockedProfile: TestUser;
  suspended: TestUser;
  /** The locked profile's bio: its page shows it to nobody who has not unlocked it. */
  lockedBio: string;
};

const uploadIdOf = (url: unknown) => /\/media\/([0-9a-f-]{36})\//.exec(String(url))?.[1];

/**
 * A creator with a fully public post (text and image) beside every kind of gated post
 * (password, pay-per-view, draft, scheduled), a paid creator's subscribers-only post, a locked
 * profile's post and a suspended account's post: what every federation answer must leave out.
 */
export async function buildWorld(t: TestApp): Promise<World> {
  const creator = await buildCreator(t, 0);
  const secret = (why: string) => `SECRET ${why} ${Math.random().toString(36).slice(2)}`;
  const gated: GatedPost[] = [];
  const add = async (why: string, author: TestUser, options: { password?: string } = {}) => {
    const text = secret(why);
    const post = await buildPost(t, author, {
      content: text,
      ...options,
      media: { content: await photo(gated.length + 10, 200, 150), type: 'image' },
    });
    const uploadId = uploadIdOf(post.image);
    gated.push({ why, id: post.id, text, uploadId });
    return post.id;
  };

  const publicText = `Hello fediverse <b>&</b> "friends" ${Math.random().toString(36).slice(2)}`;
  const publicPost = await buildPost(t, creator, {
    content: publicText,
    media: { content: await photo(1, 200, 150), type: 'image' },
  });
  const publicUpload = uploadIdOf(publicPost.image) ?? '';
  await waitForVariants(t, publicUpload, ['feed']);
  const textPost = await buildPost(t, creator, { content: 'Just words\n\nSecond paragraph' });

  await add('password', creator, { password: 'open sesame' });
  const ppv = await add('pay-per-view', creator);
  await t.pool.query('UPDATE posts SET price_cents = 500 WHERE id = $1', [ppv]);
  const draft = await add('draft', creator);
  await t.pool.query('UPDATE posts SET is_draft = true WHERE id = $1', [draft]);
  const scheduled = await add('scheduled', creator);
  await t.pool.query(
    "UPDATE posts SET is_draft = true, publish_at = now() + interval '1 day' WHERE id = $1",
    [scheduled],
  );

  const paidCreator = await buildCreator(t, 499);
  await add('subscribers-only', paidCreator);
  const lockedProfile = await buildCreator(t, 0);
  await add('locked-profile', lockedProfile);
  const lockedBio = secret('locked-bio');
  await t.pool.query(
    "UPDATE users SET is_profile_locked = true, profile_password_hash = 'x', bio = $2 WHERE id = $1",
    [lockedProfile.id, lockedBio],
  );
  const suspended = await buildCreator(t, 0);
  await add('suspended', suspended);
  await t.pool.query(
    "UPDATE users SET suspended_at = now(), suspension_reason = 'x' WHERE id = $1",
    [suspended.id],
  );
  await t.pool.query('UPDATE users SET bio = $2 WHERE id = $1', [creator.id, 'Bio <i>here</i>']);

  return {
    creator,
    publicPost: { id: publicPost.id, text: publicText, uploadId: publicUpload },
    textPost: { id: textPost.id, text: textPost.content },
    gated,
    paidCreator,
    lockedProfile,
    suspended,
    lockedBio,
  };
}

/** A GET as a fediverse server sends it. */
export function getAp(
  t: TestApp,
  url: string,
  accept = AP_ACCEPT,
): Promise<LightMyRequestResponse> {
  return t.request({ method: 'GET', url: url.replace(ORIGIN, ''), headers: { accept } });
}
