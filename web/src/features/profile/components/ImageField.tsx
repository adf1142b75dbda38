import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile } from '@zura/contracts';
import ImageUp from 'lucide-react/icons/image-up';
import Trash2 from 'lucide-react/icons/trash-2';
import X from 'lucide-react/icons/x';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { resolveMediaUrl } from '../../../lib/media';
import type { PickedFile } from '../../../lib/use-picked-file';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ProgressBar } from '../../../ui/ProgressBar';
import { cn } from '../../../ui/cn';
import { deleteProfileImage, type ProfileImageKind } from '../api';
import { profileKeys } from '../../../lib/query-keys';

export interface ImageFieldProps {
  kind: ProfileImageKind;
  /** The saved image's URL, if any. */
  savedUrl: string | null;
  /** A newly chosen file, uploaded when the form is saved. */
  picked: PickedFile | null;
  onPick: (file: File | null) => void;
  /** Upload progress (0..1) while saving, otherwise null. */
  progress: number | null;
  disabled?: boolean;
  /** Other texts than the profile editor's (e.g. the creator application's "Profile Image"). */
  label?: string;
  hint?: string;
  /** A validation message under the field; the file input is marked invalid. */
  error?: string;
  /** Offer deleting the saved image (default true). */
  allowDelete?: boolean;
  /** The file input's id, e.g. to focus it when the field is invalid. */
  id?: string;
}

/**
 * Spec §2.9: cover photo (recommended 1200x400) or profile photo (square, at least 200x200)
 * with a preview, an upload progress bar while saving, and delete of the saved image.
 */
export function ImageField({
  kind,
  savedUrl,
  picked,
  onPick,
  progress,
  disabled = false,
  label,
  hint,
  error,
  allowDelete = true,
  id,
}: ImageFieldProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [confirming, setConfirming] = useState(false);
  const [failedUrl, setFailedUrl] = useState<string | undefined>();
  const texts = `profileEdit.images.${kind}` as const;

  const fileUrl = picked?.url;
  const saved = resolveMediaUrl(savedUrl);
  const preview = fileUrl ?? (saved !== failedUrl ? saved : undefined);

  const remove = useMutation({
    mutationFn: () => deleteProfileImage(kind),
    onSuccess: () => {
      setConfirming(false);
      queryClient.setQueryData<OwnProfile>(profileKeys.own(), (profile) =>
        profile
          ? { ...profile, [kind === 'profile' ? 'profile_image' : 'cover_image']: null }
          : profile,
      );
      void queryClient.invalidateQueries({ queryKey: profileKeys.users() });
    },
  });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (chosen && chosen.type.startsWith('image/')) onPick(chosen);
  };

  const closeConfirm = (open: boolean) => {
    setConfirming(open);
    if (!open) remove.reset();
  };

  return (
    <div className="space-y-3">
      <div>
        <p className="text-sm font-medium text-slate-800">{label ?? t(`${texts}.label`)}</p>
        <p id={hintId} className="text-xs text-slate-500">
          {hint ?? t(`${texts}.hint`)}
        </p>
      </div>
      <div
        className={cn(
          'flex items-center justify-center overflow-hidden bg-slate-100 text-xs text-slate-600 ring-1 ring-slate-200',
          kind === 'cover' ? 'aspect-[3/1] w-full rounded-xl' : 'size-28 rounded-full',
        )}
      >
        {preview ? (
          <img
            src={preview}
            alt={label ? t('profileEdit.images.previewOf', { label }) : t(`${texts}.preview`)}
            className="size-full object-cover"
            onError={() => {
              if (!fileUrl) setFailedUrl(saved);
            }}
          />
        ) : (
          <span className="px-2 text-center">{t('profileEdit.images.none')}</span>
        )}
      </div>
      {progress !== null && <ProgressBar value={progress} label={t(`${texts}.uploading`)} />}
      <div className="flex flex-wrap items-center gap-2">
        <input
          id={inputId}
          type="file"
          accept="image/*"
          aria-label={label ?? t(`${texts}.label`)}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          disabled={disabled}
          onChange={handleChange}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={cn(
            'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-violet-600',
            'peer-disabled:cursor-not-allowed peer-disabled:text-slate-400',
          )}
        >
          <ImageUp className="size-4" aria-hidden />
          {preview ? t('profileEdit.images.change') : t('profileEdit.images.choose')}
        </label>
        {picked ? (
          <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onPick(null)}>
            <X className="size-4" aria-hidden />
            {t('profileEdit.images.removeSelection')}
          </Button>
        ) : (
          savedUrl &&
          allowDelete && (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-600 hover:bg-red-50"
              disabled={disabled}
              onClick={() => setConfirming(true)}
            >
              <Trash2 className="size-4" aria-hidden />
              {t(`${texts}.delete`)}
            </Button>
          )
        )}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={closeConfirm}
        title={t(`${texts}.deleteTitle`)}
        message={t(`${texts}.deleteConfirm`)}
        onConfirm={() => remove.mutate()}
        busy={remove.isPending}
        error={remove.isError ? <Alert>{t(`${texts}.deleteFailed`)}</Alert> : undefined}
      />
    </div>
  );
}
