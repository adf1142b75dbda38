import { client, type Answer } from '../../lib/api-client';

/** The answer of POST and DELETE /auth/users/{id}/follow/ (typed, not parsed). */
export type FollowAnswer =
  | Answer<'/api/auth/users/{idOrUsername}/follow/', 'post'>
  | Answer<'/api/auth/users/{idOrUsername}/follow/', 'delete'>;

/** Follows (`follow: true`) or unfollows a user. */
export function setFollowing(userId: number, follow: boolean): Promise<FollowAnswer> {
  const options = { path: { idOrUsername: userId } };
  return follow
    ? client.POST('/api/auth/users/{idOrUsername}/follow/', options)
    : client.DELETE('/api/auth/users/{idOrUsername}/follow/', options);
}

/** The follow facts a cached entry of user `id` carries. */
export interface FollowFacts {
  is_following?: boolean | undefined;
  followers?: number | undefined;
}

/** A change to apply: the new state, and the real count when known (else ±1 on the cached). */
export interface FollowPatch {
  following: boolean;
  followers?: number;
}

/**
 * The entry with the new follow state; its followers count becomes the server's, or moves by
 * one when the state changes before the answer (optimistic), never below 0.
 */
export function patchFollow<T extends FollowFacts>(entry: T, patch: FollowPatch): T {
  let followers = entry.followers;
  if (patch.followers !== undefined) {
    followers = patch.followers;
  } else if (followers !== undefined && entry.is_following !== patch.following) {
    followers = Math.max(followers + (patch.following ? 1 : -1), 0);
  }
  return { ...entry, is_following: patch.following, followers };
}

/** `patchFollow` on each entry of `list` that is user `userId` (by `id` or `userId`). */
export function patchFollowIn<T extends FollowFacts & { id: number; userId?: number }>(
  list: readonly T[],
  userId: number,
  patch: FollowPatch,
): T[] {
  return list.map((entry) =>
    entry.id === userId || entry.userId === userId ? patchFollow(entry, patch) : entry,
  );
}
