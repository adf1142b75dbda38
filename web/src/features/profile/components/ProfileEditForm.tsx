import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CATEGORIES,
  MAX_SUBCATEGORIES,
  MAX_TAGS,
  MAX_VIBES,
  PRESET_TAGS,
  PRESET_VIBES,
  SUBSCRIPTION_PRICES,
  USERNAME_PATTERN,
  type OwnProfile,
} from '@zura/contracts';
import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, isRecord } from '../../../lib/api-errors';
import { usePickedFile } from '../../../lib/use-picked-file';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { PasswordField } from '../../../ui/PasswordField';
import { Switch } from '../../../ui/Switch';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';
import { cn } from '../../../ui/cn';
import { postKeys } from '../../posts/api';
import {
  profileKeys,
  updateProfile,
  useOwnProfile,
  uploadProfileImage,
  type ProfileImageKind,
} from '../api';
import {
  BIO_MAX_LENGTH,
  buildProfileUpdate,
  formValuesFrom,
  profileEditSchema,
  type ProfileEditValues,
  type UploadedImageIds,
} from '../edit-form';
import { describeSaveError, stripUsername } from '../helpers';
import {
  MultiChipPicker,
  overlayInputClasses,
  SingleChipPicker,
  type ChipOption,
} from './ChipPicker';
import { ImageField } from './ImageField';
import { PROFILE_CATEGORY_OPTIONS } from './icons';

const SUBCATEGORY_OPTIONS: ChipOption[] = CATEGORIES.map(({ id, name }) => ({
  value: id,
  label: name,
}));
const TAG_OPTIONS: ChipOption[] = PRESET_TAGS.map((tag) => ({ value: tag, label: tag }));
const VIBE_OPTIONS: ChipOption[] = PRESET_VIBES.map((vibe) => ({ value: vibe, label: vibe }));

const LINK_FIELDS = ['instagram_url', 'x_url', 'youtube', 'tiktok', 'reddit', 'website'] as const;
const LINK_LABELS = {
  instagram_url: 'instagram',
  x_url: 'x',
  youtube: 'youtube',
  tiktok: 'tiktok',
  reddit: 'reddit',
  website: 'website',
} as const;

/** An image upload that failed while saving (spec §8 "Upload during save"). */
class ImageUploadError extends Error {
  readonly kind: ProfileImageKind;
  constructor(kind: ProfileImageKind, cause: unknown) {
    super(`The ${kind} image could not be uploaded`, { cause });
    this.kind = kind;
  }
}

/** The server's reasons for a refused upload (e.g. too large, not an image). */
function uploadDetails(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status >= 500 || !isRecord(error.body)) return [];
  return Object.values(error.body).flatMap((value) =>
    (Array.isArray(value) ? value : [value]).filter(
      (item): item is string => typeof item === 'string' && item !== '',
    ),
  );
}

type Progress = Partial<Record<ProfileImageKind, number>>;

export interface ProfileEditFormProps {
  profile: OwnProfile;
}

export function ProfileEditForm({ profile }: ProfileEditFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
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
  const [isLocked, username = ''] = useWatch({
    control,
    name: ['is_profile_locked', 'username'],
  });
  const [profileImage, pickProfileImage] = usePickedFile();
  const [coverImage, pickCoverImage] = usePickedFile();
  const [progress, setProgress] = useState<Progress>({});
  // Images already uploaded in an earlier attempt are not sent twice.
  const uploaded = useRef(new Map<File, string>());
  // Deleting a saved image updates the cached own profile; the previews follow it.
  const { data: saved = profile } = useOwnProfile();

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
      if (profileImage) ids.profile = await uploadImage('profile', profileImage.file);
      if (coverImage) ids.cover = await uploadImage('cover', coverImage.file);
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

  const goBack = () => {
    // Spec: Cancel goes back; opened directly (no history in the app), go to the profile.
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx) void navigate(-1);
    else void navigate('/profile');
  };

  const busy = mutation.isPending;
  const usernameSendable = USERNAME_PATTERN.test(username.trim());

  return (
    <form
      onSubmit={handleSubmit((values) => mutation.mutate(values))}
      noValidate
      className="mx-auto max-w-3xl space-y-6"
    >
      <Section title={t('profileEdit.sections.photos')}>
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
      </Section>

      <Section title={t('profileEdit.sections.about')}>
        <Controller
          control={control}
          name="username"
          render={({ field }) => (
            <TextField
              label={t('profileEdit.username')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={30}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(stripUsername(event.target.value))}
              description={
                usernameSendable ? t('profileEdit.usernameHint') : t('validation.usernameInvalid')
              }
            />
          )}
        />
        <Controller
          control={control}
          name="bio"
          render={({ field }) => (
            <TextArea
              label={t('profileEdit.bio')}
              rows={4}
              maxLength={BIO_MAX_LENGTH}
              placeholder={t('profileEdit.bioPlaceholder')}
              {...field}
              description={t('profileEdit.bioCount', {
                count: field.value.length,
                max: BIO_MAX_LENGTH,
              })}
            />
          )}
        />
      </Section>

      <Section title={t('profileEdit.sections.social')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {LINK_FIELDS.map((field) => (
            <TextField
              key={field}
              label={t(`profileEdit.links.${LINK_LABELS[field]}`)}
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder={t('profileEdit.links.placeholder')}
              {...register(field)}
            />
          ))}
        </div>
      </Section>

      <Section title={t('profileEdit.sections.niche')}>
        <div className="space-y-4">
          <div>
            <h3 className="text-sm font-semibold text-slate-900">
              {t('profileEdit.categories')}
              <span className="ms-2 text-xs font-normal text-slate-500">
                {t('profileEdit.selectAtLeastOne')}
              </span>
            </h3>
          </div>
          <Controller
            control={control}
            name="category"
            render={({ field }) => (
              <SingleChipPicker
                legend={t('profileEdit.mainCategory')}
                options={PROFILE_CATEGORY_OPTIONS}
                value={field.value}
                onChange={field.onChange}
                noneLabel={t('profileEdit.noCategory')}
                disabled={busy}
              />
            )}
          />
          <Controller
            control={control}
            name="subcategories"
            render={({ field }) => (
              <MultiChipPicker
                legend={t('profileEdit.moreCategories')}
                options={SUBCATEGORY_OPTIONS}
                value={field.value}
                onChange={field.onChange}
                max={MAX_SUBCATEGORIES}
                disabled={busy}
              />
            )}
          />
          <Controller
            control={control}
            name="show_subcategories"
            render={({ field }) => (
              <Switch
                label={t('profileEdit.showSubcategories')}
                checked={field.value}
                onCheckedChange={field.onChange}
                disabled={busy}
              />
            )}
          />
        </div>
        <div className="space-y-4 border-t border-slate-100 pt-5">
          <Controller
            control={control}
            name="tags"
            render={({ field }) => (
              <MultiChipPicker
                legend={t('profileEdit.tags')}
                hint={t('profileEdit.selectAtLeastOne')}
                options={TAG_OPTIONS}
                value={field.value}
                onChange={field.onChange}
                max={MAX_TAGS}
                customLabel={t('profileEdit.customTag')}
                addLabel={t('profileEdit.addTag')}
                disabled={busy}
              />
            )}
          />
          <Controller
            control={control}
            name="show_tags"
            render={({ field }) => (
              <Switch
                label={t('profileEdit.showTags')}
                checked={field.value}
                onCheckedChange={field.onChange}
                disabled={busy}
              />
            )}
          />
        </div>
      </Section>

      <Section title={t('profileEdit.sections.vibe')}>
        <Controller
          control={control}
          name="vibes"
          render={({ field }) => (
            <MultiChipPicker
              legend={t('profileEdit.vibes')}
              options={VIBE_OPTIONS}
              value={field.value}
              onChange={field.onChange}
              max={MAX_VIBES}
              customLabel={t('profileEdit.customVibe')}
              addLabel={t('profileEdit.addVibe')}
              disabled={busy}
            />
          )}
        />
        <Controller
          control={control}
          name="show_vibes"
          render={({ field }) => (
            <Switch
              label={t('profileEdit.showVibes')}
              checked={field.value}
              onCheckedChange={field.onChange}
              disabled={busy}
            />
          )}
        />
      </Section>

      <Section title={t('profileEdit.sections.subscriptions')}>
        <Controller
          control={control}
          name="subscription_price"
          render={({ field }) => (
            <PriceChoice value={field.value} onChange={field.onChange} disabled={busy} />
          )}
        />
      </Section>

      <Section title={t('profileEdit.sections.lock')}>
        <Controller
          control={control}
          name="is_profile_locked"
          render={({ field }) => (
            <Switch
              label={t('profileEdit.lockProfile')}
              description={t('profileEdit.lockHint')}
              checked={field.value}
              onCheckedChange={field.onChange}
              disabled={busy}
            />
          )}
        />
        {isLocked && (
          <PasswordField
            label={t('profileEdit.profilePassword')}
            autoComplete="new-password"
            invalid={Boolean(errors.profile_password)}
            description={
              errors.profile_password?.message ? (
                <span role="alert" className="text-red-600">
                  {errors.profile_password.message}
                </span>
              ) : profile.is_profile_locked ? (
                t('profileEdit.profilePasswordKeep')
              ) : undefined
            }
            {...register('profile_password')}
          />
        )}
      </Section>

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

interface UploadStatusProps {
  progress: Progress;
}

/** Next to Save: which image is uploading (the bar itself sits in the image's field). */
function UploadStatus({ progress }: UploadStatusProps) {
  const { t } = useTranslation();
  const kind = (['profile', 'cover'] as const).find((item) => progress[item] !== undefined);
  const fraction = kind ? progress[kind] : undefined;
  return (
    <p role="status" className="me-auto text-sm text-slate-600 tabular-nums">
      {kind !== undefined && fraction !== undefined
        ? t('profileEdit.uploadStatus', {
            label: t(`profileEdit.images.${kind}.uploading`),
            percent: Math.round(fraction * 100),
          })
        : null}
    </p>
  );
}

interface SectionProps {
  title: string;
  children: ReactNode;
}

function Section({ title, children }: SectionProps) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="space-y-5 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

interface PriceChoiceProps {
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}

/** Spec §9: free, 4.99, 9.99 or 19.99 USD per month. */
function PriceChoice({ value, onChange, disabled }: PriceChoiceProps) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800">{t('profileEdit.price')}</legend>
      <div className="grid gap-2 sm:grid-cols-4">
        {SUBSCRIPTION_PRICES.map((price) => (
          <label
            key={price}
            className={cn(
              'relative flex cursor-pointer items-center justify-center rounded-xl px-3 py-3 text-sm font-semibold ring-1 ring-slate-300 ring-inset',
              'has-[:checked]:bg-violet-50 has-[:checked]:text-violet-700 has-[:checked]:ring-2 has-[:checked]:ring-violet-600',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-violet-600',
            )}
          >
            <input
              type="radio"
              name="subscription_price"
              value={price}
              className={overlayInputClasses}
              checked={value === price}
              disabled={disabled}
              onChange={() => onChange(price)}
            />
            {price === 'free'
              ? t('profileEdit.priceFree')
              : t('profileEdit.pricePerMonth', { price })}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface SaveErrorProps {
  error: unknown;
}

/** Spec §8 "Upload during save" and "Save". */
function SaveError({ error }: SaveErrorProps) {
  const { t } = useTranslation();
  if (error instanceof ImageUploadError) {
    return (
      <Alert>
        <p>{t(`profileEdit.images.${error.kind}.uploadFailed`)}</p>
        {uploadDetails(error.cause).map((line) => (
          <p key={line} className="mt-1">
            {line}
          </p>
        ))}
      </Alert>
    );
  }
  const described = describeSaveError(error);
  if (described.kind === 'validation') {
    return (
      <Alert>
        <p>{t('profileEdit.validationErrors')}</p>
        <ul className="mt-1 space-y-0.5">
          {described.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Alert>
    );
  }
  if (described.kind === 'server') {
    return <Alert>{t('profileEdit.serverError', { text: described.text })}</Alert>;
  }
  return <Alert>{t('profileEdit.saveFailed')}</Alert>;
}
