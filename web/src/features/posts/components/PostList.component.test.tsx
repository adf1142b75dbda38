import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { postBody } from '../../../../test/fixtures';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { PostList } from './PostList';

const DELETE_PATH = 'DELETE /posts/31/';

async function openDeleteDialog() {
  signIn(7);
  const own = postBody({ id: 31, content: 'An old sketch' });
  const view = renderWithApp(<PostList posts={[own]} variant="profile" onUnlocked={vi.fn()} />);
  const opener = screen.getByRole('button', { name: 'Delete post' });
  await view.user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'Delete post' });
  return { ...view, opener, dialog };
}

describe('PostList delete confirmation', () => {
  it('asks first, and Escape closes it back to the delete button without deleting', async () => {
    const api = fakeApi();
    const { user, opener, dialog } = await openDeleteDialog();
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this post?');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('Cancel closes it too, without deleting', async () => {
    const api = fakeApi();
    const { user, opener, dialog } = await openDeleteDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('deletes the post on Delete and closes', async () => {
    const api = fakeApi({ [DELETE_PATH]: { status: 204 } });
    const { user, dialog } = await openDeleteDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(DELETE_PATH)).toHaveLength(1);
  });

  it('keeps the dialog open with the failure inside it', async () => {
    fakeApi({ [DELETE_PATH]: { status: 500 } });
    const { user, dialog } = await openDeleteDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to delete post. Please try again later.',
    );
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
  });
});

describe('PostList unlock prompt (spec: the feed asks for a post password in its own words)', () => {
  const PROMPT = 'Enter password to unlock this post:';
  const FAILED = 'Incorrect password or failed to unlock post.';
  const UNLOCK_PATH = 'POST /posts/61/unlock/';

  it("is a dialog titled with the spec's prompt, and says the spec's failure", async () => {
    const api = fakeApi({ [UNLOCK_PATH]: { status: 400, body: { error: 'Incorrect password' } } });
    signIn(7);
    const locked = postBody({
      id: 61,
      user_id: 3,
      can_delete: false,
      is_locked: true,
      content: '',
    });
    const { user } = renderWithApp(
      <PostList posts={[locked]} variant="feed" onUnlocked={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: 'Enter Password to Unlock' }));
    const dialog = await screen.findByRole('dialog', { name: PROMPT });
    expect(within(dialog).queryByText('Password Required')).not.toBeInTheDocument();

    // An empty password: the spec's one failure text, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(FAILED);
    expect(api.callsTo(UNLOCK_PATH)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    await vi.waitFor(() => expect(api.callsTo(UNLOCK_PATH)).toHaveLength(1));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FAILED);
  });
});
