import { useQueryClient } from '@tanstack/react-query';
import CircleCheck from 'lucide-react/icons/circle-check';
import UserX from 'lucide-react/icons/user-x';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../ui/Button';
import { LeakTracer, TraceAbout, type FoundTrace } from '../../leak-trace';
import { adminKeys, suspendUser } from '../api';
import { SuspendDialog } from './SuspendDialog';

/** The admin's leak tracer (issue 35): any upload, and the account named can be suspended. */
export function LeakTracerTab() {
  return (
    <div className="space-y-6">
      <LeakTracer
        scope="admin"
        recipientActions={(trace) => <SuspendRecipientButton trace={trace} />}
      />
      <TraceAbout scope="admin" />
    </div>
  );
}

/** "Suspend account" with the reason the owner is shown, as the users tab suspends. */
function SuspendRecipientButton({ trace }: { trace: FoundTrace }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const { username, id } = trace.recipient;
  if (done) {
    return (
      <p
        role="status"
        className="flex h-10 items-center gap-2 text-sm font-semibold text-emerald-700"
      >
        <CircleCheck className="size-4" aria-hidden />
        {t('admin.leakTracer.suspended', { username })}
      </p>
    );
  }
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        <UserX className="size-4" aria-hidden />
        {t('admin.leakTracer.suspend')}
      </Button>
      <SuspendDialog
        open={open}
        onOpenChange={setOpen}
        username={username}
        act={async (reason) => {
          await suspendUser(id, reason);
          setDone(true);
          await queryClient.invalidateQueries({ queryKey: adminKeys.all });
        }}
      />
    </>
  );
}
