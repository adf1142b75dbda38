import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MASS_MESSAGE_MIN_GAP_MINUTES, MASS_MESSAGES_PER_DAY } from '@zura/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatNumber } from '../../../lib/format';
import { errorBodyText } from '../../../lib/api-errors';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { massKeys, recipientCountQuery, sendMassMessage } from '../api';
import { formatNextSend, nextSendAt } from '../frequency';
import { ContentFields, contentOf, EMPTY_CONTENT, type ContentDraft } from './ContentFields';
import { EMPTY_SEGMENT, segmentOf, type SegmentDraft } from '../segment';
import { SegmentPicker } from './SegmentPicker';

/** Compose, pick a segment with its live count, confirm, send. */
export function MassMessageComposer() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [content, setContent] = useState<ContentDraft>(EMPTY_CONTENT);
  const [segmentDraft, setSegmentDraft] = useState<SegmentDraft>(EMPTY_SEGMENT);
  const [confirming, setConfirming] = useState(false);
  const segment = segmentOf(segmentDraft);
  const count = useQuery(recipientCountQuery(segment ?? { kind: 'active' }, segment !== undefined));
  const recipients = count.data?.count ?? 0;
  const send = useMutation({
    mutationFn: () =>
      sendMassMessage({ ...contentOf(content), segment: segment ?? { kind: 'active' } }),
    onSuccess: async () => {
      setConfirming(false);
      setContent(EMPTY_CONTENT);
      await queryClient.invalidateQueries({ queryKey: massKeys.list() });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.reset();
    setConfirming(true);
  };
  const tooSoonUntil = nextSendAt(send.error);
  const limits = { perDay: MASS_MESSAGES_PER_DAY, minutes: MASS_MESSAGE_MIN_GAP_MINUTES };
  const error =
    send.isError &&
    ((tooSoonUntil &&
      t('massMessages.compose.tooSoon', {
        ...limits,
        time: formatNextSend(tooSoonUntil, i18n.language),
      })) ??
      errorBodyText(send.error, 'text') ??
      errorBodyText(send.error, 'segment') ??
      errorBodyText(send.error, 'price') ??
      errorBodyText(send.error, 'media_ids') ??
      t('massMessages.compose.failed'));
  const formatted = formatNumber(recipients, i18n.language);

  return (
    <form onSubmit={submit} className="space-y-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 className="text-lg font-semibold text-slate-900">{t('massMessages.compose.title')}</h2>
      <ContentFields value={content} onChange={setContent} idPrefix="mass" />
      <SegmentPicker value={segmentDraft} onChange={setSegmentDraft} />
      <p className="text-sm text-slate-600" aria-live="polite" data-testid="recipient-count">
        {segment && count.data
          ? t('massMessages.compose.count', { count: recipients, formatted })
          : t('massMessages.compose.countUnknown')}
        {count.data && count.data.refused_ids.length > 0 && (
          <> {t('massMessages.compose.refused', { ids: count.data.refused_ids.join(', ') })}</>
        )}
      </p>
      <p className="text-sm text-slate-600">{t('massMessages.compose.frequency', limits)}</p>
      <Button type="submit" disabled={!segment || recipients === 0}>
        {t('massMessages.compose.send')}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('massMessages.compose.confirmTitle')}
        message={t('massMessages.compose.confirm', { count: recipients, formatted })}
        confirmLabel={t('massMessages.compose.send')}
        busyLabel={t('massMessages.compose.sending')}
        busy={send.isPending}
        error={error && <Alert className="mt-3">{error}</Alert>}
        onConfirm={() => send.mutate()}
      />
    </form>
  );
}
