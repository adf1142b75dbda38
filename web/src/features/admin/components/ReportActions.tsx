import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportAction, ReportGroup } from '@zura/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { resolveReport } from '../../reports';
import { openReportId, refusalText } from '../../reports';
import { adminKeys } from '../api';
import { ReasonDialog } from './ReasonDialog';

type NoteAction = Exclude<ReportAction, 'dismiss'>;

export interface ReportActionsProps {
  group: ReportGroup;
  /** The target as the card names it, e.g. "Post #12". */
  target: string;
}

/**
 * Dismiss (after a confirmation), Remove content or Suspend user (with a note the owner reads)
 * for a group with open reports; one action resolves all of them.
 */
export function ReportActions({ group, target }: ReportActionsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<ReportAction>('dismiss');
  const [open, setOpen] = useState(false);
  const reportId = openReportId(group);
  // The queue, the audit log and a suspended owner's account row all change.
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const dismiss = useMutation({
    mutationFn: (id: number) => resolveReport(id, 'dismiss'),
    onSuccess: async () => {
      setOpen(false);
      await refresh();
    },
  });
  if (reportId === undefined) return null;

  const choose = (chosen: ReportAction) => {
    dismiss.reset();
    setAction(chosen);
    setOpen(true);
  };
  const username = group.owner?.username ?? '';
  const noteAction: NoteAction = action === 'dismiss' ? 'remove_content' : action;
  const noteTexts: Record<
    NoteAction,
    { title: string; text: string; submit: string; busy: string }
  > = {
    remove_content: {
      title: t('admin.reports.removeTitle', { target }),
      text: t('admin.reports.removeText'),
      submit: t('admin.reports.remove'),
      busy: t('admin.reports.removing'),
    },
    suspend_user: {
      title: t('admin.reports.suspendTitle', { username }),
      text: t('admin.reports.suspendText'),
      submit: t('admin.reports.suspend'),
      busy: t('admin.reports.suspending'),
    },
  };
  const texts = noteTexts[noteAction];

  return (
    <div
      role="group"
      aria-label={t('admin.reports.actionsLabel', { target })}
      className="flex flex-wrap justify-end gap-2"
    >
      <Button variant="outline" size="sm" onClick={() => choose('dismiss')}>
        {t('admin.reports.dismiss')}
      </Button>
      {group.content && (
        <Button variant="danger" size="sm" onClick={() => choose('remove_content')}>
          {t('admin.reports.remove')}
        </Button>
      )}
      {group.owner && (
        <Button variant="danger" size="sm" onClick={() => choose('suspend_user')}>
          {t('admin.reports.suspend')}
        </Button>
      )}
      <ConfirmDialog
        open={open && action === 'dismiss'}
        onOpenChange={setOpen}
        title={t('admin.reports.dismissTitle', { target })}
        message={t('admin.reports.dismissText')}
        confirmLabel={t('admin.reports.dismiss')}
        busyLabel={t('admin.reports.dismissing')}
        cancelLabel={t('admin.cancel')}
        busy={dismiss.isPending}
        onConfirm={() => dismiss.mutate(reportId)}
        error={
          dismiss.isError ? (
            <Alert>{refusalText(dismiss.error, t('admin.reports.failed'))}</Alert>
          ) : undefined
        }
      />
      <ReasonDialog
        open={open && action !== 'dismiss'}
        onOpenChange={setOpen}
        title={texts.title}
        description={texts.text}
        labels={{
          reason: t('admin.reports.noteLabel'),
          required: t('admin.reports.noteRequired'),
          submit: texts.submit,
          submitting: texts.busy,
          failed: t('admin.reports.failed'),
        }}
        act={async (note) => {
          await resolveReport(reportId, noteAction, note);
          await refresh();
        }}
      />
    </div>
  );
}
