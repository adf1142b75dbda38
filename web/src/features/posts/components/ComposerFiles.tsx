import { MAX_POST_FILES } from '@zura/contracts';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import X from 'lucide-react/icons/x';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { ProgressBar } from '../../../ui/ProgressBar';
import { mediaKindOf } from '../api';
import { perFileProgress, type PickedPostFile } from '../picked-files';

export interface ComposerFilesProps {
  files: readonly PickedPostFile[];
  /** The share of the post's body sent (0..1) while it uploads, else null. */
  progress: number | null;
  disabled: boolean;
  onRemove: (key: string) => void;
  onMove: (key: string, step: -1 | 1) => void;
}

const iconButton =
  'rounded-full bg-slate-900/70 p-1 text-white hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-violet-600 disabled:opacity-40';

/**
 * The files picked for a post with their count ("3/20"). One file shows as the spec's preview
 * (at most 200 px high) with its remove button; several show as thumbnails in posting order,
 * each with buttons to move it earlier or later, to remove it, and its own upload progress.
 */
export function ComposerFiles({ files, progress, disabled, onRemove, onMove }: ComposerFilesProps) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  const counted = { count: files.length, max: MAX_POST_FILES };
  const count = (
    <p className="text-xs text-slate-500 tabular-nums">
      <span aria-hidden>{t('composer.fileCount', counted)}</span>
      <span className="sr-only">{t('composer.fileCountLabel', counted)}</span>
    </p>
  );
  const [single] = files;
  if (files.length === 1 && single) {
    return (
      <div className="space-y-1">
        <div className="relative inline-block max-w-full">
          <FilePreview file={single} label={t('composer.mediaPreview')} large />
          <button
            type="button"
            onClick={() => onRemove(single.key)}
            disabled={disabled}
            aria-label={t('composer.removeMedia')}
            className={`absolute top-2 end-2 p-1.5 ${iconButton}`}
          >
            <X className="size-4" />
          </button>
        </div>
        {count}
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <FileList {...{ files, progress, disabled, onRemove, onMove }} />
      {count}
    </div>
  );
}

function FileList({ files, progress, disabled, onRemove, onMove }: ComposerFilesProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLOListElement>(null);
  // After a move the moved file's button keeps the focus, as the list is drawn anew.
  const moved = useRef<{ key: string; step: -1 | 1 } | null>(null);
  useEffect(() => {
    const last = moved.current;
    if (!last) return;
    moved.current = null;
    const buttons = [
      ...(listRef.current?.querySelectorAll<HTMLButtonElement>(
        `[data-file="${last.key}"] button[data-step]`,
      ) ?? []),
    ].filter((button) => !button.disabled);
    (buttons.find((button) => button.dataset.step === String(last.step)) ?? buttons[0])?.focus();
  });
  const shares =
    progress === null
      ? null
      : perFileProgress(
          files.map((item) => item.file.size),
          progress,
        );

  const handleMove = (key: string, step: -1 | 1) => {
    moved.current = { key, step };
    onMove(key, step);
  };

  return (
    <ol ref={listRef} aria-label={t('composer.filesLabel')} className="flex flex-wrap gap-2">
      {files.map((item, index) => {
        const position = index + 1;
        return (
          <li key={item.key} data-file={item.key} className="w-28 space-y-1">
            <div className="relative">
              <FilePreview
                file={item}
                label={t('composer.fileAlt', { position, count: files.length })}
              />
              <span className="absolute top-1 start-1 rounded-full bg-slate-900/70 px-1.5 text-xs text-white tabular-nums">
                {position}
              </span>
              <button
                type="button"
                onClick={() => onRemove(item.key)}
                disabled={disabled}
                aria-label={t('composer.removeFile', { position })}
                className={`absolute top-1 end-1 ${iconButton}`}
              >
                <X className="size-3.5" />
              </button>
            </div>
            <div className="flex justify-between">
              <button
                type="button"
                data-step="-1"
                onClick={() => handleMove(item.key, -1)}
                disabled={disabled || index === 0}
                aria-label={t('composer.moveEarlier', { position })}
                className={iconButton}
              >
                <ChevronLeft className="size-3.5" />
              </button>
              <button
                type="button"
                data-step="1"
                onClick={() => handleMove(item.key, 1)}
                disabled={disabled || index === files.length - 1}
                aria-label={t('composer.moveLater', { position })}
                className={iconButton}
              >
                <ChevronRight className="size-3.5" />
              </button>
            </div>
            {shares && (
              <ProgressBar
                value={shares[index] ?? 0}
                label={t('composer.fileProgress', { position })}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}

function FilePreview({
  file,
  label,
  large = false,
}: {
  file: PickedPostFile;
  label: string;
  large?: boolean;
}) {
  const size = large ? 'max-h-[200px] max-w-full object-contain' : 'h-28 w-28 object-cover';
  if (mediaKindOf(file.file) === 'video') {
    return (
      <video
        src={file.url}
        controls={large}
        muted
        preload="metadata"
        aria-label={label}
        className={`${size} rounded-xl bg-black`}
      />
    );
  }
  return <img src={file.url} alt={label} className={`${size} rounded-xl bg-slate-100`} />;
}
