import { useMutation } from '@tanstack/react-query';
import ImageUp from 'lucide-react/icons/image-up';
import ScanSearch from 'lucide-react/icons/scan-search';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useFileDrop } from '../../../lib/use-file-drop';
import { usePickedFile } from '../../../lib/use-picked-file';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { ProgressBar } from '../../../ui/ProgressBar';
import { Spinner } from '../../../ui/Spinner';
import { traceCopy, type FoundTrace, type TraceScope } from '../api';
import { isAborted, tooLargeText, traceErrorText } from '../errors';
import {
  fileProblem,
  MAX_IMAGE_MEGABYTES,
  MAX_VIDEO_GIGABYTES,
  TRACEABLE_TYPES,
  traceKind,
  type FileProblem,
} from '../figures';
import { TraceResultCard } from './TraceResultCard';

export interface LeakTracerProps {
  scope: TraceScope;
  /** What can be done about the account a copy was served to: report it, or suspend it. */
  recipientActions: (trace: FoundTrace) => ReactNode;
}

/** The first image or video among files (a drop, a paste, a pick). */
function firstTraceable(files: FileList | null | undefined): File | undefined {
  return Array.from(files ?? []).find((file) => traceKind(file)) ?? files?.[0];
}

/** What the file picker offers: the types the tracer reads, and MKV by name (often typeless). */
const ACCEPT = [...TRACEABLE_TYPES, '.mkv'].join(',');

/**
 * The leak tracer: a suspected copy (an image or a video) chosen, dropped or pasted (a screenshot
 * on the clipboard), its preview, Trace, the upload's progress and then the server reading the
 * mark, and what the trace found. Shared by the creator's page and the admin's tab, which differ
 * by `scope` and by what they can do about the account named.
 */
export function LeakTracer({ scope, recipientActions }: LeakTracerProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [picked, pick] = usePickedFile();
  const [problem, setProblem] = useState<FileProblem>();
  const [sent, setSent] = useState(0);
  const controller = useRef<AbortController | null>(null);

  const mutation = useMutation({
    mutationFn: (file: File) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setSent(0);
      return traceCopy(scope, file, { onProgress: setSent, signal: current.signal });
    },
  });
  const { reset } = mutation;

  // Leaving the page gives the trace up.
  useEffect(() => () => controller.current?.abort(), []);

  const choose = (file: File | undefined) => {
    if (!file) return;
    controller.current?.abort();
    reset();
    const refused = fileProblem(file);
    setProblem(refused);
    pick(refused ? null : file);
  };
  const chooseRef = useRef(choose);
  useEffect(() => {
    chooseRef.current = choose;
  });

  // A screenshot pasted anywhere on the page; a paste of text into a field stays the field's.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = firstTraceable(event.clipboardData?.files);
      if (!file) return;
      event.preventDefault();
      chooseRef.current(file);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, []);

  const { dragging, dropZone } = useFileDrop(mutation.isPending, (dropped) =>
    choose(firstTraceable(dropped.files)),
  );

  const failure =
    mutation.isError && !isAborted(mutation.error)
      ? traceErrorText(mutation.error, t, mutation.variables && traceKind(mutation.variables))
      : undefined;
  const preview = picked ? t('leakTrace.pick.preview', { name: picked.file.name }) : '';

  return (
    <div className="space-y-6">
      <section
        aria-labelledby={headingId}
        className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-slate-200"
      >
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {t('leakTrace.pick.title')}
        </h2>
        <div
          {...dropZone}
          className={cn(
            'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors',
            dragging ? 'border-violet-500 bg-violet-50' : 'border-slate-300 bg-slate-50',
          )}
        >
          {picked && traceKind(picked.file) === 'video' ? (
            <video
              src={picked.url}
              aria-label={preview}
              muted
              controls
              playsInline
              className="max-h-64 max-w-full rounded-lg object-contain"
            />
          ) : picked ? (
            <img
              src={picked.url}
              alt={preview}
              className="max-h-64 max-w-full rounded-lg object-contain"
            />
          ) : (
            <ImageUp className="size-8 text-violet-500" aria-hidden />
          )}
          <p className="text-sm font-medium text-slate-800">
            {dragging ? t('leakTrace.pick.dropNow') : t('leakTrace.pick.dropHere')}
          </p>
          <p className="text-xs text-slate-600">{t('leakTrace.pick.orPaste')}</p>
          <p className="text-xs text-slate-600">
            {t('leakTrace.pick.allowed', {
              imageMax: MAX_IMAGE_MEGABYTES,
              videoMax: MAX_VIDEO_GIGABYTES,
            })}
          </p>
          <Button
            variant="outline"
            disabled={mutation.isPending}
            onClick={() => input.current?.click()}
          >
            {t('leakTrace.pick.choose')}
          </Button>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            hidden
            aria-label={t('leakTrace.pick.input')}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </div>

        {problem === 'notTraceable' && <Alert>{t('leakTrace.errors.notTraceable')}</Alert>}
        {problem === 'imageTooLarge' && <Alert>{tooLargeText(t, 'image')}</Alert>}
        {problem === 'videoTooLarge' && <Alert>{tooLargeText(t, 'video')}</Alert>}
        {problem === 'tooLarge' && <Alert>{tooLargeText(t)}</Alert>}

        <div className="flex flex-wrap items-center gap-4">
          <Button
            disabled={!picked}
            busy={mutation.isPending}
            onClick={() => picked && mutation.mutate(picked.file)}
          >
            {!mutation.isPending && <ScanSearch className="size-4" aria-hidden />}
            {mutation.isPending ? t('leakTrace.pick.tracing') : t('leakTrace.pick.trace')}
          </Button>
          {mutation.isPending &&
            (sent < 1 ? (
              <ProgressBar
                value={sent}
                label={t('leakTrace.pick.uploading')}
                className="min-w-40 flex-1"
              />
            ) : (
              <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
                <Spinner className="size-4 text-violet-600" />
                {t('leakTrace.pick.reading')}
              </p>
            ))}
        </div>
        {failure && <Alert>{failure}</Alert>}
      </section>

      {mutation.data && (
        <TraceResultCard
          key={mutation.data.id}
          result={mutation.data}
          kind={mutation.variables && traceKind(mutation.variables)}
          scope={scope}
          recipientActions={recipientActions}
        />
      )}
    </div>
  );
}
