import Bell from 'lucide-react/icons/bell';
import Compass from 'lucide-react/icons/compass';
import FolderOpen from 'lucide-react/icons/folder-open';
import Heart from 'lucide-react/icons/heart';
import House from 'lucide-react/icons/house';
import MessageCircle from 'lucide-react/icons/message-circle';
import Wallet from 'lucide-react/icons/wallet';
import type { LucideIcon } from 'lucide-react';
import type { BadgeTone } from '../../ui/CountBadge';
import type { UnreadCounts } from './useUnreadCounts';

export interface NavItem {
  to: string;
  labelKey:
    | 'nav.home'
    | 'nav.explore'
    | 'nav.notifications'
    | 'nav.messages'
    | 'nav.subscriptions'
    | 'nav.wallet'
    | 'nav.myContent';
  icon: LucideIcon;
  /** Also active on these paths (Home is both / and /home). */
  alsoActiveOn?: string[];
  badge?: { count: keyof UnreadCounts; tone: BadgeTone };
  creatorsOnly?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/', labelKey: 'nav.home', icon: House, alsoActiveOn: ['/home'] },
  { to: '/explore', labelKey: 'nav.explore', icon: Compass },
  {
    to: '/notifications',
    labelKey: 'nav.notifications',
    icon: Bell,
    badge: { count: 'notifications', tone: 'red' },
  },
  {
    to: '/messages',
    labelKey: 'nav.messages',
    icon: MessageCircle,
    badge: { count: 'messages', tone: 'blue' },
  },
  { to: '/subscriptions', labelKey: 'nav.subscriptions', icon: Heart },
  { to: '/wallet', labelKey: 'nav.wallet', icon: Wallet },
  { to: '/my-content', labelKey: 'nav.myContent', icon: FolderOpen, creatorsOnly: true },
];
