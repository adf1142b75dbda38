import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CREATOR_BIO_MAX_LENGTH,
  CREATOR_SOCIAL_KEYS,
  MAX_SUBCATEGORIES,
  MAX_TAGS,
  MAX_VIBES,
} from '@zura/contracts';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { useNavigate } from 'react-router';
import { usePickedFile } from '../../../lib/use-picked-file';
import { AlertDialog } from '../../../ui/AlertDialog';
import { Button } from '../../../ui/Button';
import { ProgressBar } from '../../../ui/ProgressBar';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';
import { MultiChipPicker, SingleChipPicker } from '../../profile';
import { PROFILE_CATEGORY_OPTIONS } from '../../profile';
import { CATEGORY_OPTIONS, TAG_OPTIONS, VIBE_OPTIONS } from '../../profile';
import { ImageField } from '../../profile';
import { creatorKeys, submitCreatorApplication } from '../api';
import {
  APPLICATION_FIELDS,
  buildApplicationBody,
  describeSubmitFailure,
  validateApplicationForm,
  type ApplicationBody,
  type ApplicationField,
  type ApplicationFormValues,
} from '../application-form';
import { profileKeys } from '../../../lib/query-keys';
import { useOwnProfile } from '../../../lib/own-profile';

const PICKERS = [
  {
    field: 'subcategories',
    legend: 'categories',
    options: CATEGORY_OPTIONS,
    max: MAX_SUBCATEGORIES,
  },
  { field: 'tags', legend: 'tags', options: TAG_OPTIONS, max: MAX_TAGS },
  { field: 'vibes', legend: 'vibes', options: VIBE_OPTIONS, max: MAX_VIBES },
] as const;

type FieldErrors = Partial<Record<ApplicationField, string>>;

/** The element of a field that takes focus: its input, picker toggle or first link. */
function domId(baseId: string, field: ApplicationField): string {
  return field === 'social_links' ? `${baseId}-link-instagram` : `${baseId}-${field}`;
}

interface ResultAlert {
  lines: string[];
  succeeded: boolean;
}

export interface CreatorApplicationFormProps {
  initialValues: ApplicationFormValues;
}

/**
 * The application form (spec §2, §5, §8): images, username, bio, links, categories, tags and
 * vibes; the shared rules on submit, each message under its field (editing the field clears
 * it); the submission's outcome in an alert dialog, then home on success.
 */
export function CreatorApplicationForm({ initialValues }: CreatorApplicationFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const baseId = useId();
  const fieldId = (field: ApplicationField) => domId(baseId, field);
  const { register, control, handleSubmit } = useForm<ApplicationFormValues>({
    defaultValues: initialValues,
  });
  const bio = useWatch({ control, name: 'bio' }) ?? '';
  // An existing image of the profile satisfies the requirement (the server reuses it).
  const { data: profile } = useOwnProfile();
  const [profileImage, pickProfileImage] = usePickedFile();
  const [coverImage, pickCoverImage] = usePickedFile();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [focusTarget, setFocusTarget] = useState<{ field: ApplicationField } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ResultAlert | null>(null);

  // After a refused submit the first invalid field takes the focus (its message describes it).
  useEffect(() => {
    if (focusTarget) document.getElementById(domId(baseId, focusTarget.field))?.focus();
  }, [baseId, focusTarget]);

  const clearError = (field: ApplicationField) =>
    setErrors((current) => {
      if (current[field] === undefined) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });

  const mutation = useMutation({
    mutationFn: (body: ApplicationBody) => submitCreatorApplication(body, setProgress),
    onSettled: () => setProgress(null),
    onSuccess: (answer) =>
      setResult({
        lines: [answer.message?.trim() || t('creatorApplication.messages.submitted')],
        succeeded: true,
      }),
    onError: (error) => {
      const failure = describeSubmitFailure(error, t);
      setErrors((current) => ({ ...current, ...failure.fields }));
      setResult({ lines: failure.lines, succeeded: false });
    },
  });

  const submit = handleSubmit((values) => {
    const problems = validateApplicationForm(values, {
      hasProfileImage: Boolean(profileImage || profile?.profile_image),
      hasCoverImage: Boolean(coverImage || profile?.cover_image),
    });
    const messages: FieldErrors = {};
    for (const field of APPLICATION_FIELDS) {
      const key = problems[field];
      if (key) messages[field] = t(`creatorApplication.messages.${key}`);
    }
    setErrors(messages);
    const first = APPLICATION_FIELDS.find((field) => messages[field] !== undefined);
    if (first) {
      setFocusTarget({ field: first });
      return;
    }
    mutation.mutate(
      buildApplicationBody(values, { profile: profileImage?.file, cover: coverImage?.file }),
    );
  });

  const closeResult = () => {
    const succeeded = result?.succeeded === true;
    setResult(null);
    if (!succeeded) return;
    // The application is pending now, and the profile may carry the new images.
    void queryClient.invalidateQueries({ queryKey: creatorKeys.all });
    void queryClient.invalidateQueries({ queryKey: profileKeys.own() });
    void navigate('/');
  };

  const busy = mutation.isPending;
  const linksErrorId = `${baseId}-links-error`;

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <Section title={t('creatorApplication.sections.images')}>
        <ImageField
          kind="profile"
          id={fieldId('profile_image')}
          label={t('creatorApplication.profileImage')}
          hint={t('creatorApplication.profileImageHint')}
          savedUrl={profile?.profile_image ?? null}
          picked={profileImage}
          onPick={(file) => {
            pickProfileImage(file);
            clearError('profile_image');
          }}
          progress={null}
          disabled={busy}
          allowDelete={false}
          error={errors.profile_image}
        />
        <ImageField
          kind="cover"
          id={fieldId('cover_image')}
          label={t('creatorApplication.coverImage')}
          hint={t('creatorApplication.coverImageHint')}
          savedUrl={profile?.cover_image ?? null}
          picked={coverImage}
          onPick={(file) => {
            pickCoverImage(file);
            clearError('cover_image');
          }}
          progress={null}
          disabled={busy}
          allowDelete={false}
          error={errors.cover_image}
        />
      </Section>

      <Section title={t('creatorApplication.sections.about')}>
        <TextField
          id={fieldId('username')}
          label={t('creatorApplication.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={30}
          invalid={Boolean(errors.username)}
          description={
            <FieldHint error={errors.username} hint={t('creatorApplication.usernameHint')} />
          }
          {...register('username', { onChange: () => clearError('username') })}
        />
        <TextArea
          id={fieldId('bio')}
          label={t('creatorApplication.bio')}
          rows={5}
          maxLength={CREATOR_BIO_MAX_LENGTH}
          placeholder={t('creatorApplication.bioPlaceholder')}
          invalid={Boolean(errors.bio)}
          description={
            <span className="flex justify-between gap-3">
              <span className="text-sm text-red-600">{errors.bio}</span>
              <span className="tabular-nums">
                {t('creatorApplication.bioCount', {
                  count: bio.length,
                  max: CREATOR_BIO_MAX_LENGTH,
                })}
              </span>
            </span>
          }
          {...register('bio', { onChange: () => clearError('bio') })}
        />
      </Section>

      <section className="rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6">
        <fieldset
          aria-describedby={errors.social_links ? linksErrorId : undefined}
          className="space-y-4"
        >
          <legend className="text-lg font-semibold text-slate-900">
            {t('creatorApplication.sections.social')}
          </legend>
          <p className="-mt-2 text-xs text-slate-500">{t('creatorApplication.socialHint')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {CREATOR_SOCIAL_KEYS.map((key) => (
              <TextField
                key={key}
                id={`${baseId}-link-${key}`}
                label={t(`creatorApplication.links.${key}`)}
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder={t('creatorApplication.links.placeholder')}
                invalid={Boolean(errors.social_links)}
                {...register(`links.${key}`, { onChange: () => clearError('social_links') })}
              />
            ))}
          </div>
          {errors.social_links && (
            <p id={linksErrorId} className="text-sm text-red-600">
              {errors.social_links}
            </p>
          )}
        </fieldset>
      </section>

      <Section title={t('creatorApplication.sections.niche')}>
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <SingleChipPicker
              legend={t('creatorApplication.mainCategory')}
              hint={t('creatorApplication.mainCategoryHint')}
              options={PROFILE_CATEGORY_OPTIONS}
              value={field.value}
              onChange={field.onChange}
              noneLabel={t('creatorApplication.noCategory')}
              disabled={busy}
            />
          )}
        />
        {PICKERS.map(({ field, legend, options, max }) => (
          <Controller
            key={field}
            control={control}
            name={field}
            render={({ field: input }) => (
              <MultiChipPicker
                legend={t(`creatorApplication.${legend}`)}
                hint={t('creatorApplication.selectAtLeastOne')}
                options={options}
                value={input.value}
                onChange={(next) => {
                  input.onChange(next);
                  clearError(field);
                }}
                max={max}
                toggleLabel={t(`creatorApplication.toggle.${field}`)}
                customLabel={t(`creatorApplication.custom.${field}`)}
                addLabel={t(`creatorApplication.add.${field}`)}
                disabled={busy}
                error={errors[field]}
                focusId={fieldId(field)}
              />
            )}
          />
        ))}
      </Section>

      {progress !== null && (
        <ProgressBar value={progress} label={t('creatorApplication.uploading')} />
      )}
      <div className="flex justify-end">
        <Button type="submit" size="lg" busy={busy}>
          {busy ? t('creatorApplication.submitting') : t('creatorApplication.submit')}
        </Button>
      </div>

      <AlertDialog message={result?.lines ?? null} onClose={closeResult} />
    </form>
  );
}

interface FieldHintProps {
  error: string | undefined;
  hint: string;
}

/** Under a field: its message while invalid, otherwise the hint. */
function FieldHint({ error, hint }: FieldHintProps) {
  return error ? <span className="text-sm text-red-600">{error}</span> : <>{hint}</>;
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
