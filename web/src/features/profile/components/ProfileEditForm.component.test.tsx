import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownProfileBody } from '../../../../test/fixtures';
import { fakeApi, signIn } from '../../../../test/network';
import { navigatedTo, renderWithApp } from '../../../../test/render';
import { ProfileEditForm } from './ProfileEditForm';
import { profileKeys } from '../../../lib/query-keys';

function renderEdit(profile = ownProfileBody()) {
  signIn(profile.id);
  const view = renderWithApp(<ProfileEditForm profile={profile} />, { route: '/profile/edit' });
  view.queryClient.setQueryData(profileKeys.own(), profile);
  return view;
}

describe('ProfileEditForm', () => {
  it('strips characters a username may not have from what is entered', async () => {
    fakeApi({ 'GET /auth/profile/': { body: ownProfileBody() } });
    const { user } = renderEdit();
    const username = screen.getByLabelText('Username');
    await user.clear(username);
    await user.paste('ann smith!#');
    expect(username).toHaveValue('annsmith');
  });

  it('saves the changes, leaves out empty links and goes to the profile', async () => {
    const api = fakeApi({
      'GET /auth/profile/': { body: ownProfileBody() },
      'PUT /auth/profile/': {
        body: ownProfileBody({ username: 'ann_m', bio: 'Painter of seas.' }),
      },
    });
    const { user } = renderEdit();
    await user.clear(screen.getByLabelText('Username'));
    await user.paste('ann_m');
    await user.click(screen.getByLabelText('Bio'));
    await user.paste(' of seas');
    await user.click(screen.getByLabelText('Website'));
    await user.paste('https://ann.example');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await navigatedTo()).toBe('/profile');
    const sent = api.callsTo('PUT /auth/profile/')[0]?.body;
    expect(sent).toMatchObject({
      username: 'ann_m',
      bio: 'Painter. of seas',
      social_links: { website: 'https://ann.example' },
    });
    expect(sent).not.toHaveProperty('instagram_url');
  });

  it('saves the default of the visible mark, said beside it to be no protection alone', async () => {
    const api = fakeApi({
      'GET /auth/profile/': { body: ownProfileBody() },
      'PUT /auth/profile/': { body: ownProfileBody({ visible_mark_default: true }) },
    });
    const { user } = renderEdit();
    const toggle = screen.getByRole('switch', {
      name: 'Visible mark on my gated images and videos',
    });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/can be cropped or blurred out/);
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await navigatedTo()).toBe('/profile');
    expect(api.callsTo('PUT /auth/profile/')[0]?.body).toMatchObject({
      visible_mark_default: true,
    });
  });

  it("lists the server's field errors and stays on the form", async () => {
    fakeApi({
      'GET /auth/profile/': { body: ownProfileBody() },
      'PUT /auth/profile/': {
        status: 400,
        body: { username: ['A user with that username already exists.'] },
      },
    });
    const { user } = renderEdit();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Validation errors:');
    expect(alert).toHaveTextContent('username: A user with that username already exists.');
    expect(screen.queryByTestId('navigated-to')).not.toBeInTheDocument();
  });

  it('says saving failed when the server breaks', async () => {
    fakeApi({
      'GET /auth/profile/': { body: ownProfileBody() },
      'PUT /auth/profile/': { status: 502 },
    });
    const { user } = renderEdit();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save profile changes. Please try again.',
    );
  });

  it('says on the lock toggle that subscribers keep access (issue 32)', () => {
    fakeApi({ 'GET /auth/profile/': { body: ownProfileBody() } });
    renderEdit();
    expect(screen.getByRole('switch', { name: 'Lock profile' })).toHaveAccessibleDescription(
      expect.stringContaining('Subscribers keep access; visitors need the password.') as string,
    );
  });
});
