import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Ban from 'lucide-react/icons/ban';
import Ellipsis from 'lucide-react/icons/ellipsis';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router';
import { Alert } from '../../ui/Alert';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ReportDialog } from '../reports';
import { menuContentClasses } from '../reports';
import { ReportMenuItem } from '../reports';
import { useHandOver, type HandOver } from '../../ui/load-on-intent';
import { blockTriggerClasses, type BlockMenuProps } from './BlockMenu';
import { blockUser } from './api';

export type BlockMenuDropdownProps = BlockMenuProps & HandOver;

/** The profile's "more" menu itself, loaded on first intent (BlockMenu.tsx). */
export function BlockMenuDropdown({ userId, username, ...handOver }: BlockMenuDropdownProps) {
  const { defaultOpen, triggerRef, contentRef } = useHandOver(handOver);
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
      <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger
          ref={triggerRef}
          aria-label={t('blocks.menu', { username })}
          className={blockTriggerClasses}
        >
          <Ellipsis className="size-5" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            ref={contentRef}
            align="end"
            sideOffset={8}
            className={menuContentClasses}
          >
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
