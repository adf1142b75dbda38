import { queryOptions } from '@tanstack/react-query';
import { client } from '../../lib/api-client';

const blocksKeys = {
  all: ['blocks'] as const,
};

/** GET /auth/blocks/: the users the caller blocked, newest first. */
export function blockedUsersQuery() {
  return queryOptions({
    queryKey: blocksKeys.all,
    queryFn: ({ signal }) => client.GET('/api/auth/blocks/', { signal }),
  });
}

/** POST /auth/users/{id}/block/: follows end both ways, subscriptions stop renewing. */
export function blockUser(userId: number) {
  return client.POST('/api/auth/users/{idOrUsername}/block/', {
    path: { idOrUsername: userId },
  });
}

/** DELETE /auth/users/{id}/block/: the two see each other again. */
export function unblockUser(userId: number) {
  return client.DELETE('/api/auth/users/{idOrUsername}/block/', {
    path: { idOrUsername: userId },
  });
}
