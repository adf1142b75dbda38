import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { logout } from '../../lib/session';
import { settingsQuery } from './api';
import {
  ACTIVITY_STORAGE_KEY,
  ACTIVITY_WRITE_INTERVAL_MS,
  idleDeadline,
  isIdle,
  latestActivity,
  nextCheckDelay,
  parseActivity,
} from './session-timeout';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'];

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Signs the user out after the stored sessionTimeout without activity in any tab (0 = never).
 * Opening the app counts as activity. Until the settings have loaded nothing is enforced.
 */
export function useSessionTimeout(): void {
  const { data: minutes } = useQuery({
    ...settingsQuery(),
    select: (settings) => settings.sessionTimeout,
  });

  useEffect(() => {
    if (minutes === undefined || idleDeadline(0, minutes) === null) return;
    let local = Date.now();
    let written = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const write = (now: number) => {
      written = now;
      try {
        storage()?.setItem(ACTIVITY_STORAGE_KEY, String(now));
      } catch {
        // storage full or disabled: this tab still keeps its own time
      }
    };
    const check = () => {
      const now = Date.now();
      const last = latestActivity(
        local,
        parseActivity(storage()?.getItem(ACTIVITY_STORAGE_KEY)),
        now,
      );
      if (isIdle(now, last, minutes)) {
        void logout();
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(check, nextCheckDelay(now, idleDeadline(last, minutes) ?? now));
    };
    const onActivity = () => {
      local = Date.now();
      if (local - written >= ACTIVITY_WRITE_INTERVAL_MS) write(local);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };

    write(local);
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, onActivity, { passive: true, capture: true });
    }
    document.addEventListener('visibilitychange', onVisible);
    check();
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) {
        window.removeEventListener(name, onActivity, { capture: true });
      }
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [minutes]);
}
