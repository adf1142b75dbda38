import { queryOptions } from '@tanstack/react-query';
import { client } from '../../lib/api-client';

export const followingKeys = {
  lookup: (q: string) => ['federation', 'lookup', q] as const,
  follows: ['federation', 'follows'] as const,
};

/** A remote account (`@name@host`) as the server found it, and whether the viewer follows it. */
export function remoteLookupQuery(q: string) {
  return queryOptions({
    queryKey: followingKeys.lookup(q),
    queryFn: ({ signal }) => client.GET('/api/federation/lookup/', { query: { q }, signal }),
    // One lookup fetches from the other server: not again on every focus.
    staleTime: 60_000,
    retry: false,
  });
}

/** Sends a Follow of the remote account; pending until it accepts. */
export function followRemote(handle: string) {
  return client.POST('/api/federation/follows/', { body: { handle } });
}

/** Stops following a remote account (sends Undo). */
export function unfollowRemote(id: number) {
  return client.DELETE('/api/federation/follows/{id}/', { path: { id } });
}

export type RemoteReaction = 'like' | 'boost';

/** Likes or boosts a remote post of the feed (`on`), or takes it back. */
export function reactToRemotePost(id: number, reaction: RemoteReaction, on: boolean) {
  const path = { id };
  if (reaction === 'like') {
    return on
      ? client.POST('/api/federation/posts/{id}/like/', { path })
      : client.DELETE('/api/federation/posts/{id}/like/', { path });
  }
  return on
    ? client.POST('/api/federation/posts/{id}/boost/', { path })
    : client.DELETE('/api/federation/posts/{id}/boost/', { path });
}

/** Replies to a remote post: a public note sent to its author. */
export function replyToRemotePost(id: number, content: string) {
  return client.POST('/api/federation/posts/{id}/reply/', { path: { id }, body: { content } });
}
