import { queryOptions } from '@tanstack/react-query';
import { blockedUserList, blockState } from '@zura/contracts';
import { api } from '../../lib/api';

const blocksKeys = {
  all: ['blocks'] as const,
};

/** GET /auth/blocks/: the users the caller blocked, newest first. */
export function blockedUsersQuery() {
  return queryOptions({
    queryKey: blocksKeys.all,
    queryFn: ({ signal }) => api.get('/auth/blocks/', { schema: blockedUserList, signal }),
  });
}

/** POST /auth/users/{id}/block/: follows end both ways, subscriptions stop renewing. */
export function blockUser(userId: number) {
  return api.post(`/auth/users/${userId}/block/`, {}, { schema: blockState });
}

/** DELETE /auth/users/{id}/block/: the two see each other again. */
export function unblockUser(userId: number) {
  return api.delete(`/auth/users/${userId}/block/`, { schema: blockState });
}
