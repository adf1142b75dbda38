import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, signIn } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { TwoFactorSwitch } from './TwoFactorSwitch';

const status = (emailVerified: boolean) => ({
  body: { enabled: false, recovery_codes_left: 0, email_verified: emailVerified },
});

describe('the two-factor switch', () => {
  it('cannot be switched on before the address is verified, says so and sends a new link', async () => {
    const api = fakeApi({
      'GET /auth/2fa/': status(false),
      'POST /auth/verify-email/resend/': {
        body: { message: 'If your address is not yet verified, a new link is on its way.' },
      },
    });
    signIn(3);
    const { user } = renderWithApp(<TwoFactorSwitch />);
    expect(
      await screen.findByText(
        'Verify your email address first: two-factor sign-in can be turned on only for a verified address.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Two-factor authentication' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Send a new verification link' }));
    expect(
      await screen.findByText('A new link is on its way to your address.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /auth/verify-email/resend/')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Send a new verification link' })).toBeDisabled();
  });

  it('opens the set-up once the address is verified', async () => {
    fakeApi({ 'GET /auth/2fa/': status(true) });
    signIn(3);
    const { user } = renderWithApp(<TwoFactorSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Two-factor authentication' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(screen.queryByRole('button', { name: 'Send a new verification link' })).toBeNull();
    await user.click(toggle);
    expect(
      await screen.findByRole('dialog', { name: 'Turn on two-factor authentication' }),
    ).toBeInTheDocument();
  });
});
