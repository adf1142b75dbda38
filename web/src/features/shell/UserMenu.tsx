import { ChevronsUpDown } from 'lucide-react';
import { useState, type ComponentType, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar';
import { useOwnProfile } from '../profile/api';
import type { PendingOpen, UserMenuDropdownProps } from './UserMenuDropdown';

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
      <Avatar src={profile?.profile_image} name={username || '?'} decorative className="size-9" />
      <span className="min-w-0 flex-1">
        <span className="sr-only">{t('userMenu.trigger')} </span>
        <span className="block truncate text-sm font-semibold text-slate-900">{username}</span>
        <span className="block truncate text-xs text-slate-600">{profile?.email}</span>
      </span>
      <ChevronsUpDown className="size-4 shrink-0 text-slate-400" aria-hidden />
    </>
  );
}

type Dropdown = ComponentType<UserMenuDropdownProps>;
let loading: Promise<Dropdown> | null = null;
const loadDropdown = () =>
  (loading ??= import('./UserMenuDropdown').then((module) => module.UserMenuDropdown));

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * The user menu's trigger, light: the Radix dropdown (UserMenuDropdown.tsx) loads when the
 * pointer comes near or the trigger gets focus (issue 20, first-load budget), then takes the
 * trigger's place, keeping focus, and opens at once if it was pressed meanwhile.
 */
export function UserMenu({ onNavigate }: UserMenuProps) {
  const [dropdown, setDropdown] = useState<{ component: Dropdown } | null>(null);
  const [pendingOpen, setPendingOpen] = useState<PendingOpen>(null);
  const [hadFocus, setHadFocus] = useState(false);

  if (dropdown) {
    const Loaded = dropdown.component;
    return <Loaded onNavigate={onNavigate} focusTrigger={hadFocus} pendingOpen={pendingOpen} />;
  }
  const load = () => void loadDropdown().then((component) => setDropdown({ component }));
  const handleKeyDown = (event: KeyboardEvent) => {
    if (!OPENING_KEYS.has(event.key)) return;
    event.preventDefault();
    setPendingOpen('keyboard');
    load();
  };

  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={userMenuTriggerClasses}
      onPointerEnter={load}
      onFocus={() => {
        setHadFocus(true);
        load();
      }}
      onBlur={() => setHadFocus(false)}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        setPendingOpen('pointer');
        load();
      }}
      onKeyDown={handleKeyDown}
    >
      <UserMenuTriggerContent />
    </button>
  );
}
