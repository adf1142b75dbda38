import {
  acceptAttribute,
  amountSchema,
  MESSAGE_ATTACHMENT_FILE_TYPES,
  MESSAGE_MAX_LENGTH,
} from '@zura/contracts';
import Lock from 'lucide-react/icons/lock';
import Paperclip from 'lucide-react/icons/paperclip';
import SendHorizontal from 'lucide-react/icons/send-horizontal';
import X from 'lucide-react/icons/x';
import { useId, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { ApiError, isRecord } from '../../../lib/api-errors';
import { Alert } from '../../../ui/Alert';
import { ProgressBar } from '../../../ui/ProgressBar';
import { Switch } from '../../../ui/Switch';
import { inputClasses } from '../../../ui/TextField';
import { cn } from '../../../ui/cn';
import { formatFileSize } from '../format';
import { useSendMessage, type useAttachmentUploads } from '../hooks';
import { VideoProcessingNotice } from '../../video';
import { useLiveUploadProcessing } from '../../video';

/** Server limits of a locked message's price (the server answers the same range). */
const MIN_PRICE_CENTS = 100;
const MAX_PRICE_CENTS = 100_000;
/** Spec §9: the default unlock price. */
const DEFAULT_PRICE = '5.00';
/** The picker offers what the server takes; a file it refuses anyway is explained. */
const ACCEPT = acceptAttribute(MESSAGE_ATTACHMENT_FILE_TYPES);

/** The server's field messages of a refused message, for lines under our own text. */
function serverDetails(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status >= 500 || !isRecord(error.body)) return [];
  return Object.values(error.body).flatMap((value) =>
    (Array.isArray(value) ? value : [value]).filter(
      (item): item is string => typeof item === 'string' && item !== '',
    ),
  );
}

export interface MessageComposerProps {
  conversationId: number;
  uploads: ReturnType<typeof useAttachmentUploads>;
  /** Creators may lock a message behind a price. */
  canLock: boolean;
}

/**
 * Spec §5 composer: text and files (button here, drag and drop on the whole pane). Send is
 * disabled while a file uploads and when there is neither text nor a file. Creators can lock
 * the message with a price (default 5.00). Enter sends, Shift+Enter starts a new line.
 */
export function MessageComposer({ conversationId, uploads, canLock }: MessageComposerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [locked, setLocked] = useState(false);
  const [price, setPrice] = useState(DEFAULT_PRICE);
  const send = useSendMessage(conversationId);

  const priceCheck = amountSchema(MIN_PRICE_CENTS, MAX_PRICE_CENTS).safeParse(price);
  const priceError = locked && !priceCheck.success ? priceCheck.error.issues[0]?.message : null;
  const hasContent = text.trim() !== '' || uploads.ids.length > 0;
  // The server's limit, counted as it counts: the trimmed text.
  const tooLong = text.trim().length > MESSAGE_MAX_LENGTH;
  const canSend = hasContent && !tooLong && !uploads.uploading && !send.isPending && !priceError;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    send.mutate(
      {
        text: text.trim(),
        isLocked: locked,
        price: locked ? price.trim() : undefined,
        fileIds: uploads.ids,
      },
      {
        onSuccess: () => {
          setText('');
          setLocked(false);
          setPrice(DEFAULT_PRICE);
          uploads.reset();
        },
      },
    );
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const handleFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Emptied at once, so picking the same file again still fires.
    event.target.value = '';
    void uploads.add(picked);
  };

  // 403: a block between the two (the only refusal of its kind here), said in our words.
  const blocked = send.error instanceof ApiError && send.error.status === 403;
  const details = blocked
    ? [t('messaging.composer.blocked')]
    : send.isError
      ? serverDetails(send.error)
      : [];

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('messaging.composer.label')}
      className="space-y-2 border-t border-slate-200 bg-white px-3 py-3 sm:px-4"
    >
      {uploads.errors.length > 0 && (
        <Alert>
          {uploads.errors.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Alert>
      )}
      {tooLong && (
        <Alert>
          <p>{t('messaging.composer.tooLong', { max: MESSAGE_MAX_LENGTH })}</p>
        </Alert>
      )}
      {send.isError && (
        <Alert>
          {/* A refusal with its reasons (a block, a rule) is not helped by trying again. */}
          {details.length === 0 && <p>{t('messaging.composer.sendFailed')}</p>}
          {details.map((line) => (
            <p key={line} className="mt-1">
              {line}
            </p>
          ))}
        </Alert>
      )}

      {uploads.files.length > 0 && (
        <ul aria-label={t('messaging.composer.files')} className="flex flex-wrap gap-2">
          {uploads.files.map((file) => (
            <li
              key={file.key}
              className="flex w-56 max-w-full flex-col gap-1 rounded-xl bg-slate-50 px-3 py-2 text-xs ring-1 ring-slate-200"
            >
              <div className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate font-medium text-slate-800">
                  {file.name}
                </span>
                <span className="shrink-0 text-slate-500">{formatFileSize(file.size)}</span>
                <button
                  type="button"
                  onClick={() => uploads.remove(file.key)}
                  aria-label={t('messaging.composer.remove', { name: file.name })}
                  className="rounded-md p-0.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-violet-600"
                >
                  <X className="size-3.5" />
                </button>
              </div>
              {file.id === undefined ? (
                <ProgressBar
                  value={file.progress}
                  label={t('messaging.composer.uploading', { name: file.name })}
                />
              ) : (
                file.type.startsWith('video/') && <UploadedVideoStatus uploadId={file.id} />
              )}
            </li>
          ))}
        </ul>
      )}

      {canLock && (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Switch
            checked={locked}
            onCheckedChange={setLocked}
            label={t('messaging.composer.lock')}
          />
          {locked && (
            <div className="flex items-center gap-2">
              <label htmlFor={`${id}-price`} className="text-sm text-slate-700">
                {t('messaging.composer.price')}
              </label>
              <input
                id={`${id}-price`}
                inputMode="decimal"
                value={price}
                onChange={(event) => setPrice(event.target.value)}
                aria-invalid={priceError ? true : undefined}
                aria-describedby={priceError ? `${id}-price-error` : undefined}
                className={cn(inputClasses, 'h-9 w-24')}
              />
              {priceError && (
                <span id={`${id}-price-error`} role="alert" className="text-xs text-red-700">
                  {priceError}
                </span>
              )}
            </div>
          )}
        </div>
      )}

      <div className="flex items-end gap-2">
        <input
          id={`${id}-files`}
          type="file"
          multiple
          accept={ACCEPT}
          aria-label={t('messaging.composer.filesInput')}
          onChange={handleFiles}
          className="peer sr-only"
        />
        <label
          htmlFor={`${id}-files`}
          title={t('messaging.composer.attach')}
          className="flex size-11 shrink-0 cursor-pointer items-center justify-center rounded-xl text-slate-600 peer-focus-visible:outline-2 peer-focus-visible:outline-violet-600 hover:bg-slate-100 hover:text-violet-700"
        >
          <Paperclip className="size-5" aria-hidden />
          <span className="sr-only">{t('messaging.composer.attach')}</span>
        </label>
        <label htmlFor={`${id}-text`} className="sr-only">
          {t('messaging.composer.label')}
        </label>
        <textarea
          id={`${id}-text`}
          rows={1}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={t('messaging.composer.placeholder')}
          className={cn(
            inputClasses,
            'field-sizing-content max-h-40 min-h-11 resize-none py-2.5 leading-5',
          )}
        />
        {locked && <Lock className="mb-3.5 size-4 shrink-0 text-violet-600" aria-hidden />}
        <button
          type="submit"
          disabled={!canSend}
          aria-label={t('messaging.composer.send')}
          title={t('messaging.composer.send')}
          className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-violet-600 text-white shadow-sm transition-colors hover:bg-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 disabled:cursor-not-allowed disabled:bg-violet-300"
        >
          <SendHorizontal className="size-5" aria-hidden />
        </button>
      </div>
    </form>
  );
}

/** After a video's upload bar: its processing percentage, or why it failed, from the live frames. */
function UploadedVideoStatus({ uploadId }: { uploadId: string }) {
  const processing = useLiveUploadProcessing(uploadId.toLowerCase());
  if (!processing || processing.state === 'ready') return null;
  return <VideoProcessingNotice processing={processing} layout="inline" className="text-xs" />;
}
