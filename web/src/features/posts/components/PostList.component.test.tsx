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
