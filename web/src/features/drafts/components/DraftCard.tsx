import CalendarClock from 'lucide-react/icons/calendar-clock';
import FilePen from 'lucide-react/icons/file-pen';
import Send from 'lucide-react/icons/send';
import Trash2 from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { ApiError, isRecord } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/format';
import { resolveMediaUrl } from '../../../lib/media';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { TextArea } from '../../../ui/TextArea';
import type { Post } from '../../posts';
import { displayedContent, postImageUrl } from '../../posts';
import { useEditPost, usePublishDraft, useRescheduleDraft } from '../hooks';
import { isoToLocalInput, suggestedLocalInput } from '../../posts';
import { ScheduleForm } from '../../posts';
import { gatesMedia, VisibleMarkSwitch } from '../../posts';
import { useOwnProfile } from '../../../lib/own-profile';

export interface DraftCardProps {
  draft: Post;
  /** When the draft is due to be published (scheduled), or null/absent. */
  publishAt?: string | null;
  onDelete: (draft: Post) => void;
  /** After publishing: the page says so, with a link to the post. */
  onPublished: (post: Post) => void;
}

/**
 * One draft: its text (editable in place), its picture or poster, Publish and Delete; a
 * scheduled one also shows its time, with Reschedule and Unschedule.
 */
export function DraftCard({ draft, publishAt, onDelete, onPublished }: DraftCardProps) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const reschedule = useRescheduleDraft();
  const [text, setText] = useState('');
  // Issue 35: a gated draft's visible mark, changed with its text; null follows the default.
  const { data: own } = useOwnProfile();
  const gated = gatesMedia({ isLocked: draft.is_locked, forSale: draft.price != null }, own);
  const [visibleMark, setVisibleMark] = useState<boolean | null>(null);
  const edit = useEditPost();
  const publish = usePublishDraft();
  const content = displayedContent(draft);
  const picture = resolveMediaUrl(postImageUrl(draft) ?? draft.poster_url);
  const busy = edit.isPending || publish.isPending || reschedule.isPending;
  const scheduleError = reschedule.isError
    ? (serverMessage(reschedule.error, 'publish_at') ?? t('schedule.failed'))
    : undefined;
  const startScheduling = () => {
    reschedule.reset();
    setScheduling(true);
  };

  const startEditing = () => {
    edit.reset();
    setText(content);
    setVisibleMark(draft.visible_mark_setting ?? null);
    setEditing(true);
  };
  const save = () =>
    edit.mutate(
      { postId: draft.id, content: text, ...(gated ? { visibleMark } : {}) },
      { onSuccess: () => setEditing(false) },
    );
  const saveError = edit.isError ? serverMessage(edit.error) : undefined;

  return (
    <article
      aria-label={content || t('drafts.mediaOnly')}
      className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5"
    >
      {publishAt ? (
        <p className="flex items-center gap-1.5 text-sm font-medium text-violet-700">
          <CalendarClock className="size-4" aria-hidden />
          {t('schedule.scheduledFor', { date: formatDateTime(publishAt, i18n.language) })}
        </p>
      ) : (
        <p className="text-xs text-slate-500">
          {t('drafts.savedOn', { date: formatDateTime(draft.created_at) })}
        </p>
      )}
      {scheduling && (
        <ScheduleForm
          initial={publishAt ? isoToLocalInput(publishAt) : suggestedLocalInput(new Date())}
          busy={reschedule.isPending}
          error={scheduleError}
          submitLabel={t('schedule.save')}
          onSubmit={(time) =>
            reschedule.mutate(
              { postId: draft.id, publishAt: time },
              { onSuccess: () => setScheduling(false) },
            )
          }
          onCancel={() => setScheduling(false)}
        />
      )}
      {editing ? (
        <div className="mt-2 space-y-2">
          <TextArea
            label={t('drafts.editLabel')}
            hideLabel
            rows={4}
            value={text}
            onChange={(event) => setText(event.target.value)}
            invalid={saveError !== undefined}
          />
          {gated && (
            <VisibleMarkSwitch
              value={visibleMark}
              defaultOn={own?.visible_mark_default ?? false}
              onChange={setVisibleMark}
              disabled={edit.isPending}
            />
          )}
          {edit.isError && (
            <Alert>
              <p>{t('drafts.saveFailed')}</p>
              {saveError && <p className="mt-1">{saveError}</p>}
            </Alert>
          )}
          <div className="flex gap-2">
            <Button size="sm" onClick={save} busy={edit.isPending}>
              {edit.isPending ? t('drafts.saving') : t('drafts.save')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setEditing(false)}>
              {t('drafts.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        content && (
          <p className="mt-2 text-[0.95rem] break-words whitespace-pre-wrap text-slate-800">
            {content}
          </p>
        )
      )}
      {picture && (
        <img
          src={picture}
          alt=""
          loading="lazy"
          className="mt-3 max-h-48 rounded-xl bg-slate-100 object-contain"
        />
      )}
      {publish.isError && <Alert className="mt-3">{t('drafts.publishFailed')}</Alert>}
      <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        {!editing && (
          <Button size="sm" variant="outline" onClick={startEditing} disabled={busy}>
            <FilePen className="size-4" aria-hidden />
            {t('drafts.edit')}
          </Button>
        )}
        <Button
          size="sm"
          busy={publish.isPending}
          disabled={editing || edit.isPending}
          onClick={() => publish.mutate(draft.id, { onSuccess: onPublished })}
        >
          <Send className="size-4" aria-hidden />
          {publish.isPending
            ? t('drafts.publishing')
            : publishAt
              ? t('schedule.publishNow')
              : t('drafts.publish')}
        </Button>
        {!scheduling && (
          <Button size="sm" variant="outline" onClick={startScheduling} disabled={busy || editing}>
            <CalendarClock className="size-4" aria-hidden />
            {publishAt ? t('schedule.reschedule') : t('schedule.schedule')}
          </Button>
        )}
        {publishAt && !scheduling && (
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => reschedule.mutate({ postId: draft.id, publishAt: null })}
          >
            {t('schedule.unschedule')}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          className="ms-auto text-red-600 hover:bg-red-50"
          onClick={() => onDelete(draft)}
          disabled={busy}
        >
          <Trash2 className="size-4" aria-hidden />
          {t('drafts.delete')}
        </Button>
      </div>
    </article>
  );
}

/** The server's field message for a refused change ("Posts can be at most ..."). */
function serverMessage(error: unknown, field = 'content'): string | undefined {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return undefined;
  const value = error.body[field] ?? error.body.detail;
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}
