import Mic from 'lucide-react/icons/mic';
import MicOff from 'lucide-react/icons/mic-off';
import PhoneOff from 'lucide-react/icons/phone-off';
import Video from 'lucide-react/icons/video';
import VideoOff from 'lucide-react/icons/video-off';
import Volume2 from 'lucide-react/icons/volume-2';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { cn } from '../../ui/cn';
import { CALL_RING_SECONDS } from '@zura/contracts';
import { endCall } from './api';
import { receiveCall, useCallStore } from './call-store';
import { useCallDuration } from './call-timer';
import { useVideoCall, type CallPhase } from './use-video-call';

export interface CallOverlayProps {
  /** The call's id on the server: its state ends the overlay when the call is over. */
  callId: number;
  roomId: string;
  selfId: number;
  otherId: number;
  otherName: string;
  /** The overlay is done (ended here, or closed after it ended or failed). */
  onClose: () => void;
}

interface StreamVideoProps {
  stream: MediaStream | null;
  label: string;
  testId: string;
  muted?: boolean;
  mirrored?: boolean;
  className?: string;
  /** Playback with sound was refused by the browser's autoplay rules. */
  onSoundBlocked?: () => void;
}

/** A <video> showing a MediaStream. */
function StreamVideo({
  stream,
  label,
  testId,
  muted = false,
  mirrored = false,
  className,
  onSoundBlocked,
}: StreamVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    if (!stream) return;
    video.play().catch(() => {
      if (video.muted) return;
      // Autoplay with sound refused: play muted and offer a button to turn sound on.
      video.muted = true;
      onSoundBlocked?.();
      void video.play().catch(() => undefined);
    });
  }, [stream, onSoundBlocked]);
  return (
    <video
      ref={ref}
      data-testid={testId}
      aria-label={label}
      autoPlay
      playsInline
      muted={muted}
      className={cn('bg-slate-900', mirrored && '-scale-x-100', className)}
    />
  );
}

interface ControlButtonProps {
  label: string;
  onClick: () => void;
  active: boolean;
  danger?: boolean;
  children: ReactNode;
}

function ControlButton({ label, onClick, active, danger = false, children }: ControlButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex size-14 items-center justify-center rounded-full transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
        danger
          ? 'bg-red-600 text-white hover:bg-red-700'
          : active
            ? 'bg-white/15 text-white hover:bg-white/25'
            : 'bg-white text-slate-900 hover:bg-slate-200',
      )}
    >
      {children}
    </button>
  );
}

function statusText(phase: CallPhase): 'connecting' | 'waiting' | 'failed' | 'ended' | null {
  switch (phase) {
    case 'connecting':
      return 'connecting';
    case 'waiting':
      return 'waiting';
    case 'error':
      return 'failed';
    case 'disconnected':
    case 'ended':
      return 'ended';
    default:
      return null;
  }
}

/**
 * Spec §2 video call overlay: the other user's video, this user's video in a corner, the
 * state ('Connecting to call...', "Waiting for other user's video...", 'Could not connect to
 * call', 'Call ended'), and Mute/Unmute, Turn off/on camera and End call. Loaded lazily, so
 * PeerJS stays out of the main bundle.
 */
export default function CallOverlay({
  callId,
  roomId,
  selfId,
  otherId,
  otherName,
  onClose,
}: CallOverlayProps) {
  const { t } = useTranslation();
  const {
    state: callState,
    toggleAudio,
    toggleVideo,
    hangUp,
  } = useVideoCall({
    roomId,
    selfId,
    otherId,
    accessDenied: t('calls.accessDenied'),
    callId,
  });
  // Declined, rung out or hung up on another device: the server's word ends it here too.
  const serverCall = useCallStore((store) => store.known[callId]);
  const endedOnServer = serverCall?.state === 'ended' || serverCall?.state === 'missed';
  const state = endedOnServer
    ? { ...callState, phase: 'ended' as const, remoteStream: null }
    : callState;
  useEffect(() => {
    if (endedOnServer) hangUp();
  }, [endedOnServer, hangUp]);
  // A tab closed in a call hangs up, so the chat does not offer Join on a call nobody is in.
  useEffect(() => {
    const leave = () => void endCall(callId, true).catch(() => undefined);
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [callId]);
  // The caller stops ringing the other side once the ring time is up: the call is missed.
  const ringingSince = serverCall?.state === 'ringing' ? serverCall.started_at : null;
  const callerSide = serverCall?.caller_id === selfId;
  useEffect(() => {
    if (!ringingSince || !callerSide) return undefined;
    const left = Date.parse(ringingSince) + CALL_RING_SECONDS * 1000 - Date.now();
    const timer = setTimeout(
      () => {
        void endCall(callId)
          .then((call) => receiveCall(call, selfId))
          .catch(() => undefined);
      },
      Math.max(0, left),
    );
    return () => clearTimeout(timer);
  }, [ringingSince, callerSide, callId, selfId]);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const [onSoundBlocked] = useState(() => () => setSoundBlocked(true));
  const remoteRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const status = statusText(state.phase);
  const duration = useCallDuration(state.phase);
  const over = state.phase === 'error' || state.phase === 'disconnected' || state.phase === 'ended';

  useEffect(() => {
    dialogRef.current?.focus();
  }, []);

  const hangUpHere = () => {
    hangUp();
    // The server records the end (with the call's length) and tells the other side.
    void endCall(callId)
      .then((call) => receiveCall(call, selfId))
      .catch((error: unknown) => console.warn('Ending the call failed:', error));
    onClose();
  };

  const enableSound = () => {
    const video = remoteRef.current?.querySelector('video');
    if (video) {
      video.muted = false;
      void video.play().catch(() => undefined);
    }
    setSoundBlocked(false);
  };

  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={t('calls.title', { username: otherName })}
      tabIndex={-1}
      className="fixed inset-0 z-50 flex flex-col bg-slate-950 text-white focus:outline-none"
    >
      <header className="flex items-center justify-between gap-4 border-b border-white/10 px-4 py-3">
        <p className="min-w-0 truncate font-semibold">{otherName}</p>
        {duration !== null && (
          <span
            role="timer"
            aria-label={t('calls.duration', { duration })}
            className="shrink-0 font-mono text-sm text-slate-300 tabular-nums"
          >
            {duration}
          </span>
        )}
      </header>
      <div ref={remoteRef} className="relative min-h-0 flex-1">
        <StreamVideo
          stream={state.remoteStream}
          label={t('calls.remoteVideo')}
          testId="remote-video"
          className="size-full object-contain"
          onSoundBlocked={onSoundBlocked}
        />

        {status && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 bg-slate-950/70 px-6 text-center">
            {(status === 'connecting' || status === 'waiting') && (
              <Spinner className="size-8 text-violet-300" />
            )}
            <p role="status" className="text-lg font-semibold">
              {t(`calls.${status}`)}
            </p>
            {over && (
              <Button variant="inverse" onClick={onClose}>
                {t('calls.close')}
              </Button>
            )}
          </div>
        )}

        <div className="absolute top-4 end-4 start-4 space-y-2">
          {state.mediaWarning && (
            <p
              role="alert"
              className="rounded-xl bg-amber-500/90 px-3.5 py-2 text-sm font-medium text-slate-950"
            >
              {t('calls.mediaWarning', { error: state.mediaWarning })}
            </p>
          )}
          {state.trackError && (
            <p
              role="alert"
              className="rounded-xl bg-red-600/90 px-3.5 py-2 text-sm font-medium text-white"
            >
              {t(
                state.trackError.kind === 'audio'
                  ? 'calls.enableAudioFailed'
                  : 'calls.enableVideoFailed',
                { error: state.trackError.message },
              )}
            </p>
          )}
          {soundBlocked && (
            <Button variant="inverse" size="sm" onClick={enableSound}>
              <Volume2 className="size-4" aria-hidden />
              {t('calls.enableSound')}
            </Button>
          )}
        </div>

        <div className="absolute end-4 bottom-4 aspect-video w-36 overflow-hidden rounded-xl shadow-lg ring-2 ring-white/20 sm:w-56">
          <StreamVideo
            stream={state.localStream}
            label={t('calls.localVideo')}
            testId="local-video"
            muted
            mirrored
            className="size-full object-cover"
          />
          {!state.videoOn && (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-slate-800 text-xs text-slate-300">
              <VideoOff className="size-5" aria-hidden />
              {t('calls.cameraIsOff')}
            </div>
          )}
        </div>
      </div>

      <div
        role="group"
        aria-label={t('calls.controls')}
        className="flex items-center justify-center gap-4 border-t border-white/10 px-4 py-4"
      >
        <ControlButton
          label={state.audioOn ? t('calls.mute') : t('calls.unmute')}
          onClick={toggleAudio}
          active={state.audioOn}
        >
          {state.audioOn ? <Mic className="size-6" /> : <MicOff className="size-6" />}
        </ControlButton>
        <ControlButton
          label={state.videoOn ? t('calls.cameraOff') : t('calls.cameraOn')}
          onClick={toggleVideo}
          active={state.videoOn}
        >
          {state.videoOn ? <Video className="size-6" /> : <VideoOff className="size-6" />}
        </ControlButton>
        <ControlButton label={t('calls.end')} onClick={hangUpHere} active danger>
          <PhoneOff className="size-6" />
        </ControlButton>
      </div>
    </div>
  );
}
