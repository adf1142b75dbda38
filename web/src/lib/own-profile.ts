import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from './api-client';
import { profileKeys } from './query-keys';
import { useSession } from './use-session';

/**
 * The signed-in user's own profile, which the shell, the composer, messaging, offers and the
 * wallet all read (the profile feature edits it).
 */
export function ownProfileQuery() {
  return queryOptions({
    queryKey: profileKeys.own(),
    queryFn: ({ signal }) => client.GET('/api/auth/profile/', { signal }),
    staleTime: 60_000,
  });
}

/** The signed-in user's own profile (GET /auth/profile/); idle while signed out. */
export function useOwnProfile(options: { refetchOnWindowFocus?: boolean | 'always' } = {}) {
  const session = useSession();
  return useQuery({ ...ownProfileQuery(), enabled: session !== null, ...options });
}
