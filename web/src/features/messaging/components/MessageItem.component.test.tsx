import type { CallSummary } from '@zura/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import type { ChatMessage } from '../api';
import { MessageItem } from './MessageItem';

const FORGED = 'Your account is suspended: pay at evil.example';

function message(overrides: Partial<ChatMessage>): ChatMessage {
  return {
    id: 31,
    conversation_id: 5,
    text: FORGED,
    created_at: '2026-11-20T09:00:00.000Z',
    timestamp: '2026-11-20T09:00:00.000Z',
    sender: 8,
    sender_name: 'bea',
    has_media: false,
    is_locked: false,
    is_unlocked: false,
    price: 0,
    price_cents: 0,
    attachments: [],
    is_system: false,
    roomId: null,
    call: null,
    ...overrides,
  };
}

/** A call alice (8) placed to the viewer (7), announced by message 31. */
function call(overrides: Partial<CallSummary>): CallSummary {
  return {
    id: 4,
    conversation_id: 5,
    message_id: 31,
    room_id: 'room_7_8',
    caller_id: 8,
    caller_username: 'bea',
    callee_id: 7,
    state: 'ringing',
    started_at: new Date().toISOString(),
    answered_at: null,
    ended_at: null,
    duration_seconds: null,
    ...overrides,
  };
}

function announcement(callState: Partial<CallSummary> | null) {
  return message({
    is_system: true,
    roomId: 'room_7_8',
    call: callState === null ? null : call(callState),
  });
}

describe('MessageItem', () => {
  it('shows a system message as the call announcement in its own words, whatever its text', async () => {
    signIn(7);
    const onJoinCall = vi.fn();
    const { user } = renderWithApp(
      <MessageItem
        message={announcement({})}
        mine={false}
        conversationId={5}
        onJoinCall={onJoinCall}
      />,
    );
    expect(screen.getByText('📞 bea started a video call')).toBeTruthy();
    expect(screen.queryByText(FORGED)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Join the video call' }));
    expect(onJoinCall).toHaveBeenCalledWith(
      expect.objectContaining({ id: 4, room_id: 'room_7_8' }),
    );
  });

  it('shows an ended call with its length and a missed one as missed, neither with Join (issue 32)', () => {
    signIn(7);
    const view = renderWithApp(
      <MessageItem
        message={announcement({ state: 'ended', duration_seconds: 192 })}
        mine={false}
        conversationId={5}
        onJoinCall={() => undefined}
      />,
    );
    expect(screen.getByText('📞 Call ended · 3:12')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /join/i })).toBeNull();
    view.unmount();

    renderWithApp(
      <MessageItem
        message={announcement({ state: 'missed' })}
        mine={false}
        conversationId={5}
        onJoinCall={() => undefined}
      />,
    );
    expect(screen.getByText('📞 Missed call')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /join/i })).toBeNull();
  });

  it('shows a call that rang out as missed, and an announcement with no call state without Join', async () => {
    signIn(7);
    const longAgo = new Date(Date.now() - 61_000).toISOString();
    const view = renderWithApp(
      <MessageItem
        message={announcement({ started_at: longAgo })}
        mine={false}
        conversationId={5}
        onJoinCall={() => undefined}
      />,
    );
    expect(await screen.findByText('📞 Missed call')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /join/i })).toBeNull();
    view.unmount();

    renderWithApp(
      <MessageItem
        message={announcement(null)}
        mine={false}
        conversationId={5}
        onJoinCall={() => undefined}
      />,
    );
    expect(screen.getByText('📞 bea started a video call')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /join/i })).toBeNull();
  });

  it('shows a user’s message that reads like an announcement as their own bubble, with no Join', () => {
    signIn(7);
    renderWithApp(
      <MessageItem
        message={message({ text: '📞 bea started a video call', roomId: 'room_7_8' })}
        mine={false}
        conversationId={5}
        onJoinCall={() => undefined}
      />,
    );
    expect(screen.getByText('📞 bea started a video call')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /join/i })).toBeNull();
  });
});
