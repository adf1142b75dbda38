import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ownProfileBody } from '../../../../test/fixtures';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { HomeComposer } from './HomeComposer';

function renderHomeComposer() {
  signIn(7);
  fakeApi({ 'GET /auth/profile/': { body: ownProfileBody() } });
  return renderWithApp(<HomeComposer />);
}

describe('HomeComposer (the composer loaded on first intent)', () => {
  it('hands the text typed in the stand-in and its focus to the loaded composer', async () => {
    const { user } = renderHomeComposer();
    // The stand-in's Post button stays disabled; the loaded composer's enables with text.
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
    await user.type(screen.getByLabelText('Post text'), 'Sunrise');
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled());
    const text = screen.getByLabelText('Post text');
    expect(text).toHaveFocus();
    await user.type(text, ' over the bay');
    expect(text).toHaveValue('Sunrise over the bay');
  });

  it('loads the composer for a file set on the stand-in without a click (a drop on the input)', async () => {
    renderHomeComposer();
    const photo = new File(['png bytes'], 'sea.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Image or video'), { target: { files: [photo] } });
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled());
    expect(screen.getByRole('button', { name: /Remove/ })).toBeInTheDocument();
  });

  it('takes files dropped on the stand-in', async () => {
    renderHomeComposer();
    const photo = new File(['png bytes'], 'sea.png', { type: 'image/png' });
    const region = screen.getByRole('region', { name: 'Create a post' });
    const dropped = fireEvent.drop(region, { dataTransfer: { files: [photo] } });
    expect(dropped).toBe(false);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled());
    expect(screen.getByRole('button', { name: /Remove/ })).toBeInTheDocument();
  });

  it('keeps the stand-in while its file dialog is open, so the files picked are not lost', async () => {
    renderHomeComposer();
    const standInInput = screen.getByLabelText('Image or video');
    // The dialog opens; the real composer finishes loading while it is open.
    fireEvent.click(standInInput);
    await act(() => import('./Composer'));
    expect(screen.getByLabelText('Image or video')).toBe(standInInput);
    const photo = new File(['png bytes'], 'sea.png', { type: 'image/png' });
    fireEvent.change(standInInput, { target: { files: [photo] } });
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled());
    expect(screen.getByRole('button', { name: /Remove/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Image or video')).not.toBe(standInInput);
  });

  it('swaps in the real composer when the file dialog is cancelled', async () => {
    renderHomeComposer();
    const standInInput = screen.getByLabelText('Image or video');
    fireEvent.click(standInInput);
    await act(() => import('./Composer'));
    expect(screen.getByLabelText('Image or video')).toBe(standInInput);
    fireEvent(standInInput, new Event('cancel'));
    await vi.waitFor(() => expect(screen.getByLabelText('Image or video')).not.toBe(standInInput));
    expect(screen.getByRole('button', { name: 'Post' })).toBeDisabled();
  });
});
