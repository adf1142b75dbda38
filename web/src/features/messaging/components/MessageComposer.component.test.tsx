import { MESSAGE_MAX_LENGTH } from '@zura/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { useAttachmentUploads } from '../hooks';
import { MessageComposer } from './MessageComposer';

const SEND_PATH = 'POST /messaging/conversations/5/send_message/';

/** The composer as the conversation pane mounts it, with the real upload hook. */
function ComposerInPane({ canLock = false }: { canLock?: boolean }) {
  const uploads = useAttachmentUploads();
  return <MessageComposer conversationId={5} uploads={uploads} canLock={canLock} />;
}

function renderComposer(canLock = false) {
  signIn(7);
  const view = renderWithApp(<ComposerInPane canLock={canLock} />);
  const text = screen.getByPlaceholderText('Type a message...');
  const send = screen.getByRole('button', { name: 'Send' });
  return { ...view, text, send };
}

const sentMessage = (text: string) => ({
  id: 900,
  conversation_id: 5,
  text,
  created_at: new Date().toISOString(),
  sender: 7,
  sender_name: 'ann',
  is_locked: false,
  attachments: [],
});

describe('MessageComposer', () => {
  it('refuses a message over the length limit with the reason, and takes one at it', async () => {
    fakeApi();
    const { user, text, send } = renderComposer();
    await user.click(text);
    await user.paste('a'.repeat(MESSAGE_MAX_LENGTH + 1));
    expect(screen.getByRole('alert')).toHaveTextContent(
      `Messages can be at most ${MESSAGE_MAX_LENGTH} characters long.`,
    );
    expect(send).toBeDisabled();
    await user.keyboard('{Backspace}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(send).toBeEnabled();
  });

  it('counts the limit on the trimmed text, as the server does', async () => {
    fakeApi();
    const { user, text, send } = renderComposer();
    await user.click(text);
    await user.paste(`  ${'a'.repeat(MESSAGE_MAX_LENGTH)}  `);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(send).toBeEnabled();
  });

  it('sends the trimmed text on Enter and empties the box', async () => {
    const api = fakeApi({ [SEND_PATH]: { status: 201, body: sentMessage('See you at six') } });
    const { user, text } = renderComposer();
    await user.type(text, '  See you at six {Enter}');
    await vi.waitFor(() => expect(text).toHaveValue(''));
    expect(api.callsTo(SEND_PATH)[0]?.body).toMatchObject({
      text: 'See you at six',
      is_locked: false,
    });
  });

  it('keeps the text and says so when the message could not be sent', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({ [SEND_PATH]: { status: 503 } });
    const { user, text, send } = renderComposer();
    await user.type(text, 'Are you there?');
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Message could not be sent. Please try again.',
    );
    expect(text).toHaveValue('Are you there?');
  });

  it('says only that a blocked user cannot be messaged, with no "try again" (issue 32)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeApi({ [SEND_PATH]: { status: 403, body: { detail: 'You cannot message this user.' } } });
    const { user, text, send } = renderComposer();
    await user.type(text, 'Still there?');
    await user.click(send);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You cannot message this user.');
    expect(alert).not.toHaveTextContent(/try again/i);
  });

  it('lets a creator lock a message only at a valid price', async () => {
    const api = fakeApi({ [SEND_PATH]: { status: 201, body: sentMessage('Bonus clip') } });
    const { user, text, send } = renderComposer(true);
    await user.type(text, 'Bonus clip');
    await user.click(screen.getByRole('switch', { name: /Lock message/ }));
    const price = screen.getByLabelText('Unlock price (USD)');
    expect(price).toHaveValue('5.00');
    await user.clear(price);
    await user.type(price, '0.50');
    expect(send).toBeDisabled();
    await user.clear(price);
    await user.type(price, '7.50');
    await user.click(send);
    await vi.waitFor(() => expect(api.callsTo(SEND_PATH)).toHaveLength(1));
    expect(api.callsTo(SEND_PATH)[0]?.body).toMatchObject({ is_locked: true, price: '7.50' });
  });
});
