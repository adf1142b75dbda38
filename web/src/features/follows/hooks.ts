import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import type { Answer } from '../../lib/api-client';
import { patchFollow, patchFollowIn, setFollowing, type FollowPatch } from './api';
import { discoverKeys, exploreKeys, postKeys, profileKeys } from '../../lib/query-keys';

// The cached shapes a follow changes: the document's answers (what profile, discover and explore hold).
type ViewedProfile = Answer<'/api/auth/users/{idOrUsername}/', 'get'>;
type SuggestedProfile = Answer<'/api/auth/users/discover/', 'get'>[number];
type ExplorePages = InfiniteData<Answer<'/api/explore/creators/', 'get'>>;

type Snapshot = [QueryKey, unknown][];

/** Writes the follow state of `userId` into every cached list or profile that shows them. */
function applyEverywhere(queryClient: QueryClient, userId: number, patch: FollowPatch) {
  queryClient.setQueriesData<ViewedProfile>({ queryKey: profileKeys.users() }, (data) =>
    data && data.id === userId ? patchFollow(data, patch) : data,
  );
  queryClient.setQueriesData<SuggestedProfile[]>({ queryKey: discoverKeys.profiles() }, (data) =>
    data ? patchFollowIn(data, userId, patch) : data,
  );
  queryClient.setQueriesData<ExplorePages>({ queryKey: exploreKeys.all }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            results: patchFollowIn(page.results, userId, patch),
          })),
        }
      : data,
  );
}

function snapshot(queryClient: QueryClient): Snapshot {
  return [profileKeys.users(), discoverKeys.profiles(), exploreKeys.all].flatMap((queryKey) =>
    queryClient.getQueriesData({ queryKey }),
  );
}

export interface FollowVariables {
  userId: number;
  follow: boolean;
}

/**
 * Follow or unfollow, optimistically: profiles, suggestions and Explore cards show the new
 * state at once, go back on failure, and take the server's real followers count on success.
 * The home feed is refetched, as its posts depend on whom the viewer follows.
 */
export function useFollowMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, follow }: FollowVariables) => setFollowing(userId, follow),
    onMutate: async ({ userId, follow }) => {
      await Promise.all(
        [profileKeys.users(), discoverKeys.profiles(), exploreKeys.all].map((queryKey) =>
          queryClient.cancelQueries({ queryKey }),
        ),
      );
      const previous = snapshot(queryClient);
      applyEverywhere(queryClient, userId, { following: follow });
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [queryKey, data] of context?.previous ?? []) {
        queryClient.setQueryData(queryKey, data);
      }
    },
    onSuccess: (answer, { userId }) => {
      applyEverywhere(queryClient, userId, answer);
      void queryClient.invalidateQueries({ queryKey: postKeys.feed() });
    },
  });
}
