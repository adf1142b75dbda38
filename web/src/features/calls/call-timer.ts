import { useEffect, useState } from 'react';
import type { CallPhase } from './use-video-call';

/** "0:07", "12:34", "1:02:03": how long a call has been connected. */
export function formatCallDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/**
 * Time since the call first connected, ticking each second; null before it connects. A
 * reconnection does not restart it, and it stops (keeping its last value) when the call is over.
 */
export function useCallDuration(phase: CallPhase): string | null {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const over = phase === 'error' || phase === 'disconnected' || phase === 'ended';
  const started = startedAt !== null;

  useEffect(() => {
    if (over || (!started && phase !== 'connected')) return undefined;
    // The first tick marks the start; later ones move the clock. Both set state from a timer.
    const tick = () => {
      const at = Date.now();
      setStartedAt((previous) => previous ?? at);
      setNow(at);
    };
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [phase, over, started]);

  return startedAt === null ? null : formatCallDuration(now - startedAt);
}
