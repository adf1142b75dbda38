import type { QueryClient } from '@tanstack/react-query';

/**
 * The TanStack Query keys that more than one feature reads, writes or invalidates (issue 34):
 * a feature refreshing another's data names the key here instead of importing that feature's
 * `api.ts`. A key only its own feature uses stays in that feature's `api.ts`.
 */

export const postKeys = {
  all: ['posts'] as const,
  feed: () => [...postKeys.all, 'feed'] as const,
  byUser: () => [...postKeys.all, 'user'] as const,
  /** The author's drafts (`features/drafts`): a post list like the others. */
  drafts: () => [...postKeys.all, 'drafts'] as const,
  /** One post by id (the post page). */
  one: (postId: number) => [...postKeys.all, 'one', postId] as const,
  user: (userId: number | string) => [...postKeys.byUser(), String(userId)] as const,
};

/**
 * The author's scheduled drafts (`features/drafts`): a plain list, kept apart from `postKeys.all`,
 * whose entries are all page lists the post hooks rewrite in place.
 */
export const scheduledKey = ['posts-scheduled'] as const;

export const profileKeys = {
  all: ['profile'] as const,
  own: () => [...profileKeys.all, 'own'] as const,
  users: () => [...profileKeys.all, 'user'] as const,
  user: (idOrUsername: string) => [...profileKeys.users(), idOrUsername] as const,
};

export const walletKeys = {
  all: ['wallet'] as const,
  summary: () => [...walletKeys.all, 'summary'] as const,
  transactions: () => [...walletKeys.all, 'transactions'] as const,
  payouts: () => [...walletKeys.all, 'payouts'] as const,
};

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  mine: () => [...subscriptionKeys.all, 'mine'] as const,
};

export const offerKeys = {
  all: ['offers'] as const,
  mine: () => [...offerKeys.all, 'mine'] as const,
  bundles: () => [...offerKeys.all, 'bundles'] as const,
  byCode: (code: string) => [...offerKeys.all, 'code', code] as const,
  options: (creatorId: number) => [...offerKeys.all, 'options', creatorId] as const,
};

export const messagingKeys = {
  all: ['messaging'] as const,
  conversations: () => [...messagingKeys.all, 'conversations'] as const,
  threads: () => [...messagingKeys.all, 'thread'] as const,
  thread: (conversationId: number) => [...messagingKeys.threads(), conversationId] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  summary: () => [...notificationKeys.all, 'summary'] as const,
};

/** The sidebar's unread badges, which the live socket writes. */
export const liveKeys = {
  unreadCounts: ['live', 'unread-counts'] as const,
};

export const libraryKeys = {
  all: ['library'] as const,
  list: () => [...libraryKeys.all, 'list'] as const,
  storage: () => [...libraryKeys.all, 'storage'] as const,
};

export const videoProcessingKeys = {
  all: ['video-processing'] as const,
  upload: (uploadId: string) => [...videoProcessingKeys.all, uploadId] as const,
};

export const discoverKeys = {
  all: ['discover'] as const,
  profiles: () => [...discoverKeys.all, 'profiles'] as const,
};

export const exploreKeys = {
  all: ['explore'] as const,
  creators: (filters: object) => [...exploreKeys.all, 'creators', filters] as const,
};

/** A subscription (or a bundle, or an offer's) changes profiles, posts, the list and the wallet. */
export function invalidateAfterSubscribing(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: profileKeys.users() }),
    queryClient.invalidateQueries({ queryKey: postKeys.all }),
    queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
    queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  ]);
}
