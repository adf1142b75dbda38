import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import type { ServerFrame } from '../../lib/live/frames';
import { LiveProvider } from '../../lib/live/LiveProvider';
import { useCurrentUserId } from '../../lib/use-session';
import type { createLiveSync } from './live-sync';

export interface LiveUpdatesProps {
  children: ReactNode;
}

type LiveSync = ReturnType<typeof createLiveSync>;

/**
 * The live sync, loaded once someone is signed in: it reaches into most features' API modules
 * (and so zod), which must stay off the first load (issue 20, bundle budget). Frames that
 * arrive before it has loaded wait in order and are applied once it has.
 */
function lazyLiveSync(queryClient: QueryClient) {
  let sync: LiveSync | undefined;
  const waiting: (() => void)[] = [];
  const whenLoaded = (apply: (loaded: LiveSync) => void) => {
    if (sync) apply(sync);
    else waiting.push(() => apply(sync as LiveSync));
  };
  return {
    load: async () => {
      if (sync) return;
      const { createLiveSync } = await import('./live-sync');
      sync ??= createLiveSync(queryClient);
      for (const apply of waiting.splice(0)) apply();
    },
    onFrame: (frame: ServerFrame) => whenLoaded((loaded) => loaded.onFrame(frame)),
    onLive: (reconnected: boolean) => whenLoaded((loaded) => loaded.onLive(reconnected)),
    lastNotificationId: () => sync?.lastNotificationId(),
  };
}

/** The tab's notification socket, with its frames applied to the query cache. */
export function LiveUpdates({ children }: LiveUpdatesProps) {
  const queryClient = useQueryClient();
  const [sync] = useState(() => lazyLiveSync(queryClient));
  const signedIn = useCurrentUserId() !== null;
  useEffect(() => {
    // Only a signed-in tab has a socket, so only it needs the sync.
    if (signedIn) void sync.load();
  }, [sync, signedIn]);
  return (
    <LiveProvider
      onFrame={sync.onFrame}
      onLive={sync.onLive}
      lastNotificationId={sync.lastNotificationId}
    >
      {children}
    </LiveProvider>
  );
}
