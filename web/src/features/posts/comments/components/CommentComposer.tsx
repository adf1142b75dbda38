import { COMMENT_MAX_LENGTH } from '@zura/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { cn } from '../../../../ui/cn';
import { textAreaClasses } from '../../../../ui/TextArea';

export interface CommentComposerProps {
  /** Sends the trimmed text; a rejection's message is shown under the field. */
  onSubmit: (content: string) => Promise<void>;
  placeholder: string;
  submitLabel: string;
  initial?: string;
  disabled?: boolean;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** Turns a failure into the text to show. */
  errorText: (error: unknown) => string;
}

/** A comment's text field with a character counter; the same rules the server applies. */
export function CommentComposer({
  onSubmit,
  placeholder,
  submitLabel,
  initial = '',
  disabled = false,
  onCancel,
  autoFocus = false,
  errorText,
}: CommentComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const length = text.trim().length;
  const tooLong = length > COMMENT_MAX_LENGTH;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (length === 0 || tooLong || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(text.trim());
      setText('');
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-2">
      <textarea
        aria-label={t('comments.label')}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        disabled={disabled || busy}
        aria-invalid={tooLong || undefined}
        autoFocus={autoFocus}
        rows={2}
        className={cn(textAreaClasses, 'resize-y')}
      />
      <div className="flex items-center gap-2">
        <span
          className={cn('text-xs', tooLong ? 'font-medium text-red-600' : 'text-slate-500')}
          aria-live="polite"
        >
          {tooLong
            ? t('comments.tooLong', { max: COMMENT_MAX_LENGTH })
            : t('comments.counter', { count: length, max: COMMENT_MAX_LENGTH })}
        </span>
        <span className="ms-auto flex gap-2">
          {onCancel && (
            <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
              {t('comments.cancel')}
            </Button>
          )}
          <Button type="submit" size="sm" disabled={disabled || busy || length === 0 || tooLong}>
            {busy ? t('comments.sending') : submitLabel}
          </Button>
        </span>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
    </form>
  );
}
