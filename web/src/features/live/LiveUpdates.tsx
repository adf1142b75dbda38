import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LiveProvider } from '../../lib/live/LiveProvider';
import { createLiveSync } from './live-sync';

export interface LiveUpdatesProps {
  children: ReactNode;
}

/** The tab's notification socket, with its frames applied to the query cache. */
export function LiveUpdates({ children }: LiveUpdatesProps) {
  const queryClient = useQueryClient();
  const [sync] = useState(() => createLiveSync(queryClient));
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
