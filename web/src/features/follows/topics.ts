import { useCallback, useSyncExternalStore } from 'react';
import { useCurrentUserId } from '../../lib/use-session';

/**
 * The discover panel's fixed topics have no server model, so which of them a user follows is
 * kept in this browser (per user). Other tabs see changes through the storage event.
 */
const KEY_PREFIX = 'zura-followed-topics';

export function topicsStorageKey(userId: number | null): string {
  return `${KEY_PREFIX}:${userId ?? 'anonymous'}`;
}

/** The stored topic ids; anything unreadable counts as none. */
export function parseTopics(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string')
      : [];
  } catch {
    return [];
  }
}

/** The list with `topic` added or removed. */
export function toggleTopic(topics: readonly string[], topic: string, follow: boolean): string[] {
  const without = topics.filter((item) => item !== topic);
  return follow ? [...without, topic] : without;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The topics the signed-in user follows here, and a setter. */
export function useFollowedTopics() {
  const key = topicsStorageKey(useCurrentUserId());
  const raw = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  const topics = parseTopics(raw);
  const setFollowing = useCallback(
    (topic: string, follow: boolean) => {
      const next = toggleTopic(parseTopics(read(key)), topic, follow);
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the choice lasts until the page is left.
      }
      for (const listener of listeners) listener();
    },
    [key],
  );
  return { topics, setFollowing };
}
