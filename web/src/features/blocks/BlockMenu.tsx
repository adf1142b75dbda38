import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban, Ellipsis } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../ui/Alert';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ReportDialog } from '../reports/ReportDialog';
import { menuContentClasses, ReportMenuItem } from '../reports/ReportMenu';
import { blockUser } from './api';

export interface BlockMenuProps {
  userId: number;
  username: string;
}

/**
 * The "more" menu on someone else's profile: Report, and Block after a dialog that says what a
 * block does. The blocked profile is gone for the blocker too, so the page leaves for the feed.
 */
export function BlockMenu({ userId, username }: BlockMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const mutation = useMutation({
    mutationFn: () => blockUser(userId),
    onSuccess: async () => {
      setConfirming(false);
      // Profiles, feeds, follows and the blocked list all change.
      await queryClient.invalidateQueries();
      void navigate('/');
    },
  });

  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          aria-label={t('blocks.menu', { username })}
          className="inline-flex size-10 items-center justify-center rounded-xl text-slate-600 ring-1 ring-slate-300 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600"
        >
          <Ellipsis className="size-5" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClasses}>
            <ReportMenuItem onSelect={() => setReporting(true)} />
            <DropdownMenu.Item
              onSelect={() => setConfirming(true)}
              className="flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium text-red-600 outline-none select-none data-[highlighted]:bg-red-50"
            >
              <Ban className="size-4" aria-hidden />
              {t('blocks.block')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('blocks.confirmTitle', { username })}
        message={t('blocks.confirmText', { username })}
        confirmLabel={t('blocks.block')}
        busyLabel={t('blocks.blocking')}
        busy={mutation.isPending}
        error={mutation.isError && <Alert className="mt-3">{t('blocks.failed')}</Alert>}
        onConfirm={() => mutation.mutate()}
      />
      <ReportDialog
        open={reporting}
        onOpenChange={setReporting}
        subject={{ type: 'profile', id: userId }}
        username={username}
      />
    </>
  );
}
