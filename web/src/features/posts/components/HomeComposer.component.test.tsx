import { screen } from '@testing-library/react';
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

  it('hands a file picked in the stand-in to the loaded composer', async () => {
    const { user } = renderHomeComposer();
    const photo = new File(['png bytes'], 'sea.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Image or video'), photo);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Post' })).toBeEnabled());
    expect(screen.getByRole('button', { name: /Remove/ })).toBeInTheDocument();
  });
});
