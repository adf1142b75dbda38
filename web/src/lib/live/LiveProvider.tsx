import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { getAccessToken, refreshSession } from '../session';
import { useCurrentUserId } from '../use-session';
import type { ClientFrame, ServerFrame } from './frames';
import { checkHealth } from './health';
import type { LiveConnection, LiveStatus } from './live-connection';
import { VISIBLE_RECONNECT_DELAY_MS, liveSocketUrl } from './policy';

export interface LiveContextValue {
  status: LiveStatus;
  /** Sends a frame when the socket is live; false otherwise. */
  send: (frame: ClientFrame) => boolean;
}

const LiveContext = createContext<LiveContextValue>({ status: 'idle', send: () => false });

export interface LiveProviderProps {
  children: ReactNode;
  /** Every server frame, in order. */
  onFrame: (frame: ServerFrame) => void;
  /** Called on each `auth_ok`; `reconnected` is false for the first one of this provider. */
  onLive?: (reconnected: boolean) => void;
  /** The newest notification id the client holds (sent with `auth` for the replay). */
  lastNotificationId?: () => number | undefined;
}

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/**
 * One notification socket per tab, shared by everything below through context. It connects
 * while someone is signed in and the page is visible; a change of user starts a new socket.
 */
export function LiveProvider({ children, onFrame, onLive, lastNotificationId }: LiveProviderProps) {
  const userId = useCurrentUserId();
  const [status, setStatus] = useState<LiveStatus>('idle');
  const connection = useRef<LiveConnection | null>(null);
  const handlers = useRef({ onFrame, onLive, lastNotificationId });
  useEffect(() => {
    handlers.current = { onFrame, onLive, lastNotificationId };
  });

  useEffect(() => {
    if (userId === null) return undefined;
    let wasLive = false;
    let live: LiveConnection | undefined;
    let ended = false;
    // Loaded on sign-in only: the connection parses frames with zod, which stays off the
    // first load of signed-out pages (issue 20, bundle budget).
    void import('./live-connection').then(({ LiveConnection: Connection }) => {
      if (ended) return;
      live = new Connection({
        url: () => liveSocketUrl(window.location),
        getToken: getAccessToken,
        refreshToken: async (stale) => (await refreshSession(stale))?.access ?? null,
        healthCheck: (signal) => checkHealth({ signal }),
        lastNotificationId: () => handlers.current.lastNotificationId?.(),
        onFrame: (frame) => {
          if (frame.type === 'auth_ok') {
            handlers.current.onLive?.(wasLive);
            wasLive = true;
          }
          handlers.current.onFrame(frame);
        },
        onStatus: setStatus,
      });
      connection.current = live;
      if (pageVisible()) live.start();
    });

    let visibleTimer: ReturnType<typeof setTimeout> | undefined;
    const onVisibility = () => {
      clearTimeout(visibleTimer);
      if (document.visibilityState === 'hidden') {
        live?.stop('idle');
      } else {
        visibleTimer = setTimeout(() => live?.start(), VISIBLE_RECONNECT_DELAY_MS);
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(visibleTimer);
      document.removeEventListener('visibilitychange', onVisibility);
      ended = true;
      live?.stop('idle');
      if (connection.current === live) connection.current = null;
    };
  }, [userId]);

  const value = useMemo<LiveContextValue>(
    () => ({
      status: userId === null ? 'idle' : status,
      send: (frame) => connection.current?.send(frame) ?? false,
    }),
    [status, userId],
  );
  return <LiveContext value={value}>{children}</LiveContext>;
}

export function useLive(): LiveContextValue {
  return useContext(LiveContext);
}

/** True while the socket is authenticated and delivering; the fallback polls stop then. */
function useIsLive(): boolean {
  return useLive().status === 'open';
}

/** A poll interval that only applies while the socket is not live (spec: never beside it). */
export function useFallbackPoll(intervalMs: number): number | false {
  return useIsLive() ? false : intervalMs;
}
