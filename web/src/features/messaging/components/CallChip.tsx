import { CALL_RING_SECONDS, type CallSummary } from '@zura/contracts';
import Phone from 'lucide-react/icons/phone';
import PhoneMissed from 'lucide-react/icons/phone-missed';
import PhoneOff from 'lucide-react/icons/phone-off';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Button } from '../../../ui/Button';
import { formatCallDuration } from '../../calls';
import type { ChatMessage } from '../api';

export interface CallChipProps {
  message: ChatMessage;
  /** Joins the call; absent while a call is open. */
  onJoinCall?: (call: CallSummary) => void;
  /** The message's time. */
  time: ReactNode;
}

/** The call's state as the chat shows it: a ringing call rings out here on time. */
function useShownState(call: CallSummary | null): CallSummary['state'] | null {
  const [rungOut, setRungOut] = useState<number | null>(null);
  const ringingId = call?.state === 'ringing' ? call.id : null;
  const startedAt = call?.started_at;
  useEffect(() => {
    if (ringingId === null || !startedAt) return undefined;
    const left = Date.parse(startedAt) + CALL_RING_SECONDS * 1000 - Date.now();
    const timer = setTimeout(() => setRungOut(ringingId), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [ringingId, startedAt]);
  if (!call) return null;
  return call.state === 'ringing' && rungOut === call.id ? 'missed' : call.state;
}

/**
 * A call announcement in the chat (issue 32), drawn from the server's call state: Join only
 * while it rings or is live; once over, "Call ended · 3:12" or "Missed call". The words are
 * ours (the flag is the server's): a text that merely reads like a notice stays its sender's.
 * An announcement older than the call states (no call) is shown without Join.
 */
export function CallChip({ message, onJoinCall, time }: CallChipProps) {
  const { t } = useTranslation();
  const call = message.call;
  const state = useShownState(call);
  const joinable = call !== null && (state === 'ringing' || state === 'answered');
  const Icon = state === 'missed' ? PhoneMissed : state === 'ended' ? PhoneOff : Phone;
  let text: string;
  if (state === 'ended') {
    text =
      call?.duration_seconds != null
        ? t('calls.endedMessage', { duration: formatCallDuration(call.duration_seconds * 1000) })
        : t('calls.ended');
  } else if (state === 'missed') {
    text = t('calls.missedMessage');
  } else {
    text = t('calls.startedMessage', { username: message.sender_name });
  }

  return (
    <div className="flex justify-center">
      <div
        data-call-state={state ?? 'unknown'}
        className="flex max-w-md flex-wrap items-center justify-center gap-x-3 gap-y-2 rounded-2xl bg-slate-100 px-4 py-2.5 text-sm text-slate-700"
      >
        <Icon
          className={state === 'missed' ? 'size-4 text-red-600' : 'size-4 text-violet-600'}
          aria-hidden
        />
        <span className="min-w-0 break-words">{text}</span>
        {time}
        {joinable && onJoinCall && (
          <Button
            size="sm"
            onClick={() => onJoinCall(call)}
            aria-label={t('messaging.message.joinLabel')}
          >
            {t('messaging.message.join')}
          </Button>
        )}
      </div>
    </div>
  );
}
