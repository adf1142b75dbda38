import { CALL_RING_SECONDS, type CallSummary } from '@zura/contracts';
import { useSyncExternalStore } from 'react';

/** The call this tab shows in its overlay: started here, answered here, or joined from the chat. */
export interface ActiveCall {
  callId: number;
  roomId: string;
  otherId: number;
  otherName: string;
}

interface CallStoreState {
  /** A call ringing for this user, shown on whatever page is open. */
  incoming: CallSummary | null;
  active: ActiveCall | null;
  /** The newest state heard of each call, by id. */
  known: Readonly<Record<number, CallSummary>>;
}

/**
 * The app-wide call state (issue 32): one per tab, fed by the live socket's `call` frames and
 * this tab's own actions, read by the ringing overlay, the call overlay and the chat's chips.
 * Outside React so the live sync (not a component) can write to it.
 */
let state: CallStoreState = { incoming: null, active: null, known: {} };
const listeners = new Set<() => void>();

function set(next: Partial<CallStoreState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** Still ringing: answered, over or rung out it is not. */
function isRinging(call: CallSummary, now = Date.now()): boolean {
  return call.state === 'ringing' && now - Date.parse(call.started_at) < CALL_RING_SECONDS * 1000;
}

/** A call's new state, from a frame or an answer of ours. */
export function receiveCall(call: CallSummary, selfId: number | null): void {
  const incoming =
    call.callee_id === selfId && isRinging(call) && state.active?.callId !== call.id
      ? call
      : state.incoming?.id === call.id
        ? null
        : state.incoming;
  set({ incoming, known: { ...state.known, [call.id]: call } });
}

export function openCall(active: ActiveCall): void {
  set({
    active,
    incoming: state.incoming?.id === active.callId ? null : state.incoming,
  });
}

export function closeCall(): void {
  set({ active: null });
}

/** Stops ringing here (declined, rung out) without waiting for the server's frame. */
export function dismissIncoming(callId: number): void {
  if (state.incoming?.id === callId) set({ incoming: null });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The call ringing here now, outside React (the live sync's tests read it). */
export function incomingCall(): CallSummary | null {
  return state.incoming;
}

export function useCallStore<T>(select: (state: CallStoreState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(state),
  );
}
