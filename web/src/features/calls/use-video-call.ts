import Peer, { type CallOption, type DataConnection, type MediaConnection } from 'peerjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-errors';
import { requestCallTicket } from './api';
import { acquireMedia, mediaErrorText } from './media';
import {
  CALL_TIMINGS,
  END_CALL_MESSAGE,
  iceTransportPolicyFor,
  isEndCallMessage,
  isInitiator,
  peerIdFor,
} from './room';

/**
 * Spec §4 call states, with `waiting` split from `connecting` (signalling is up, the other
 * side's video has not arrived) and `ended` for a call the other side ended on purpose.
 */
export type CallPhase = 'connecting' | 'waiting' | 'connected' | 'error' | 'disconnected' | 'ended';

export interface CallState {
  phase: CallPhase;
  localStream: MediaStream | null;
  remoteStream: MediaStream | null;
  audioOn: boolean;
  videoOn: boolean;
  /** The camera/microphone error when the call goes ahead without either. */
  mediaWarning: string | null;
  /** A track that could not be switched on. */
  trackError: { kind: 'audio' | 'video'; message: string } | null;
}

const INITIAL: CallState = {
  phase: 'connecting',
  localStream: null,
  remoteStream: null,
  audioOn: false,
  videoOn: false,
  mediaWarning: null,
  trackError: null,
};

/** Errors after which the peer cannot be used; the others are retried or reconnected. */
const SIGNALLING_ERRORS = new Set(['network', 'disconnected', 'socket-error', 'socket-closed']);
const MAX_SIGNALLING_RECONNECTS = 5;

/** Offer to receive both kinds even when this side sends neither (the empty-stream case). */
const CALL_OPTIONS = {
  constraints: { offerToReceiveAudio: true, offerToReceiveVideo: true },
} as CallOption;

interface Session {
  disposed: boolean;
  /** Ended here or by the other side: no more dialling, reconnecting or state changes. */
  finished: boolean;
  peer: Peer | null;
  call: MediaConnection | null;
  data: Set<DataConnection>;
  stream: MediaStream | null;
  timers: Set<ReturnType<typeof setTimeout>>;
}

function stopTracks(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** Tells the other side the call was ended on purpose, then tears everything down. */
function finish(session: Session): void {
  session.finished = true;
  for (const timer of session.timers) clearTimeout(timer);
  session.timers.clear();
  for (const connection of session.data) {
    if (connection.open) {
      try {
        void connection.send(END_CALL_MESSAGE);
      } catch {
        // closing anyway
      }
    }
  }
  stopTracks(session.stream);
  const { peer } = session;
  // Give the message a moment to leave before the connections close.
  setTimeout(() => peer?.destroy(), CALL_TIMINGS.hangUpFlushMs);
}

export interface VideoCallOptions {
  roomId: string;
  selfId: number;
  otherId: number;
  /** The text of a media failure without a message (spec: 'Access denied'). */
  accessDenied: string;
  /** The call being joined: the server refuses a ticket once it is over. */
  callId?: number;
}

/**
 * A two-person PeerJS call in a room (spec §4/§7): media with the fall-back chain, a ticket
 * for this user's peer id, the lower user id dialling 2 s after joining (again 3 s after
 * `peer-unavailable`, and 3 s after a dropped call), the other side answering, signalling
 * reconnects, and a data connection that carries the "end call" message.
 */
export function useVideoCall({ roomId, selfId, otherId, accessDenied, callId }: VideoCallOptions) {
  const [state, setState] = useState<CallState>(INITIAL);
  const sessionRef = useRef<Session | null>(null);

  useEffect(() => {
    const session: Session = {
      disposed: false,
      finished: false,
      peer: null,
      call: null,
      data: new Set(),
      stream: null,
      timers: new Set(),
    };
    sessionRef.current = session;
    const initiator = isInitiator(selfId, otherId);
    const remotePeerId = peerIdFor(roomId, otherId);
    let dialPending = false;
    let signallingReconnects = 0;

    const update = (patch: Partial<CallState> | ((state: CallState) => Partial<CallState>)) => {
      if (session.disposed) return;
      setState((current) => ({
        ...current,
        ...(typeof patch === 'function' ? patch(current) : patch),
      }));
    };
    const later = (task: () => void, ms: number) => {
      const timer = setTimeout(() => {
        session.timers.delete(timer);
        if (!session.disposed && !session.finished) task();
      }, ms);
      session.timers.add(timer);
    };

    const endedByOtherSide = () => {
      if (session.finished) return;
      const call = session.call;
      session.call = null;
      finish(session);
      call?.close();
      update({ phase: 'ended', remoteStream: null });
    };

    const wireData = (connection: DataConnection) => {
      session.data.add(connection);
      connection.on('data', (data) => {
        if (isEndCallMessage(data)) endedByOtherSide();
      });
      connection.on('close', () => session.data.delete(connection));
      connection.on('error', () => session.data.delete(connection));
    };

    const scheduleDial = (ms: number) => {
      if (!initiator || dialPending) return;
      dialPending = true;
      later(() => {
        dialPending = false;
        dial();
      }, ms);
    };

    const wireCall = (call: MediaConnection) => {
      const previous = session.call;
      session.call = call;
      if (previous && previous !== call) previous.close();
      let hadStream = false;
      call.on('stream', (remote) => {
        if (session.call !== call || session.finished) return;
        hadStream = true;
        update({ phase: 'connected', remoteStream: remote });
      });
      call.on('close', () => {
        if (session.call !== call) return;
        session.call = null;
        if (session.finished) return;
        if (hadStream) {
          // Dropped (not ended on purpose: that comes as a data message first).
          update((current) => ({
            remoteStream: null,
            phase: current.phase === 'error' ? 'error' : 'disconnected',
          }));
          scheduleDial(CALL_TIMINGS.redialDelayMs);
        } else {
          scheduleDial(CALL_TIMINGS.retryDelayMs);
        }
      });
      call.on('error', (error) => {
        console.warn('Video call:', error.type, error.message);
        if (session.call === call && !session.finished) update({ phase: 'error' });
      });
    };

    function dial() {
      const { peer, stream } = session;
      if (!peer || peer.destroyed || !stream) return;
      if (peer.disconnected) {
        scheduleDial(CALL_TIMINGS.retryDelayMs);
        return;
      }
      // A call that never connected (the other side was not there yet) is replaced.
      const stale = session.call;
      session.call = null;
      stale?.close();
      const call = peer.call(remotePeerId, stream, CALL_OPTIONS);
      if (!call) {
        scheduleDial(CALL_TIMINGS.retryDelayMs);
        return;
      }
      wireCall(call);
      if (![...session.data].some((connection) => connection.open)) {
        for (const connection of session.data) connection.close();
        session.data.clear();
        const connection = peer.connect(remotePeerId, { reliable: true });
        if (connection) wireData(connection);
      }
    }

    const reconnectSignalling = (peer: Peer) => {
      if (signallingReconnects >= MAX_SIGNALLING_RECONNECTS) return;
      signallingReconnects += 1;
      later(() => {
        if (!peer.destroyed && peer.disconnected) peer.reconnect();
      }, CALL_TIMINGS.signallingReconnectMs * signallingReconnects);
    };

    const start = async () => {
      const media = await acquireMedia(
        navigator.mediaDevices?.getUserMedia
          ? (constraints) => navigator.mediaDevices.getUserMedia(constraints)
          : undefined,
        () => new MediaStream(),
        accessDenied,
      );
      if (session.disposed) {
        stopTracks(media.stream);
        return;
      }
      session.stream = media.stream;
      update({
        localStream: media.stream,
        audioOn: media.audio,
        videoOn: media.video,
        mediaWarning: media.warning ?? null,
      });

      const ticket = await requestCallTicket(roomId, callId);
      if (session.disposed || session.finished) return;
      const secure = window.location.protocol === 'https:';
      const peer = new Peer(ticket.peer_id, {
        host: window.location.hostname,
        port: Number(window.location.port) || (secure ? 443 : 80),
        path: ticket.path,
        secure,
        key: ticket.key,
        token: ticket.token,
        debug: 0,
        config: {
          iceServers: ticket.ice_servers,
          iceTransportPolicy: iceTransportPolicyFor(ticket.ice_servers),
        },
      });
      session.peer = peer;
      let opened = false;

      peer.on('open', () => {
        opened = true;
        signallingReconnects = 0;
        if (session.finished) return;
        update((current) => (current.phase === 'connecting' ? { phase: 'waiting' } : {}));
        if (!session.call) scheduleDial(CALL_TIMINGS.startDelayMs);
      });
      peer.on('call', (call) => {
        if (session.finished || !session.stream) {
          call.close();
          return;
        }
        call.answer(session.stream);
        wireCall(call);
      });
      peer.on('connection', wireData);
      peer.on('disconnected', () => {
        if (!session.finished && !peer.destroyed) reconnectSignalling(peer);
      });
      peer.on('error', (error) => {
        if (session.disposed || session.finished) return;
        if (error.type === 'peer-unavailable') {
          scheduleDial(CALL_TIMINGS.retryDelayMs);
          return;
        }
        if (opened && SIGNALLING_ERRORS.has(error.type)) {
          // The media may still flow; signalling comes back by itself or by reconnecting.
          if (peer.disconnected && !peer.destroyed) reconnectSignalling(peer);
          return;
        }
        console.warn('Video call:', error.type, error.message);
        update({ phase: 'error' });
      });
    };

    start().catch((error: unknown) => {
      // 409: the call is over (ended or missed) before this side got in: nobody will come.
      if (error instanceof ApiError && error.status === 409) {
        finish(session);
        update({ phase: 'ended' });
        return;
      }
      console.warn('Video call setup failed:', error);
      update({ phase: 'error' });
    });

    return () => {
      if (!session.finished) finish(session);
      session.disposed = true;
      if (sessionRef.current === session) sessionRef.current = null;
    };
  }, [roomId, selfId, otherId, accessDenied, callId]);

  const toggleTrack = useCallback(
    async (kind: 'audio' | 'video') => {
      const session = sessionRef.current;
      const stream = session?.stream;
      if (!session || !stream || session.finished) return;
      const key = kind === 'audio' ? 'audioOn' : 'videoOn';
      const track = kind === 'audio' ? stream.getAudioTracks()[0] : stream.getVideoTracks()[0];
      if (track) {
        track.enabled = !track.enabled;
        setState((current) => ({ ...current, [key]: track.enabled, trackError: null }));
        return;
      }
      // The call started without this kind: ask for it now.
      try {
        const fresh = await navigator.mediaDevices.getUserMedia({ [kind]: true });
        const added = fresh.getTracks()[0];
        if (!added) throw new Error(accessDenied);
        if (session.disposed || session.finished) {
          added.stop();
          return;
        }
        stream.addTrack(added);
        // Sent at once where the connection already has a sending slot of this kind; else
        // it is shown here and goes out with the next (re)dial.
        const transceiver = session.call?.peerConnection
          ?.getTransceivers()
          .find(
            (item) =>
              item.receiver.track.kind === kind &&
              !item.sender.track &&
              (item.currentDirection === 'sendrecv' || item.currentDirection === 'sendonly'),
          );
        await transceiver?.sender.replaceTrack(added);
        setState((current) => ({ ...current, [key]: true, trackError: null }));
      } catch (error) {
        setState((current) => ({
          ...current,
          trackError: { kind, message: mediaErrorText(error, accessDenied) },
        }));
      }
    },
    [accessDenied],
  );

  /** Ends the call on both sides. */
  const hangUp = useCallback(() => {
    const session = sessionRef.current;
    if (session && !session.finished) finish(session);
  }, []);

  return {
    state,
    toggleAudio: () => void toggleTrack('audio'),
    toggleVideo: () => void toggleTrack('video'),
    hangUp,
  };
}
