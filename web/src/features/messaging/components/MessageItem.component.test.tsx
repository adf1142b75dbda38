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
    conversationId: 5,
    text: FORGED,
    createdAt: '2026-11-20T09:00:00.000Z',
    senderId: 8,
    senderName: 'bea',
    hasMedia: false,
    isLocked: false,
    isUnlocked: false,
    priceCents: 0,
    attachments: [],
    isSystem: false,
    roomId: null,
    ...overrides,
  };
}

describe('MessageItem', () => {
  it('shows a system message as the call announcement in its own words, whatever its text', async () => {
    signIn(7);
    const onJoinCall = vi.fn();
    const { user } = renderWithApp(
      <MessageItem
        message={message({ isSystem: true, roomId: 'room_7_8' })}
        mine={false}
        conversationId={5}
        onJoinCall={onJoinCall}
      />,
    );
    expect(screen.getByText('📞 bea started a video call')).toBeTruthy();
    expect(screen.queryByText(FORGED)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Join the video call' }));
    expect(onJoinCall).toHaveBeenCalledWith('room_7_8');
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
