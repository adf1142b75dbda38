import FileAudio from 'lucide-react/icons/file-audio';
import FileImage from 'lucide-react/icons/file-image';
import FileVideo from 'lucide-react/icons/file-video';
import FolderUp from 'lucide-react/icons/folder-up';
import Upload from 'lucide-react/icons/upload';
import X from 'lucide-react/icons/x';
import { useRef, useState, type ChangeEvent } from 'react';
import { useFileDrop } from '../../../lib/use-file-drop';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ProgressBar } from '../../../ui/ProgressBar';
import { cn } from '../../../ui/cn';
import {
  acceptedKindOf,
  formatFileSize,
  visibleFolderFiles,
  walkEntries,
  type EntryLike,
} from '../files';
import { useLibraryUpload, type SelectedFile } from '../hooks';

const ACCEPT = 'image/*,video/*,audio/*';

/** The files of a drop: folders walked through their entries where the browser offers them. */
async function droppedFiles(transfer: DataTransfer): Promise<File[]> {
  const items = Array.from(transfer.items ?? []).filter((item) => item.kind === 'file');
  // Entries must be taken during the drop event; the walk itself may take its time.
  const entries = items
    .map((item) => item.webkitGetAsEntry?.() ?? null)
    .filter((entry): entry is FileSystemEntry => entry !== null);
  if (entries.length > 0 && entries.length === items.length) {
    return walkEntries(entries as EntryLike[]);
  }
  return Array.from(transfer.files);
}

/**
 * Spec §2 "My Content": the upload area with drag and drop of files or folders, Choose Files
 * and Choose Folder, the selected files with remove, a progress bar per file and Upload Files.
 */
export function UploadArea() {
  const { t } = useTranslation();
  const upload = useLibraryUpload();
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const busy = upload.uploading || reading;

  const onPicked = (event: ChangeEvent<HTMLInputElement>, folder: boolean) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    upload.addFiles(folder ? visibleFolderFiles(files) : files);
  };

  const { dragging, dropZone } = useFileDrop(busy, (dropped) => {
    setReading(true);
    droppedFiles(dropped)
      .then(upload.addFiles)
      .catch((error: unknown) => console.warn('Could not read the dropped files', error))
      .finally(() => setReading(false));
  });

  return (
    <section
      aria-labelledby="library-upload"
      className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
    >
      <h2 id="library-upload" className="text-base font-semibold text-slate-900">
        {t('library.upload.title')}
      </h2>
      <div
        {...dropZone}
        data-testid="library-dropzone"
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
          dragging ? 'border-violet-500 bg-violet-50' : 'border-slate-300 bg-slate-50',
        )}
      >
        <Upload className="size-8 text-violet-500" aria-hidden />
        <p className="text-sm font-medium text-slate-800">
          {dragging ? t('library.upload.dropNow') : t('library.upload.dropHere')}
        </p>
        <p className="text-xs text-slate-500">{t('library.upload.allowed')}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" disabled={busy} onClick={() => filesInput.current?.click()}>
            <Upload className="size-4" aria-hidden />
            {t('library.upload.chooseFiles')}
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => folderInput.current?.click()}>
            <FolderUp className="size-4" aria-hidden />
            {t('library.upload.chooseFolder')}
          </Button>
        </div>
        <input
          ref={filesInput}
          type="file"
          multiple
          accept={ACCEPT}
          hidden
          aria-label={t('library.upload.filesInput')}
          onChange={(event) => onPicked(event, false)}
        />
        <input
          ref={(node) => {
            folderInput.current = node;
            node?.setAttribute('webkitdirectory', '');
          }}
          type="file"
          multiple
          hidden
          aria-label={t('library.upload.folderInput')}
          onChange={(event) => onPicked(event, true)}
        />
      </div>

      {upload.invalidText && <Alert>{upload.invalidText}</Alert>}
      {upload.duplicateText && <Alert tone="info">{upload.duplicateText}</Alert>}

      {upload.selected.length > 0 && (
        <div className="space-y-3">
          <h3 className="text-sm font-medium text-slate-700">
            {t('library.upload.selected', { count: upload.selected.length })}
          </h3>
          <ul className="max-h-80 space-y-2 overflow-y-auto">
            {upload.selected.map((entry) => (
              <SelectedRow
                key={entry.key}
                entry={entry}
                uploading={upload.uploading}
                onRemove={() => upload.remove(entry.key)}
              />
            ))}
          </ul>
          <Button busy={upload.uploading} onClick={() => void upload.upload()}>
            {!upload.uploading && <Upload className="size-4" aria-hidden />}
            {upload.uploading ? t('library.upload.uploading') : t('library.upload.submit')}
          </Button>
        </div>
      )}

      {upload.failure && <Alert>{upload.failure}</Alert>}
      {upload.uploadedCount !== undefined && (
        <Alert tone="success">{t('library.upload.done', { count: upload.uploadedCount })}</Alert>
      )}
    </section>
  );
}

const KIND_ICONS = { image: FileImage, video: FileVideo, audio: FileAudio } as const;

interface SelectedRowProps {
  entry: SelectedFile;
  uploading: boolean;
  onRemove: () => void;
}

function SelectedRow({ entry, uploading, onRemove }: SelectedRowProps) {
  const { t } = useTranslation();
  const Icon = KIND_ICONS[acceptedKindOf(entry.file) ?? 'image'];
  const name = entry.file.name;
  return (
    <li className="rounded-xl bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
      <div className="flex items-center gap-3">
        <Icon className="size-5 shrink-0 text-slate-500" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-800" title={name}>
            {name}
          </p>
          <p className="text-xs text-slate-500">{formatFileSize(entry.file.size)}</p>
        </div>
        {!uploading && (
          <button
            type="button"
            onClick={onRemove}
            aria-label={t('library.upload.remove', { name })}
            className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-violet-600"
          >
            <X className="size-4" />
          </button>
        )}
      </div>
      {uploading && (
        <ProgressBar
          value={entry.progress}
          label={t('library.upload.progress', { name })}
          className="mt-2"
        />
      )}
    </li>
  );
}
