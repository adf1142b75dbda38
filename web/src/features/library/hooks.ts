import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import {
  deleteMediaItem,
  errorDetail,
  removeLibraryItem,
  uploadFailureMessage,
  uploadLibraryFile,
  type LibraryPages,
  type MediaItem,
  type UploadOutcome,
} from './api';
import {
  DUPLICATE_MESSAGE_MS,
  INVALID_MESSAGE_MS,
  MAX_UPLOAD_BYTES,
  duplicateMessage,
  formatFileSize,
  invalidMessage,
  sortIncoming,
} from './files';
import { postKeys, libraryKeys } from '../../lib/query-keys';

/** A message that disappears `lifetime` ms after it was last shown. */
function useTransientMessage(lifetime: number) {
  const [text, setText] = useState<string>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback(
    (next: string) => {
      clearTimeout(timer.current);
      setText(next);
      timer.current = setTimeout(() => setText(undefined), lifetime);
    },
    [lifetime],
  );
  return [text, show] as const;
}

export interface SelectedFile {
  key: number;
  file: File;
  /** 0..1 while uploading. */
  progress: number;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
}

/** Files sent at the same time; the rest wait their turn. */
const PARALLEL_UPLOADS = 3;

/**
 * The My Content upload area (spec §4 "Upload in My Content", §5): the selection with the
 * skip rules and their messages, and the upload with a progress bar per file.
 */
export function useLibraryUpload() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<SelectedFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [uploadedCount, setUploadedCount] = useState<number>();
  const [invalidText, showInvalid] = useTransientMessage(INVALID_MESSAGE_MS);
  const [duplicateText, showDuplicate] = useTransientMessage(DUPLICATE_MESSAGE_MS);
  const nextKey = useRef(1);
  const selectedRef = useRef(selected);
  const abort = useRef<AbortController>(undefined);

  useEffect(() => {
    selectedRef.current = selected;
  }, [selected]);
  useEffect(() => () => abort.current?.abort(), []);

  const addFiles = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      const result = sortIncoming(
        selectedRef.current.map((entry) => entry.file),
        files,
      );
      if (result.invalid.length > 0) showInvalid(invalidMessage(t, result.invalid));
      if (result.duplicates.length > 0) showDuplicate(duplicateMessage(t, result.duplicates));
      for (const file of result.large) {
        console.info(
          `Large file selected: ${file.name} (${formatFileSize(file.size)}). ` +
            `Maximum size: ${formatFileSize(MAX_UPLOAD_BYTES)}.`,
        );
      }
      if (result.added.length === 0) return;
      const added = result.added.map<SelectedFile>((file) => ({
        key: nextKey.current++,
        file,
        progress: 0,
        status: 'waiting',
      }));
      selectedRef.current = [...selectedRef.current, ...added];
      setSelected(selectedRef.current);
      setFailure(undefined);
      setUploadedCount(undefined);
    },
    [t, showInvalid, showDuplicate],
  );

  const remove = useCallback((key: number) => {
    selectedRef.current = selectedRef.current.filter((entry) => entry.key !== key);
    setSelected(selectedRef.current);
  }, []);

  const patch = (key: number, change: Partial<SelectedFile>) =>
    setSelected((current) =>
      current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)),
    );

  const upload = async () => {
    const queue = [...selectedRef.current];
    if (queue.length === 0 || uploading) return;
    const controller = new AbortController();
    abort.current = controller;
    setUploading(true);
    setFailure(undefined);
    setUploadedCount(undefined);
    setSelected((current) =>
      current.map((entry) => ({ ...entry, progress: 0, status: 'waiting' })),
    );

    const outcomes: UploadOutcome[] = new Array<UploadOutcome>(queue.length);
    let next = 0;
    const worker = async () => {
      while (next < queue.length && !controller.signal.aborted) {
        const index = next++;
        const entry = queue[index];
        if (!entry) continue;
        patch(entry.key, { status: 'uploading' });
        try {
          await uploadLibraryFile(
            entry.file,
            (fraction) => patch(entry.key, { progress: fraction }),
            controller.signal,
          );
          patch(entry.key, { status: 'done', progress: 1 });
          outcomes[index] = { name: entry.file.name, ok: true };
        } catch (error) {
          if (controller.signal.aborted) return;
          patch(entry.key, { status: 'failed' });
          outcomes[index] = { name: entry.file.name, ok: false, error: errorDetail(error) };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, queue.length) }, worker));
    if (controller.signal.aborted) return;

    setUploading(false);
    const done = outcomes.filter((outcome) => outcome.ok).length;
    setFailure(uploadFailureMessage(t, outcomes));
    if (done > 0) {
      // Spec §4: on full or partial success the selection clears and the list reloads.
      selectedRef.current = [];
      setSelected([]);
      setUploadedCount(done);
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    }
  };

  return {
    selected,
    uploading,
    failure,
    uploadedCount,
    invalidText,
    duplicateText,
    addFiles,
    remove,
    upload,
  };
}

/** Deletes a merged item from every source; the item leaves the list at once. */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: MediaItem) => deleteMediaItem(item),
    onSuccess: (_result, item) => {
      queryClient.setQueryData<LibraryPages>(libraryKeys.list(), (data) =>
        removeLibraryItem(data, item.id),
      );
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
      if (item.refs.post_ids.length > 0) {
        void queryClient.invalidateQueries({ queryKey: postKeys.all });
      }
    },
  });
}
