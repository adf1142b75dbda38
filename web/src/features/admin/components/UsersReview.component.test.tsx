import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { UsersReview } from './UsersReview';

const account = (twoFactor: boolean) => ({
  id: 42,
  username: 'locked_out',
  email: 'locked_out@example.com',
  is_admin: false,
  is_creator: false,
  suspended_at: null,
  suspension_reason: null,
  two_factor_enabled: twoFactor,
});

describe('the admin’s user list', () => {
  it('resets a user’s two-factor sign-in with a reason for the audit log', async () => {
    let twoFactor = true;
    const api = fakeApi({
      'GET /admin/users/?q=locked': () => ({ body: { results: [account(twoFactor)] } }),
      'POST /admin/users/42/2fa/reset/': () => {
        twoFactor = false;
        return { body: { message: 'done' } };
      },
    });
    signIn(1);
    const { user } = renderWithApp(<UsersReview />);
    await user.type(screen.getByLabelText('Username or email starts with'), 'locked');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const row = (await screen.findByText('locked_out')).closest('li') as HTMLElement;
    expect(within(row).getByText('Two-factor on')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Reset two-factor' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Reset the two-factor sign-in of locked_out',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    expect(
      within(dialog).getByText(
        'Give a reason: how you made sure the request comes from the owner.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /admin/users/42/2fa/reset/')).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText('Reason (for the audit log)'),
      'Identity checked on a video call.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-factor' }));
    expect(
      await screen.findByText(
        'Two-factor sign-in of locked_out is off, and the account is signed out everywhere.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /admin/users/42/2fa/reset/')[0]?.body).toEqual({
      reason: 'Identity checked on a video call.',
    });
    expect(screen.queryByRole('button', { name: 'Reset two-factor' })).toBeNull();
  });
});
