import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import ChartColumn from 'lucide-react/icons/chart-column';
import FilePen from 'lucide-react/icons/file-pen';
import Gift from 'lucide-react/icons/gift';
import Heart from 'lucide-react/icons/heart';
import LogOut from 'lucide-react/icons/log-out';
import Megaphone from 'lucide-react/icons/megaphone';
import ScanSearch from 'lucide-react/icons/scan-search';
import Settings from 'lucide-react/icons/settings';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Sparkles from 'lucide-react/icons/sparkles';
import UserPen from 'lucide-react/icons/user-pen';
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from '../../lib/use-translation';
import { useNavigate } from 'react-router';
import { logout } from '../../lib/session';
import { cn } from '../../ui/cn';
import { useHandOver, type HandOver } from '../../ui/load-on-intent';
import { UserMenuTriggerContent, userMenuTriggerClasses, type UserMenuProps } from './UserMenu';
import { useOwnProfile } from '../../lib/own-profile';

export type UserMenuDropdownProps = UserMenuProps & HandOver;

/**
 * The bottom-of-sidebar menu: Edit Profile, Drafts, the creators' tools (mass messages, offers,
 * analytics, leak tracer), Posts I liked, Become a Creator, Settings, Admin (admins), Logout.
 * Loaded on first intent (UserMenu.tsx).
 */
export function UserMenuDropdown({ onNavigate, ...handOver }: UserMenuDropdownProps) {
  const { t } = useTranslation();
  const { defaultOpen, triggerRef, contentRef } = useHandOver(handOver);
  const navigate = useNavigate();
  const { data: profile } = useOwnProfile();

  const go = (to: string) => {
    onNavigate?.();
    void navigate(to);
  };
  // Clearing the session is enough: the auth guard around the shell then goes to /login.
  const handleLogout = () => {
    onNavigate?.();
    void logout();
  };

  // Not modal (as every menu of the app): a modal menu hides the page with aria-hidden while
  // its links stay focusable, which screen readers and axe (aria-hidden-focus) object to.
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={triggerRef} className={userMenuTriggerClasses}>
        <UserMenuTriggerContent />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side="top"
          align="start"
          sideOffset={8}
          ref={contentRef}
          className="z-50 min-w-56 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 motion-safe:animate-fade-in"
        >
          <MenuItem icon={UserPen} onSelect={() => go('/profile/edit')}>
            {t('userMenu.editProfile')}
          </MenuItem>
          <MenuItem icon={FilePen} onSelect={() => go('/drafts')}>
            {t('userMenu.drafts')}
          </MenuItem>
          {profile?.is_creator && (
            <>
              <MenuItem icon={Megaphone} onSelect={() => go('/creator/mass-messages')}>
                {t('userMenu.massMessages')}
              </MenuItem>
              <MenuItem icon={Gift} onSelect={() => go('/creator/offers')}>
                {t('userMenu.offers')}
              </MenuItem>
              <MenuItem icon={ChartColumn} onSelect={() => go('/creator/analytics')}>
                {t('userMenu.analytics')}
              </MenuItem>
              <MenuItem icon={ScanSearch} onSelect={() => go('/creator/leak-tracer')}>
                {t('userMenu.leakTracer')}
              </MenuItem>
            </>
          )}
          <MenuItem icon={Heart} onSelect={() => go('/liked')}>
            {t('userMenu.liked')}
          </MenuItem>
          <MenuItem icon={Sparkles} onSelect={() => go('/creator-landing')}>
            {t('userMenu.becomeCreator')}
          </MenuItem>
          <MenuItem icon={Settings} onSelect={() => go('/settings')}>
            {t('userMenu.settings')}
          </MenuItem>
          {profile?.is_admin && (
            <MenuItem icon={ShieldCheck} onSelect={() => go('/admin')}>
              {t('userMenu.admin')}
            </MenuItem>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <MenuItem icon={LogOut} onSelect={handleLogout} danger>
            {t('userMenu.logout')}
          </MenuItem>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

interface MenuItemProps {
  icon: LucideIcon;
  onSelect: () => void;
  danger?: boolean;
  children: string;
}

function MenuItem({ icon: Icon, onSelect, danger = false, children }: MenuItemProps) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      className={cn(
        'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium outline-none select-none',
        danger
          ? 'text-red-600 data-[highlighted]:bg-red-50'
          : 'text-slate-700 data-[highlighted]:bg-slate-100',
      )}
    >
      <Icon className="size-4" aria-hidden />
      {children}
    </DropdownMenu.Item>
  );
}
