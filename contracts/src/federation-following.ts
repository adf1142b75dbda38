import { z } from 'zod';

/** `@name@host`: what the lookup and the follow take (an actor's https URL is also accepted). */
export const REMOTE_HANDLE_PATTERN = /^@?[\w.~-]+@[a-z0-9.-]+(?::\d{1,5})?$/i;

/** Whether text looks like a remote account (`@name@host`), as the search box decides. */
export function isRemoteHandle(text: string): boolean {
  return REMOTE_HANDLE_PATTERN.test(text.trim());
}

const remoteQuery = z
  .string({ error: 'Enter an account as @name@host.' })
  .trim()
  .min(1, 'Enter an account as @name@host.')
  .max(300, 'An account is at most 300 characters.');

/** `GET /api/federation/lookup/?q=`: `@name@host` or an actor's URL. */
export const remoteLookupQuery = z.object({ q: remoteQuery });

/** `POST /api/federation/follows/`. */
export const remoteFollowRequest = z.object({ handle: remoteQuery });

/** Whether the viewer follows a remote account: not, asked (waiting for its Accept), or yes. */
export const remoteFollowState = z.enum(['none', 'pending', 'accepted']);
export type RemoteFollowState = z.infer<typeof remoteFollowState>;

/**
 * A remote account (Mastodon, Misskey, another Zura) as a lookup answers it. No avatar address:
 * loading a remote image would tell the remote server the viewer's address (README).
 */
export const remoteAccount = z.object({
  /** Our record's id (`remote_actors`). */
  id: z.number().int(),
  /** `@name@host`, or the actor's URI when it names no username. */
  handle: z.string(),
  name: z.string().nullable(),
  /** The bio as plain text. */
  bio: z.string().nullable(),
  /** The account's page on its own server. */
  profile_url: z.string(),
  uri: z.string(),
  follow_state: remoteFollowState,
  /** The follow's id while the viewer follows it or asked to: what `DELETE` takes. */
  follow_id: z.number().int().nullable(),
});
export type RemoteAccount = z.infer<typeof remoteAccount>;

/** One of the viewer's follows of remote accounts. */
export const remoteFollow = z.object({
  id: z.number().int(),
  state: z.enum(['pending', 'accepted']),
  since: z.string(),
  account: remoteAccount,
});
export type RemoteFollow = z.infer<typeof remoteFollow>;
export const remoteFollowList = z.object({ results: z.array(remoteFollow) });

/** A file of a remote post: a link to it on its server, not loaded in the page (README). */
export const remoteAttachment = z.object({
  url: z.string(),
  media_type: z.string().nullable(),
  alt: z.string().nullable(),
});

/**
 * Where a post of the home feed comes from when it is a remote account's (absent on local
 * posts): the account, the original's page, and what the viewer did to it. Such a post's `id`
 * is its `remote_posts` id, not a local post's; its `content` is plain text.
 */
export const postOrigin = z.object({
  handle: z.string(),
  name: z.string().nullable(),
  profile_url: z.string(),
  /** The original on its own server. */
  url: z.string(),
  content_warning: z.string().nullable(),
  sensitive: z.boolean(),
  attachments: z.array(remoteAttachment),
  boosted_by_me: z.boolean(),
  /** When the post is in the feed as a followed account's boost: the boost and its booster. */
  boost: z
    .object({
      id: z.number().int(),
      handle: z.string(),
      name: z.string().nullable(),
      profile_url: z.string(),
    })
    .optional(),
});
export type PostOrigin = z.infer<typeof postOrigin>;

/** `POST /api/federation/posts/{id}/reply/`. */
export const remoteReplyRequest = z.object({
  content: z
    .string({ error: 'Write a reply.' })
    .trim()
    .min(1, 'Write a reply.')
    .max(5000, 'A reply is at most 5000 characters.'),
});

/** What a like, boost or reply of a remote post answers. */
export const remoteInteractionAnswer = z.object({
  liked_by_me: z.boolean(),
  boosted_by_me: z.boolean(),
});
