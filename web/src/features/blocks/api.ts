import { queryOptions } from '@tanstack/react-query';
import type { blockedUserList, blockState } from '@zura/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api';

const blocksKeys = {
  all: ['blocks'] as const,
};

/** GET /auth/blocks/: the users the caller blocked, newest first. */
export function blockedUsersQuery() {
  return queryOptions({
    queryKey: blocksKeys.all,
    queryFn: ({ signal }) => api.get<z.infer<typeof blockedUserList>>('/auth/blocks/', { signal }),
  });
}

/** POST /auth/users/{id}/block/: follows end both ways, subscriptions stop renewing. */
export function blockUser(userId: number) {
  return api.post<z.infer<typeof blockState>>(`/auth/users/${userId}/block/`, {});
}

/** DELETE /auth/users/{id}/block/: the two see each other again. */
export function unblockUser(userId: number) {
  return api.delete<z.infer<typeof blockState>>(`/auth/users/${userId}/block/`);
}
