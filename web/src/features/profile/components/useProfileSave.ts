import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile } from '@zura/contracts';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PickedFile } from '../../../lib/use-picked-file';
import { updateProfile, uploadProfileImage, type ProfileImageKind } from '../api';
import { buildProfileUpdate, type ProfileEditValues, type UploadedImageIds } from '../edit-form';
import { postKeys, profileKeys } from '../../../lib/query-keys';

/** An image upload that failed while saving (spec §8 "Upload during save"). */
export class ImageUploadError extends Error {
  readonly kind: ProfileImageKind;
  constructor(kind: ProfileImageKind, cause: unknown) {
    super(`The ${kind} image could not be uploaded`, { cause });
    this.kind = kind;
  }
}

/** How far each image's upload has come (0..1), absent when it is not uploading. */
export type UploadProgress = Partial<Record<ProfileImageKind, number>>;

export interface PickedImages {
  profile: PickedFile | null;
  cover: PickedFile | null;
}

/**
 * Saving the edit form: the chosen images are uploaded first (with progress), then the profile is
 * saved with their ids; on success the caches are refreshed and the profile is shown.
 */
export function useProfileSave(profile: OwnProfile, images: PickedImages) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress>({});
  // Images already uploaded in an earlier attempt are not sent twice.
  const uploaded = useRef(new Map<File, string>());

  const uploadImage = async (kind: ProfileImageKind, file: File): Promise<string> => {
    const known = uploaded.current.get(file);
    if (known) return known;
    setProgress((current) => ({ ...current, [kind]: 0 }));
    try {
      const result = await uploadProfileImage(file, kind, (fraction) =>
        setProgress((current) => ({ ...current, [kind]: fraction })),
      );
      uploaded.current.set(file, result.id);
      return result.id;
    } catch (error) {
      throw new ImageUploadError(kind, error);
    } finally {
      setProgress((current) => ({ ...current, [kind]: undefined }));
    }
  };

  const mutation = useMutation({
    mutationFn: async (values: ProfileEditValues) => {
      // Spec: chosen images are uploaded first, then the profile is saved with their ids.
      const ids: UploadedImageIds = {};
      if (images.profile) ids.profile = await uploadImage('profile', images.profile.file);
      if (images.cover) ids.cover = await uploadImage('cover', images.cover.file);
      return updateProfile(buildProfileUpdate(values, profile, ids));
    },
    onSuccess: async (updated) => {
      queryClient.setQueryData(profileKeys.own(), updated);
      // Name and avatar appear on the profile pages and in posts.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.users() }),
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
      ]);
      void navigate('/profile');
    },
  });

  return { mutation, progress };
}
