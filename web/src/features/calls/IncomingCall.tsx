import { CALL_RING_SECONDS, type CallSummary } from '@zura/contracts';
import Phone from 'lucide-react/icons/phone';
import PhoneOff from 'lucide-react/icons/phone-off';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-errors';
import { useTranslation } from '../../lib/use-translation';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Spinner } from '../../ui/Spinner';
import { answerCall, declineCall } from './api';
import { dismissIncoming, openCall, receiveCall } from './call-store';
import { startRingTone } from './ring-tone';

export interface IncomingCallProps {
  call: CallSummary;
  selfId: number;
}

/** A system notification while this tab is in the background: the ring may not be heard. */
function notifyInBackground(title: string, body: string, tag: string): () => void {
  if (document.visibilityState !== 'hidden') return () => undefined;
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') {
    return () => undefined;
  }
  let shown: Notification | undefined;
  void navigator.serviceWorker?.ready
    .then((registration) =>
      registration.showNotification(title, { body, tag, data: { url: '/messages' } }),
    )
    .catch(() => {
      // No service worker (the dev server): a page notification does as well.
      shown = new Notification(title, { body, tag });
    });
  return () => {
    shown?.close();
    void navigator.serviceWorker?.ready
      .then(async (registration) => {
        for (const notification of await registration.getNotifications({ tag })) {
          notification.close();
        }
      })
      .catch(() => undefined);
  };
}

/**
 * The ringing overlay (issue 32), on whatever page is open: who calls, Answer and Decline, a
 * ring made in the browser, and a system notification when the tab is in the background. It
 * goes when the call is answered here or elsewhere, declined, hung up or rung out.
 */
export default function IncomingCall({ call, selfId }: IncomingCallProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const answerRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState<'answer' | 'decline' | null>(null);
  const [failed, setFailed] = useState(false);
  const username = call.caller_username ?? '';

  useEffect(() => startRingTone(), [call.id]);
  useEffect(() => {
    answerRef.current?.focus();
  }, [call.id]);
  useEffect(
    () =>
      notifyInBackground(
        t('calls.incomingNotification', { username }),
        t('calls.incomingTitle'),
        `call-${call.conversation_id}`,
      ),
    [call.id, call.conversation_id, username, t],
  );
  useEffect(() => {
    const left = Date.parse(call.started_at) + CALL_RING_SECONDS * 1000 - Date.now();
    const timer = setTimeout(() => dismissIncoming(call.id), Math.max(0, left));
    return () => clearTimeout(timer);
  }, [call.id, call.started_at]);

  const answer = () => {
    setBusy('answer');
    setFailed(false);
    answerCall(call.id)
      .then((answered) => {
        receiveCall(answered, selfId);
        if (answered.caller_id === null) return;
        openCall({
          callId: answered.id,
          roomId: answered.room_id,
          otherId: answered.caller_id,
          otherName: username,
        });
      })
      .catch((error: unknown) => {
        // 409: over, or answered on another device already: nothing left to ring for.
        if (error instanceof ApiError && error.status === 409) dismissIncoming(call.id);
        else setFailed(true);
      })
      .finally(() => setBusy(null));
  };

  const decline = () => {
    setBusy('decline');
    dismissIncoming(call.id);
    declineCall(call.id)
      .then((declined) => receiveCall(declined, selfId))
      .catch((error: unknown) => console.warn('Declining the call failed:', error));
  };

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-950/60 p-4 sm:items-center">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-sm rounded-3xl bg-slate-900 p-6 text-center text-white shadow-2xl"
      >
        <span className="mx-auto flex size-16 animate-pulse items-center justify-center rounded-full bg-violet-600">
          <Phone className="size-8" aria-hidden />
        </span>
        <h2 id={titleId} className="mt-4 text-lg font-semibold">
          {t('calls.incomingTitle')}
        </h2>
        <p className="mt-1 text-slate-300">{t('calls.incomingFrom', { username })}</p>
        {failed && (
          <p role="alert" className="mt-3 text-sm text-red-300">
            {t('calls.answerFailed')}
          </p>
        )}
        <div className="mt-6 flex justify-center gap-4">
          <Button variant="danger" size="lg" onClick={decline} disabled={busy !== null}>
            <PhoneOff className="size-5" aria-hidden />
            {t('calls.decline')}
          </Button>
          <button
            ref={answerRef}
            type="button"
            onClick={answer}
            disabled={busy !== null}
            aria-busy={busy === 'answer' || undefined}
            className={cn(
              'inline-flex h-12 items-center justify-center gap-2 rounded-xl px-6 text-base font-semibold',
              'bg-emerald-700 text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-70',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
            )}
          >
            {busy === 'answer' ? (
              <Spinner className="size-5" />
            ) : (
              <Phone className="size-5" aria-hidden />
            )}
            {t('calls.answer')}
          </button>
        </div>
      </div>
    </div>
  );
}
