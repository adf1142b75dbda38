import type { CallSummary } from '@zura/contracts';
import Lock from 'lucide-react/icons/lock';
import LockOpen from 'lucide-react/icons/lock-open';
import { useTranslation } from '../../../lib/use-translation';
import { formatDateTime } from '../../../lib/format';
import { cn } from '../../../ui/cn';
import { ReportMenu } from '../../reports';
import type { ChatMessage } from '../api';
import { formatPrice, unlockPriceCents } from '../format';
import { AttachmentView } from './AttachmentView';
import { CallChip } from './CallChip';
import { UnlockPanel } from './UnlockPanel';

function timeOfDay(value: string, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(date);
}

interface MessageTimeProps {
  createdAt: string;
  className?: string;
}

function MessageTime({ createdAt, className }: MessageTimeProps) {
  const { i18n } = useTranslation();
  const label = timeOfDay(createdAt, i18n.language);
  if (!label) return null;
  return (
    <time
      dateTime={createdAt}
      title={formatDateTime(createdAt, i18n.language)}
      className={cn('text-[0.7rem]', className)}
    >
      {label}
    </time>
  );
}

export interface MessageItemProps {
  message: ChatMessage;
  mine: boolean;
  conversationId: number;
  /** Joins the call a system message announces; absent while a call is open. */
  onJoinCall?: (call: CallSummary) => void;
  onMediaLoad?: () => void;
  /** The last of a run from one sender shows the time. */
  showTime?: boolean;
}

export function MessageItem({
  message,
  mine,
  conversationId,
  onJoinCall,
  onMediaLoad,
  showTime = true,
}: MessageItemProps) {
  const { t, i18n } = useTranslation();

  if (message.is_system) {
    return (
      <CallChip
        message={message}
        onJoinCall={onJoinCall}
        time={<MessageTime createdAt={message.created_at} className="text-slate-500" />}
      />
    );
  }

  const lockedForMe = message.is_locked && !message.is_unlocked && !mine;
  const hasText = message.text.trim() !== '';
  const price = formatPrice(unlockPriceCents(message));

  return (
    <div className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cn('flex max-w-[85%] flex-col gap-1 sm:max-w-[70%]', mine && 'items-end')}
        title={showTime ? undefined : formatDateTime(message.created_at, i18n.language)}
      >
        {lockedForMe ? (
          <UnlockPanel message={message} conversationId={conversationId} />
        ) : (
          <div
            className={cn(
              'space-y-2 rounded-2xl px-3.5 py-2.5 text-sm',
              mine
                ? 'rounded-ee-md bg-violet-600 text-white'
                : 'rounded-es-md bg-white text-slate-900 ring-1 ring-slate-200',
            )}
          >
            {message.is_locked && (
              <p
                className={cn(
                  'flex items-center gap-1.5 text-xs font-semibold',
                  mine ? 'text-violet-100' : 'text-violet-700',
                )}
              >
                {mine ? (
                  <Lock className="size-3.5" aria-hidden />
                ) : (
                  <LockOpen className="size-3.5" aria-hidden />
                )}
                {mine
                  ? t('messaging.message.lockedBadge', { price })
                  : t('messaging.message.unlockedBadge')}
              </p>
            )}
            {hasText && <p className="break-words whitespace-pre-wrap">{message.text}</p>}
            {message.attachments.map((attachment) => (
              <AttachmentView
                key={attachment.id}
                attachment={attachment}
                onColour={mine}
                onMediaLoad={onMediaLoad}
              />
            ))}
          </div>
        )}
        <div className="flex items-center gap-1">
          {showTime && (
            <MessageTime createdAt={message.created_at} className="px-1 text-slate-500" />
          )}
          {!mine && (
            <ReportMenu
              subject={{ type: 'message', id: message.id }}
              username={message.sender_name}
              label={t('reports.messageMenu', { username: message.sender_name })}
              className="size-6"
            />
          )}
        </div>
      </div>
    </div>
  );
}
