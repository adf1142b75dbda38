import { queryOptions } from '@tanstack/react-query';
import type { OwnProfile, ProfileUpdateRequest, viewedProfile } from '@zura/contracts';
import type { z } from 'zod';
import { client } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload';
import { profileKeys } from '../../lib/query-keys';

/**
 * A profile as this viewer sees it (GET /auth/users/{idOrUsername}/): always the header
 * fields, the content fields when visible, and every own-profile field for the owner. The
 * server serializes through the contracts' schemas: their types are the answers' shapes.
 */
export type ViewedProfile = z.infer<typeof viewedProfile>;

export function userProfileQuery(idOrUsername: string) {
  return queryOptions({
    queryKey: profileKeys.user(idOrUsername),
    queryFn: ({ signal }) =>
      client.GET('/api/auth/users/{idOrUsername}/', { path: { idOrUsername }, signal }),
  });
}

/** Whether the viewer may see the profile's bio, extras and posts. */
export function canSeeContent(
  profile: Pick<ViewedProfile, 'is_owner' | 'is_profile_locked' | 'is_unlocked'>,
) {
  return profile.is_owner || !profile.is_profile_locked || profile.is_unlocked;
}

export function unlockProfile(username: string, password: string) {
  return client.POST('/api/auth/users/{idOrUsername}/unlock/', {
    path: { idOrUsername: username },
    body: { password },
  });
}

export function updateProfile(body: ProfileUpdateRequest): Promise<OwnProfile> {
  return client.PUT('/api/auth/profile/', { body });
}

export type ProfileImageKind = 'profile' | 'cover';

export function deleteProfileImage(kind: ProfileImageKind) {
  return kind === 'profile'
    ? client.DELETE('/api/auth/profile/profile-image/')
    : client.DELETE('/api/auth/profile/cover-image/');
}

/** POST /uploads/ with the image's context; the answer's id goes into the profile update. */
export function uploadProfileImage(
  file: File,
  kind: ProfileImageKind,
  onProgress?: (fraction: number) => void,
) {
  const context = kind === 'profile' ? 'profile_image' : 'cover_image';
  return uploadWithProgress('/api/uploads/', { file, context }, { onProgress });
}
