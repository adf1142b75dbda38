import { useSyncExternalStore } from 'react';
import { getSession, getUserId, subscribeSession, type Session } from './session';

/** The stored session; re-renders on login, logout, refresh and changes from other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

/** The signed-in user's id from the access token claim `user_id`. */
export function useCurrentUserId(): number | null {
  return getUserId(useSession());
}
