import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import BellOff from 'lucide-react/icons/bell-off';
import Ellipsis from 'lucide-react/icons/ellipsis';
import { useTranslation } from '../../../lib/use-translation';
import { menuContentClasses } from '../../reports';
import { massKeys, muteQuery, setMuted } from '../api';

/** The conversation's menu: mute or unmute the other user's mass and welcome messages. */
export function ConversationMenu({ userId, username }: { userId: number; username: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useQuery(muteQuery(userId));
  const muted = data?.muted ?? false;
  const mutation = useMutation({
    mutationFn: () => setMuted(userId, !muted),
    onSuccess: (state) => queryClient.setQueryData(massKeys.mute(userId), state),
  });
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('massMessages.mute.menu', { username })}
        className="rounded-xl p-2.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600"
      >
        <Ellipsis className="size-5" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuContentClasses}>
          <DropdownMenu.Item
            disabled={!data || mutation.isPending}
            onSelect={() => mutation.mutate()}
            className="flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100"
          >
            <BellOff className="size-4" aria-hidden />
            {muted ? t('massMessages.mute.unmute') : t('massMessages.mute.mute')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
