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

describe('Composer, the visible mark (issue 35)', () => {
  const LABEL = "Visible mark with the viewer's name";
  const paidCreator = (overrides: Parameters<typeof ownProfileBody>[0] = {}) =>
    ownProfileBody({ is_creator: true, subscription_price: '9.99', ...overrides });
  const sentField = (api: ReturnType<typeof fakeApi>) =>
    (api.callsTo('POST /posts/')[0]?.body as FormData | undefined)?.get('visible_mark');

  it("offers it on a paid creator's post with what it does and does not do, off by default", async () => {
    const api = fakeApi({
      'GET /auth/profile/': { body: paidCreator() },
      'POST /posts/': { status: 201, body: postBody() },
    });
    const { user, text, postButton } = renderComposer();
    const toggle = await screen.findByRole('switch', { name: LABEL });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      "A visible mark shows the viewer's name on your images and videos. It discourages sharing but can be cropped or blurred out; the invisible mark, on every paid copy, is what traces a leak.",
    );
    await user.click(toggle);
    expect(toggle).toBeChecked();
    await user.type(text, 'For subscribers');
    await user.click(postButton);
    await vi.waitFor(() => expect(sentField(api)).toBe('true'));
    // The form starts over following the default again.
    await vi.waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('starts from the default, sends false to turn it off, and nothing to follow it', async () => {
    const api = fakeApi({
      'GET /auth/profile/': { body: paidCreator({ visible_mark_default: true }) },
      'POST /posts/': { status: 201, body: postBody() },
    });
    const { user, text, postButton } = renderComposer();
    const toggle = await screen.findByRole('switch', { name: LABEL });
    expect(toggle).toBeChecked();
    await user.type(text, 'Following the default');
    await user.click(postButton);
    await vi.waitFor(() => expect(api.callsTo('POST /posts/')).toHaveLength(1));
    expect(sentField(api)).toBeNull();
    await vi.waitFor(() => expect(text).toHaveValue(''));
    await user.click(toggle);
    await user.type(text, 'Without it');
    await user.click(postButton);
    await vi.waitFor(() => expect(api.callsTo('POST /posts/')).toHaveLength(2));
    expect((api.callsTo('POST /posts/')[1]?.body as FormData).get('visible_mark')).toBe('false');
  });

  it('is not offered for a public post, and is once the post is locked', async () => {
    fakeApi({ 'GET /auth/profile/': { body: ownProfileBody() } });
    const { user } = renderComposer();
    await screen.findByLabelText('Lock this post with a password');
    expect(screen.queryByRole('switch', { name: LABEL })).toBeNull();
    await user.click(screen.getByLabelText('Lock this post with a password'));
    expect(screen.getByRole('switch', { name: LABEL })).toBeInTheDocument();
  });
});
