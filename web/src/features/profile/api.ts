import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ownProfile,
  publicProfile,
  type OwnProfile,
  type ProfileUpdateRequest,
} from '@zura/contracts';
import { z } from 'zod';
import { api } from '../../lib/api';
import { uploadWithProgress } from '../../lib/upload';
import { useSession } from '../../lib/use-session';

export const profileKeys = {
  all: ['profile'] as const,
  own: () => [...profileKeys.all, 'own'] as const,
  users: () => [...profileKeys.all, 'user'] as const,
  user: (idOrUsername: string) => [...profileKeys.users(), idOrUsername] as const,
};

export function ownProfileQuery() {
  return queryOptions({
    queryKey: profileKeys.own(),
    queryFn: ({ signal }) => api.get('/auth/profile/', { schema: ownProfile, signal }),
    staleTime: 60_000,
  });
}

/** The signed-in user's own profile (GET /auth/profile/); idle while signed out. */
export function useOwnProfile(options: { refetchOnWindowFocus?: boolean | 'always' } = {}) {
  const session = useSession();
  return useQuery({ ...ownProfileQuery(), enabled: session !== null, ...options });
}

/**
 * A profile as this viewer sees it (GET /auth/users/{idOrUsername}/): always the header
 * fields, the content fields when visible, and every own-profile field for the owner.
 */
const viewedProfile = ownProfile.partial().extend(publicProfile.shape);
export type ViewedProfile = z.infer<typeof viewedProfile>;

export function userProfileQuery(idOrUsername: string) {
  return queryOptions({
    queryKey: profileKeys.user(idOrUsername),
    queryFn: ({ signal }) =>
      api.get(`/auth/users/${encodeURIComponent(idOrUsername)}/`, {
        schema: viewedProfile,
        signal,
      }),
  });
}

/** Whether the viewer may see the profile's bio, extras and posts. */
export function canSeeContent(
  profile: Pick<ViewedProfile, 'is_owner' | 'is_profile_locked' | 'is_unlocked'>,
) {
  return profile.is_owner || !profile.is_profile_locked || profile.is_unlocked;
}

const unlockProfileResponse = z.object({ message: z.string(), profile: viewedProfile });

export function unlockProfile(username: string, password: string) {
  return api.post(
    `/auth/users/${encodeURIComponent(username)}/unlock/`,
    { password },
    { schema: unlockProfileResponse },
  );
}

export function updateProfile(body: ProfileUpdateRequest): Promise<OwnProfile> {
  return api.put('/auth/profile/', body, { schema: ownProfile });
}

export type ProfileImageKind = 'profile' | 'cover';

export function deleteProfileImage(kind: ProfileImageKind) {
  return api.delete<unknown>(
    `/auth/profile/${kind === 'profile' ? 'profile-image' : 'cover-image'}/`,
  );
}

const uploadedFile = z.looseObject({
  id: z.string(),
  file_url: z.string().nullish(),
});

/** POST /uploads/ with the image's context; the answer's id goes into the profile update. */
export function uploadProfileImage(
  file: File,
  kind: ProfileImageKind,
  onProgress?: (fraction: number) => void,
) {
  const form = new FormData();
  form.append('file', file);
  form.append('context', kind === 'profile' ? 'profile_image' : 'cover_image');
  return uploadWithProgress('/uploads/', form, { schema: uploadedFile, onProgress });
}
