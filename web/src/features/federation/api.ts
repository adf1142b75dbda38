import { queryOptions } from '@tanstack/react-query';
import { client } from '../../lib/api-client';

export const federationKeys = {
  requests: ['federation', 'follow-requests'] as const,
  followers: ['federation', 'followers'] as const,
  blocked: ['federation', 'blocked-actors'] as const,
  domainBlocks: ['federation', 'domain-blocks'] as const,
};

/** Remote follows held for the creator's approval (a locked profile). */
export function followRequestsQuery() {
  return queryOptions({
    queryKey: federationKeys.requests,
    queryFn: ({ signal }) => client.GET('/api/federation/follow-requests/', { signal }),
  });
}

/** The creator's accepted remote followers. */
export function remoteFollowersQuery() {
  return queryOptions({
    queryKey: federationKeys.followers,
    queryFn: ({ signal }) => client.GET('/api/federation/followers/', { signal }),
  });
}

/** The remote actors the creator blocked. */
export function blockedActorsQuery() {
  return queryOptions({
    queryKey: federationKeys.blocked,
    queryFn: ({ signal }) => client.GET('/api/federation/blocked-actors/', { signal }),
  });
}

export type FollowerAction = 'approve' | 'decline' | 'remove' | 'block' | 'unblock';

/**
 * Approve or decline a request (sends Accept or Reject); remove (Reject) or block a follower;
 * unblock a blocked actor (sends the Undo of the Block).
 */
export function actOnFollower(action: FollowerAction, id: number) {
  const path = { id };
  switch (action) {
    case 'approve':
      return client.POST('/api/federation/follow-requests/{id}/approve/', { path });
    case 'decline':
      return client.POST('/api/federation/follow-requests/{id}/decline/', { path });
    case 'remove':
      return client.POST('/api/federation/followers/{id}/remove/', { path });
    case 'block':
      return client.POST('/api/federation/followers/{id}/block/', { path });
    case 'unblock':
      return client.POST('/api/federation/blocked-actors/{id}/unblock/', { path });
  }
}

/** Admins: the defederated domains. */
export function domainBlocksQuery() {
  return queryOptions({
    queryKey: federationKeys.domainBlocks,
    queryFn: ({ signal }) => client.GET('/api/federation/domain-blocks/', { signal }),
  });
}

export function blockDomain(body: { domain: string; reason: string }) {
  return client.POST('/api/federation/domain-blocks/', { body });
}

export function unblockDomain(id: number) {
  return client.DELETE('/api/federation/domain-blocks/{id}/', { path: { id } });
}
