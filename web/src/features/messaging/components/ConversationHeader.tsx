import PanelRightClose from 'lucide-react/icons/panel-right-close';
import PanelRightOpen from 'lucide-react/icons/panel-right-open';
import Video from 'lucide-react/icons/video';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { ConversationMenu } from '../../mass-messages';
import type { Conversation } from '../api';
import { useDayLabel } from './use-day-label';

export interface ConversationHeaderProps {
  conversation: Conversation;
  /** When the other user was last seen writing (or the conversation last changed). */
  lastActive: string | null;
  onStartCall: () => void;
  callDisabled: boolean;
  panelOpen: boolean;
  onTogglePanel: () => void;
  panelId: string;
}

/**
 * Spec §2: the other user's avatar, name and 'Last active' text (together a link to their
 * profile), the start-video-call button and, below 1024 px, the Recent Chats toggle.
 */
export function ConversationHeader({
  conversation,
  lastActive,
  onStartCall,
  callDisabled,
  panelOpen,
  onTogglePanel,
  panelId,
}: ConversationHeaderProps) {
  const { t } = useTranslation();
  const dayLabel = useDayLabel();
  const { other_user: otherUser } = conversation;
  const profilePath = `/profile/${encodeURIComponent(otherUser.username || String(otherUser.id ?? ''))}`;
  const when = dayLabel(lastActive);
  const PanelIcon = panelOpen ? PanelRightClose : PanelRightOpen;

  return (
    <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2.5 sm:px-4">
      <Link
        to={profilePath}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl p-1 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-violet-600"
      >
        <Avatar src={otherUser.avatar} name={otherUser.username} decorative />
        <span className="min-w-0">
          <span className="sr-only">{t('a11y.viewProfileOf')} </span>
          <span className="block truncate font-semibold text-slate-900">{otherUser.username}</span>
          {when && (
            <span className="block truncate text-xs text-slate-500">
              {t('messaging.header.lastActive', { when })}
            </span>
          )}
        </span>
      </Link>
      <button
        type="button"
        onClick={onStartCall}
        disabled={callDisabled}
        aria-label={t('messaging.header.startCall')}
        title={t('messaging.header.startCall')}
        className="rounded-xl p-2.5 text-violet-700 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-violet-600 disabled:cursor-not-allowed disabled:text-slate-300"
      >
        <Video className="size-5" aria-hidden />
      </button>
      {otherUser.id !== null && (
        <ConversationMenu userId={otherUser.id} username={otherUser.username} />
      )}
      <button
        type="button"
        onClick={onTogglePanel}
        aria-expanded={panelOpen}
        aria-controls={panelId}
        aria-label={panelOpen ? t('messaging.header.hideChats') : t('messaging.header.showChats')}
        title={panelOpen ? t('messaging.header.hideChats') : t('messaging.header.showChats')}
        className="rounded-xl p-2.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-violet-600 lg:hidden"
      >
        <PanelIcon className="size-5" aria-hidden />
      </button>
    </header>
  );
}
