import { zodResolver } from '@hookform/resolvers/zod';
import type { OwnProfile } from '@zura/contracts';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import { usePickedFile } from '../../../lib/use-picked-file';
import { Button } from '../../../ui/Button';
import { formValuesFrom, profileEditSchema, type ProfileEditValues } from '../edit-form';
import { AboutSection } from './AboutSection';
import { FormSection } from './FormSection';
import { ImageField } from './ImageField';
import { NicheSection, VibeSection } from './NicheSections';
import { SaveError, UploadStatus } from './SaveFeedback';
import { SocialLinksSection } from './SocialLinksSection';
import { LockSection, PriceSection } from './SubscriptionSections';
import { useProfileSave } from './useProfileSave';
import { useOwnProfile } from '../../../lib/own-profile';

export interface ProfileEditFormProps {
  profile: OwnProfile;
}

/** The own profile's edit form (spec §8); each card is its own component in this folder. */
export function ProfileEditForm({ profile }: ProfileEditFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const schema = useMemo(
    () => profileEditSchema(t, profile.is_profile_locked),
    [t, profile.is_profile_locked],
  );
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ProfileEditValues>({
    resolver: zodResolver(schema),
    defaultValues: formValuesFrom(profile),
  });
  const [profileImage, pickProfileImage] = usePickedFile();
  const [coverImage, pickCoverImage] = usePickedFile();
  const { mutation, progress } = useProfileSave(profile, {
    profile: profileImage,
    cover: coverImage,
  });
  // Deleting a saved image updates the cached own profile; the previews follow it.
  const { data: saved = profile } = useOwnProfile();

  const goBack = () => {
    // Spec: Cancel goes back; opened directly (no history in the app), go to the profile.
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx) void navigate(-1);
    else void navigate('/profile');
  };

  const busy = mutation.isPending;

  return (
    <form
      onSubmit={handleSubmit((values) => mutation.mutate(values))}
      noValidate
      className="mx-auto max-w-3xl space-y-6"
    >
      <FormSection title={t('profileEdit.sections.photos')}>
        <ImageField
          kind="cover"
          savedUrl={saved.cover_image}
          picked={coverImage}
          onPick={pickCoverImage}
          progress={progress.cover ?? null}
          disabled={busy}
        />
        <ImageField
          kind="profile"
          savedUrl={saved.profile_image}
          picked={profileImage}
          onPick={pickProfileImage}
          progress={progress.profile ?? null}
          disabled={busy}
        />
      </FormSection>
      <AboutSection control={control} />
      <SocialLinksSection register={register} />
      <NicheSection control={control} busy={busy} />
      <VibeSection control={control} busy={busy} />
      <PriceSection control={control} busy={busy} />
      <LockSection
        control={control}
        register={register}
        errors={errors}
        busy={busy}
        wasLocked={profile.is_profile_locked}
      />

      {mutation.isError && <SaveError error={mutation.error} />}

      <div className="flex flex-wrap items-center justify-end gap-3">
        <UploadStatus progress={progress} />
        <Button variant="outline" onClick={goBack} disabled={busy}>
          {t('profileEdit.cancel')}
        </Button>
        <Button type="submit" busy={busy}>
          {busy ? t('profileEdit.saving') : t('profileEdit.save')}
        </Button>
      </div>
    </form>
  );
}
