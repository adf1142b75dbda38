import type { QueryClient } from '@tanstack/react-query';
import { getUserId, startSessionUpkeep, subscribeSession } from '../lib/session';

/**
 * Starts the session upkeep (proactive refresh, tab sync) and drops every cached query when
 * the signed-in user changes, so one person never sees another's data. Returns a cleanup.
 */
export function startSessionEffects(queryClient: QueryClient): () => void {
  let userId = getUserId();
  const unsubscribe = subscribeSession(() => {
    const next = getUserId();
    if (next === userId) return;
    userId = next;
    queryClient.clear();
  });
  const stopUpkeep = startSessionUpkeep();
  return () => {
    unsubscribe();
    stopUpkeep();
  };
}
