import { lazy, Suspense } from 'react';
import { loadLaterCatalogue } from '../../lib/i18n';
import { useCurrentUserId } from '../../lib/use-session';
import { useTranslation } from '../../lib/use-translation';
import { Spinner } from '../../ui/Spinner';
import { closeCall, useCallStore } from './call-store';

// Both load on their first call, with the calls texts (the later part of the catalogue): no
// page pays for them, and PeerJS stays out of the shell.
const IncomingCall = lazy(() =>
  Promise.all([import('./IncomingCall'), loadLaterCatalogue()]).then(([module]) => module),
);
const CallOverlay = lazy(() =>
  Promise.all([import('./CallOverlay'), loadLaterCatalogue()]).then(([module]) => module),
);

function CallLoading() {
  const { t } = useTranslation();
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center gap-3 bg-slate-950 text-white">
      <Spinner className="size-6 text-violet-300" />
      <span role="status">{t('app.loading')}</span>
    </div>
  );
}

/**
 * The signed-in shell's calls (issue 32): a call ringing for this user shows on any page, and
 * the call overlay stays open across pages until it is hung up or closed.
 */
export function CallLayer() {
  const selfId = useCurrentUserId();
  const incoming = useCallStore((state) => state.incoming);
  const active = useCallStore((state) => state.active);
  if (selfId === null) return null;
  return (
    <>
      {active ? (
        <Suspense fallback={<CallLoading />}>
          <CallOverlay
            key={active.callId}
            callId={active.callId}
            roomId={active.roomId}
            selfId={selfId}
            otherId={active.otherId}
            otherName={active.otherName}
            onClose={closeCall}
          />
        </Suspense>
      ) : (
        incoming && (
          <Suspense fallback={null}>
            <IncomingCall key={incoming.id} call={incoming} selfId={selfId} />
          </Suspense>
        )
      )}
    </>
  );
}
