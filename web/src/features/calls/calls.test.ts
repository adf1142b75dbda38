import { describe, expect, it, vi } from 'vitest';
import { formatCallDuration } from './call-timer';
import { acquireMedia, mediaErrorText } from './media';
import {
  iceTransportPolicyFor,
  isEndCallMessage,
  isInitiator,
  otherUserInRoom,
  parseRoomId,
  peerIdFor,
  roomIdFor,
} from './room';

describe('rooms and peers', () => {
  it('names the room by the smaller and the larger user id', () => {
    expect(roomIdFor(7, 3)).toBe('room_3_7');
    expect(roomIdFor(3, 7)).toBe('room_3_7');
    expect(peerIdFor('room_3_7', 7)).toBe('room_3_7_7');
  });

  it('reads a room back', () => {
    expect(parseRoomId('room_3_7')).toEqual([3, 7]);
    expect(parseRoomId('room_7_3')).toBeUndefined();
    expect(parseRoomId('room_3_3')).toBeUndefined();
    expect(parseRoomId('nope')).toBeUndefined();
    expect(otherUserInRoom('room_3_7', 3)).toBe(7);
    expect(otherUserInRoom('room_3_7', 7)).toBe(3);
    expect(otherUserInRoom('room_3_7', 5)).toBeUndefined();
  });

  it('lets the lower id place the call', () => {
    expect(isInitiator(3, 7)).toBe(true);
    expect(isInitiator(7, 3)).toBe(false);
  });

  it('goes relay-only when a TURN server is offered', () => {
    expect(iceTransportPolicyFor([])).toBe('all');
    expect(iceTransportPolicyFor([{ urls: ['stun:stun.example:3478'] }])).toBe('all');
    expect(iceTransportPolicyFor([{ urls: 'stun:a' }, { urls: ['turns:turn.example:5349'] }])).toBe(
      'relay',
    );
  });

  it('recognises the end-call message', () => {
    expect(isEndCallMessage({ type: 'end-call' })).toBe(true);
    expect(isEndCallMessage({ type: 'other' })).toBe(false);
    expect(isEndCallMessage('end-call')).toBe(false);
  });
});

function fakeStream(audio: number, video: number) {
  return {
    getAudioTracks: () => Array.from({ length: audio }, () => ({})),
    getVideoTracks: () => Array.from({ length: video }, () => ({})),
  } as unknown as MediaStream;
}

describe('media fall-back chain', () => {
  const empty = fakeStream(0, 0);

  it('takes audio and video when both are there', async () => {
    const getUserMedia = vi.fn(async () => fakeStream(1, 1));
    const media = await acquireMedia(getUserMedia, () => empty, 'Access denied');
    expect(media).toMatchObject({ audio: true, video: true });
    expect(media.warning).toBeUndefined();
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('falls back to audio only, then video only', async () => {
    const calls: MediaStreamConstraints[] = [];
    const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
      calls.push(constraints);
      if (constraints.video && constraints.audio) throw new Error('no camera');
      if (constraints.audio) throw new Error('no microphone');
      return fakeStream(0, 1);
    });
    const media = await acquireMedia(getUserMedia, () => empty, 'Access denied');
    expect(calls).toEqual([
      { audio: true, video: true },
      { audio: true, video: false },
      { audio: false, video: true },
    ]);
    expect(media).toMatchObject({ audio: false, video: true });
  });

  it('ends with an empty stream and the last error as the warning', async () => {
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    const media = await acquireMedia(getUserMedia, () => empty, 'Access denied');
    expect(media).toEqual({
      stream: empty,
      audio: false,
      video: false,
      warning: 'Permission denied',
    });
  });

  it('says Access denied when there is no media API or no message', async () => {
    expect((await acquireMedia(undefined, () => empty, 'Access denied')).warning).toBe(
      'Access denied',
    );
    expect(mediaErrorText(new Error(''), 'Access denied')).toBe('Access denied');
    expect(mediaErrorText('busy', 'Access denied')).toBe('busy');
  });
});

describe('call duration', () => {
  it('reads as minutes and seconds, with hours once past an hour', () => {
    expect(formatCallDuration(0)).toBe('0:00');
    expect(formatCallDuration(7_900)).toBe('0:07');
    expect(formatCallDuration(754_000)).toBe('12:34');
    expect(formatCallDuration(3_723_000)).toBe('1:02:03');
    expect(formatCallDuration(-5)).toBe('0:00');
  });
});
