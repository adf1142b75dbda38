import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ownProfileBody, postBody } from '../../../../test/fixtures';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { Composer } from './Composer';

function renderComposer() {
  signIn(7);
  const view = renderWithApp(<Composer />);
  const text = screen.getByLabelText('Post text');
  const postButton = screen.getByRole('button', { name: 'Post' });
  return { ...view, text, postButton };
}

const photo = () => new File(['png bytes'], 'sea.png', { type: 'image/png' });

describe('Composer', () => {
  it('enables Post only once there is text that is not blank', async () => {
    fakeApi({ 'GET /auth/profile/': { body: ownProfileBody() } });
    const { user, text, postButton } = renderComposer();
    expect(postButton).toBeDisabled();
    await user.type(text, '   ');
    expect(postButton).toBeDisabled();
    await user.type(text, 'Sunrise');
    expect(postButton).toBeEnabled();
  });

  it('sends the text and empties the form after the post is made', async () => {
    const api = fakeApi({
      'GET /auth/profile/': { body: ownProfileBody() },
      'POST /posts/': { status: 201, body: postBody({ content: 'Sunrise over the bay' }) },
    });
    const { user, text, postButton } = renderComposer();
    await user.type(text, 'Sunrise over the bay');
    await user.click(postButton);
    await vi.waitFor(() => expect(text).toHaveValue(''));
    const sent = api.callsTo('POST /posts/')[0]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('content')).toBe('Sunrise over the bay');
    expect(postButton).toBeDisabled();
  });

  it('lets a picked photo alone make a post, and removing it disables Post again', async () => {
    fakeApi({ 'GET /auth/profile/': { body: ownProfileBody() } });
    const { user, postButton } = renderComposer();
    await user.upload(screen.getByLabelText('Image or video'), photo());
    expect(postButton).toBeEnabled();
    const preview = screen.getByRole('region', { name: 'Create a post' });
    await user.click(within(preview).getByRole('button', { name: /Remove/ }));
    expect(postButton).toBeDisabled();
  });

  it('asks for a password, then a matching confirmation, before a locked post goes out', async () => {
    const api = fakeApi({ 'GET /auth/profile/': { body: ownProfileBody() } });
    const { user, text, postButton } = renderComposer();
    await user.type(text, 'For my fans');
    await user.click(screen.getByLabelText('Lock this post with a password'));
    await user.click(postButton);
    expect(await screen.findByText('Please enter a password to lock this post.')).toBeVisible();
    await user.type(screen.getByLabelText('Password'), 'seashell');
    await user.type(screen.getByLabelText('Confirm password'), 'seashelf');
    expect(await screen.findByText('Passwords do not match.')).toBeVisible();
    await user.click(postButton);
    expect(api.callsTo('POST /posts/')).toHaveLength(0);
  });

  it("shows the spec's failure with the server's field message on a second line", async () => {
    fakeApi({
      'GET /auth/profile/': { body: ownProfileBody() },
      'POST /posts/': {
        status: 400,
        body: { password: ['Ensure this field has at least 4 characters.'] },
      },
    });
    const { user, text, postButton } = renderComposer();
    await user.type(text, 'Sunrise');
    await user.click(postButton);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create post. Please try again.');
    expect(alert).toHaveTextContent('Ensure this field has at least 4 characters.');
    expect(text).toHaveValue('Sunrise');
  });
});

describe('Composer, selling a post', () => {
  it('tells the creator that fans on a free trial pay the full price', async () => {
    fakeApi({ 'GET /auth/profile/': { body: ownProfileBody({ is_creator: true }) } });
    const { user } = renderComposer();
    await user.click(await screen.findByLabelText('Sell this post'));
    const subscribers = screen.getByRole('group', { name: 'Your subscribers' });
    expect(
      within(subscribers).getByText(
        'Fans on a free trial pay the full price until their trial converts.',
      ),
    ).toBeVisible();
  });
});
