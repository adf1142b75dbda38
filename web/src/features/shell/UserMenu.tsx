import ChevronsUpDown from 'lucide-react/icons/chevrons-up-down';
import { useTranslation } from '../../lib/use-translation';
import { Avatar } from '../../ui/Avatar';
import { loadOnce, useLoadOnIntent } from '../../ui/load-on-intent';
import { useOwnProfile } from '../../lib/own-profile';

export interface UserMenuProps {
  /** Called before navigating (the mobile menu closes itself). */
  onNavigate?: () => void;
}

export const userMenuTriggerClasses =
  'flex w-full items-center gap-3 rounded-xl p-2 text-start hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600 data-[state=open]:bg-slate-100';

/** What the trigger shows: the viewer's avatar, name and email. */
export function UserMenuTriggerContent() {
  const { t } = useTranslation();
  const { data: profile } = useOwnProfile();
  const username = profile?.username ?? '';
  return (
    <>
      <Avatar
        src={profile?.profile_image_small ?? profile?.profile_image}
        name={username || '?'}
        decorative
        className="size-9"
      />
      <span className="min-w-0 flex-1">
        <span className="sr-only">{t('userMenu.trigger')} </span>
        <span className="block truncate text-sm font-semibold text-slate-900">{username}</span>
        <span className="block truncate text-xs text-slate-600">{profile?.email}</span>
      </span>
      <ChevronsUpDown className="size-4 shrink-0 text-slate-400" aria-hidden />
    </>
  );
}

const loadDropdown = loadOnce(() =>
  import('./UserMenuDropdown').then((module) => module.UserMenuDropdown),
);

/**
 * The user menu's trigger, light: the Radix dropdown (UserMenuDropdown.tsx) loads when the
 * pointer comes near or the trigger gets focus (issue 20, first-load budget), then takes the
 * trigger's place, keeping focus, and opens at once if it was pressed meanwhile.
 */
export function UserMenu({ onNavigate }: UserMenuProps) {
  const { loaded: Dropdown, handOver, triggerProps } = useLoadOnIntent(loadDropdown);
  if (Dropdown) return <Dropdown onNavigate={onNavigate} {...handOver} />;
  return (
    <button {...triggerProps} className={userMenuTriggerClasses}>
      <UserMenuTriggerContent />
    </button>
  );
}
