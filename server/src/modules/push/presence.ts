/**
 * Who has a live socket open, asked by push before it wakes a device: a user looking at the app
 * gets the frame there, not a push too. The socket hub registers its check when it starts.
 *
 * Sockets are held per instance, so with several instances (REDIS_URL) this sees only the
 * sockets of the instance whose job worker runs the push: a user whose only tab is on another
 * instance may get a push as well as the live frame. Never the reverse: no push is lost.
 */
export function createPresence() {
  const checks = new Set<(userId: number) => boolean>();
  return {
    register(check: (userId: number) => boolean) {
      checks.add(check);
      return () => void checks.delete(check);
    },
    isOnline(userId: number) {
      for (const check of checks) if (check(userId)) return true;
      return false;
    },
  };
}

export type Presence = ReturnType<typeof createPresence>;
