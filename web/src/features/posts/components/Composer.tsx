import { zodResolver } from '@hookform/resolvers/zod';
import ImagePlus from 'lucide-react/icons/image-plus';
import Lock from 'lucide-react/icons/lock';
import { useId, useLayoutEffect, useMemo, useState, type ChangeEvent, type DragEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { MAX_POST_FILES } from '@zura/contracts';
import { ApiError, isRecord } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { Alert } from '../../../ui/Alert';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { PasswordField } from '../../../ui/PasswordField';
import { ProgressBar } from '../../../ui/ProgressBar';
import { Switch } from '../../../ui/Switch';
import { textAreaClasses } from '../../../ui/TextArea';
import { cn } from '../../../ui/cn';
import { ScheduleForm } from './ScheduleForm';
import { suggestedLocalInput } from '../schedule-time';
import type { Post } from '../api';
import { NewVideoStatus } from './NewVideoStatus';
import { useCreatePost } from '../hooks';
import { composerSchema, type ComposerValues } from '../schemas';
import { EMPTY_SALE } from '../sale-form';
import { PriceSection } from './PriceSection';
import { usePickedFiles } from '../use-picked-files';
import { ComposerFiles } from './ComposerFiles';
import { useOwnProfile } from '../../../lib/own-profile';
import { gatesMedia } from '../visible-mark';
import { VisibleMarkSwitch } from './VisibleMarkSwitch';

const NO_FILES: readonly File[] = [];

const EMPTY: ComposerValues = {
  content: '',
  is_locked: false,
  password: '',
  password_confirm: '',
  ...EMPTY_SALE,
};

/** The server's field messages of a refused post, for a second line under the spec's text. */
function serverDetails(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status >= 500 || !isRecord(error.body)) return [];
  return Object.values(error.body).flatMap((value) =>
    (Array.isArray(value) ? value : [value]).filter(
      (item): item is string => typeof item === 'string' && item !== '',
    ),
  );
}

export interface ComposerProps {
  /** Text typed in the stand-in before this loaded (HomeComposer.tsx). */
  initialContent?: string;
  /** Files picked in the stand-in before this loaded. */
  initialFiles?: readonly File[];
  /** The stand-in's text box had focus: this one takes it, caret at the end. */
  focusContent?: boolean;
}

/**
 * Spec §2.7/§4 composer: text, images and videos (picked or dropped, up to MAX_POST_FILES, in
 * an order the author can change) with previews and remove buttons, an optional password lock
 * with confirmation. Post is enabled once there is trimmed text or media; after success
 * everything resets.
 */
export function Composer({
  initialContent = '',
  initialFiles = NO_FILES,
  focusContent = false,
}: ComposerProps) {
  const { t, i18n } = useTranslation();
  const { data: own } = useOwnProfile();
  const schema = useMemo(() => composerSchema(t), [t]);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    reset,
    formState: { errors },
  } = useForm<ComposerValues>({
    resolver: zodResolver(schema),
    defaultValues: { ...EMPTY, content: initialContent },
  });
  const [content = '', isLocked = false, password = '', passwordConfirm = '', forSale = false] =
    useWatch({
      control,
      name: ['content', 'is_locked', 'password', 'password_confirm', 'for_sale'],
    });
  // The visible mark is offered where marks apply: a gated post (issue 35); null: the default.
  const [visibleMark, setVisibleMark] = useState<boolean | null>(null);
  const gated = gatesMedia({ isLocked, forSale: Boolean(own?.is_creator) && forSale }, own);
  const picked = usePickedFiles(initialFiles);
  const media = picked.files;
  // How many picked files did not fit under the limit, said once until the next pick.
  const [leftOut, setLeftOut] = useState(() => Math.max(0, initialFiles.length - MAX_POST_FILES));
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  // The video of the post just made, followed until it is ready or failed.
  const [lastVideo, setLastVideo] = useState<Post | null>(null);
  const fileInputId = useId();
  useFocusOnMount(focusContent ? `${fileInputId}-text` : null);
  const mutation = useCreatePost();
  const [draftSaved, setDraftSaved] = useState(false);
  // Schedule: the time field is open; after sending, when the post is due.
  const [scheduling, setScheduling] = useState(false);
  const [scheduledFor, setScheduledFor] = useState<string | null>(null);

  const addFiles = (files: FileList | null | undefined) => {
    if (!files || files.length === 0 || mutation.isPending) return;
    setLeftOut(picked.add([...files]));
  };

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    addFiles(event.target.files);
    // Emptied at once, so choosing the same file again after removing it still fires.
    event.target.value = '';
  };

  const handleDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(true);
  };

  const handleDrop = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  // Post, or Save draft: the same post, kept for its author until published from /drafts.
  const send = (isDraft: boolean, publishAt?: string) =>
    handleSubmit((values) => {
      const hasMedia = media.length > 0;
      setProgress(hasMedia ? 0 : null);
      setLastVideo(null);
      setDraftSaved(false);
      setScheduledFor(null);
      mutation.mutate(
        {
          input: {
            content: values.content,
            isLocked: values.is_locked,
            password: values.password,
            media: media.map((item) => item.file),
            visibleMark: gated ? visibleMark : null,
            isDraft,
            ...(publishAt ? { publishAt } : {}),
            // Only creators see the Price section; the server refuses a price from anyone else.
            sale: own?.is_creator
              ? {
                  forSale: values.for_sale,
                  price: values.price,
                  subscribers: values.subscribers,
                  subscriberPrice: values.subscriber_price,
                }
              : undefined,
          },
          onProgress: hasMedia ? setProgress : undefined,
        },
        {
          onSuccess: (created) => {
            reset(EMPTY);
            setVisibleMark(null);
            picked.clear();
            setLeftOut(0);
            setScheduling(false);
            if (publishAt) setScheduledFor(publishAt);
            else if (isDraft) setDraftSaved(true);
            else if (created.video_state === 'processing') setLastVideo(created);
          },
          onSettled: () => setProgress(null),
        },
      );
    });
  const submit = send(false);

  const canPost = content.trim() !== '' || media.length > 0;
  const mismatch =
    isLocked && password !== '' && passwordConfirm !== '' && password !== passwordConfirm;
  const showMismatch = mismatch || Boolean(errors.password_confirm);
  const username = own?.username ?? '';
  const details = mutation.isError ? serverDetails(mutation.error) : [];

  return (
    <section
      aria-label={t('composer.label')}
      onDragOver={handleDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={handleDrop}
      className={cn(
        'rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5',
        dragging && 'ring-2 ring-violet-400',
      )}
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        <div className="flex gap-3">
          <Avatar
            src={own?.profile_image_small ?? own?.profile_image}
            name={username || '?'}
            decorative
          />
          <div className="min-w-0 flex-1">
            <label htmlFor={`${fileInputId}-text`} className="sr-only">
              {t('composer.contentLabel')}
            </label>
            <textarea
              id={`${fileInputId}-text`}
              rows={3}
              placeholder={t('composer.placeholder')}
              className={cn(textAreaClasses, 'resize-y')}
              {...register('content')}
            />
          </div>
        </div>

        <ComposerFiles
          files={media}
          progress={progress}
          disabled={mutation.isPending}
          onRemove={picked.remove}
          onMove={picked.move}
        />
        {leftOut > 0 && (
          <Alert tone="info">
            {t('composer.tooManyFiles', { count: leftOut, max: MAX_POST_FILES })}
          </Alert>
        )}

        {progress !== null && <ProgressBar value={progress} label={t('composer.progressLabel')} />}

        {lastVideo && <NewVideoStatus post={lastVideo} />}

        {scheduledFor && (
          <Alert tone="success">
            {t('schedule.scheduled', { date: formatDateTime(scheduledFor, i18n.language) })}{' '}
            <Link to="/drafts" className="font-semibold underline">
              {t('composer.drafts')}
            </Link>
          </Alert>
        )}

        {scheduling && (
          <ScheduleForm
            initial={suggestedLocalInput(new Date())}
            busy={mutation.isPending}
            submitLabel={t('schedule.scheduleIt')}
            onSubmit={(time) => void send(true, time)()}
            onCancel={() => setScheduling(false)}
          />
        )}

        {draftSaved && (
          <Alert tone="success">
            {t('composer.draftSaved')}{' '}
            <Link to="/drafts" className="font-semibold underline">
              {t('composer.drafts')}
            </Link>
          </Alert>
        )}

        <Switch
          checked={isLocked}
          onCheckedChange={(checked) => setValue('is_locked', checked)}
          label={t('composer.lock')}
        />

        {isLocked && (
          <div className="grid gap-3 sm:grid-cols-2">
            <PasswordField
              label={t('composer.password')}
              autoComplete="new-password"
              invalid={Boolean(errors.password)}
              description={
                errors.password?.message ? (
                  <span role="alert" className="text-red-600">
                    {errors.password.message}
                  </span>
                ) : undefined
              }
              {...register('password')}
            />
            <PasswordField
              label={t('composer.confirmPassword')}
              autoComplete="new-password"
              invalid={showMismatch}
              description={
                showMismatch ? (
                  <span role="alert" className="text-red-600">
                    {t('composer.passwordsDoNotMatch')}
                  </span>
                ) : undefined
              }
              {...register('password_confirm')}
            />
          </div>
        )}

        {own?.is_creator && (
          <PriceSection control={control} register={register} setValue={setValue} errors={errors} />
        )}

        {gated && (
          <VisibleMarkSwitch
            value={visibleMark}
            defaultOn={own?.visible_mark_default ?? false}
            onChange={setVisibleMark}
            disabled={mutation.isPending}
          />
        )}

        {mutation.isError && (
          <Alert>
            <p>{t('composer.failed')}</p>
            {details.map((line) => (
              <p key={line} className="mt-1">
                {line}
              </p>
            ))}
          </Alert>
        )}

        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3">
          <div className="flex items-center gap-1">
            <input
              id={fileInputId}
              type="file"
              accept="image/*,video/*"
              multiple
              aria-label={t('composer.mediaInput')}
              onChange={handleFile}
              className="peer sr-only"
            />
            <label
              htmlFor={fileInputId}
              title={t('composer.addMedia')}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-violet-700 peer-focus-visible:outline-2 peer-focus-visible:outline-violet-600 hover:bg-violet-50"
            >
              <ImagePlus className="size-5" aria-hidden />
              <span>{t('composer.addMedia')}</span>
            </label>
            {isLocked && <Lock className="size-4 text-slate-400" aria-hidden />}
            <Link
              to="/drafts"
              className="rounded-lg px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600"
            >
              {t('composer.drafts')}
            </Link>
          </div>
          <div className="flex items-center gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={!canPost || mutation.isPending}
              onClick={() => void send(true)()}
            >
              {t('composer.saveDraft')}
            </Button>
            {!scheduling && (
              <Button
                type="button"
                variant="outline"
                disabled={!canPost || mutation.isPending}
                onClick={() => setScheduling(true)}
              >
                {t('schedule.schedule')}
              </Button>
            )}
            <Button type="submit" disabled={!canPost} busy={mutation.isPending}>
              {mutation.isPending ? t('composer.submitting') : t('composer.submit')}
            </Button>
          </div>
        </div>
      </form>
    </section>
  );
}

/** Focuses a text field once, on mount, with the caret after its text. */
function useFocusOnMount(fieldId: string | null) {
  useLayoutEffect(() => {
    const field = fieldId ? document.getElementById(fieldId) : null;
    if (!(field instanceof HTMLTextAreaElement)) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
    // Only on mount: the stand-in's focus is handed over once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
