import { queryOptions } from '@tanstack/react-query';
import type {
  OwnProfile,
  ProfileUpdateRequest,
  uploadedFile,
  viewedProfile,
} from '@zura/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api';
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
      api.get<ViewedProfile>(`/auth/users/${encodeURIComponent(idOrUsername)}/`, { signal }),
  });
}

/** Whether the viewer may see the profile's bio, extras and posts. */
export function canSeeContent(
  profile: Pick<ViewedProfile, 'is_owner' | 'is_profile_locked' | 'is_unlocked'>,
) {
  return profile.is_owner || !profile.is_profile_locked || profile.is_unlocked;
}

/** The unlock route's answer: a message and the profile now open to the viewer. */
export interface UnlockedProfile {
  message: string;
  profile: ViewedProfile;
}

export function unlockProfile(username: string, password: string) {
  return api.post<UnlockedProfile>(`/auth/users/${encodeURIComponent(username)}/unlock/`, {
    password,
  });
}

export function updateProfile(body: ProfileUpdateRequest): Promise<OwnProfile> {
  return api.put<OwnProfile>('/auth/profile/', body);
}

export type ProfileImageKind = 'profile' | 'cover';

export function deleteProfileImage(kind: ProfileImageKind) {
  return api.delete<unknown>(
    `/auth/profile/${kind === 'profile' ? 'profile-image' : 'cover-image'}/`,
  );
}

/** POST /uploads/ with the image's context; the answer's id goes into the profile update. */
export function uploadProfileImage(
  file: File,
  kind: ProfileImageKind,
  onProgress?: (fraction: number) => void,
) {
  const form = new FormData();
  form.append('file', file);
  form.append('context', kind === 'profile' ? 'profile_image' : 'cover_image');
  return uploadWithProgress<z.infer<typeof uploadedFile>>('/uploads/', form, { onProgress });
}
