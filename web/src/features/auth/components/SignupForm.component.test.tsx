import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../lib/session';
import { accessToken } from '../../../lib/test-helpers';
import { fakeApi } from '../../../../test/network';
import { navigatedTo, renderWithApp } from '../../../../test/render';
import { SignupForm } from './SignupForm';

const GOOD_PASSWORD = 'Tide-Pools-2026!';

interface Entry {
  username?: string;
  email?: string;
  password?: string;
  confirm?: string;
}

function renderSignup() {
  const view = renderWithApp(<SignupForm />, { route: '/signup' });
  const submit = screen.getByRole('button', { name: 'Sign Up' });
  const fill = async ({
    username = 'ann_m',
    email = 'ann@example.com',
    password = GOOD_PASSWORD,
    confirm = password,
  }: Entry) => {
    if (username) await view.user.type(screen.getByLabelText('Username'), username);
    if (email) await view.user.type(screen.getByLabelText('Email'), email);
    if (password) await view.user.type(screen.getByLabelText('Password'), password);
    if (confirm) await view.user.type(screen.getByLabelText('Confirm Password'), confirm);
  };
  return { ...view, submit, fill };
}

describe('SignupForm', () => {
  it('keeps Sign Up disabled until both passwords are filled and equal', async () => {
    fakeApi();
    const { submit, fill } = renderSignup();
    expect(submit).toBeDisabled();
    await fill({ confirm: 'Tide-Pools-2025!' });
    expect(screen.getByText('Passwords do not match')).toBeVisible();
    expect(submit).toBeDisabled();
  });

  it.each([
    [{ username: '' }, 'Please fill in all required fields'],
    [{ email: 'ann@example' }, 'Please enter a valid email address'],
    [{ email: 'ann@maildrop.cc' }, 'Disposable email addresses are not allowed.'],
    [{ password: 'short-1A!' }, 'Password must be at least 12 characters long'],
  ])("refuses %o with the spec's message before sending", async (entry, message) => {
    const api = fakeApi();
    const { user, submit, fill } = renderSignup();
    await fill(entry);
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(api.calls).toHaveLength(0);
  });

  it('signs up, then signs in with the same credentials', async () => {
    const pair = { access: accessToken(8, 60), refresh: 'refresh-8' };
    const api = fakeApi({
      'POST /auth/signup/': { status: 201, body: { username: 'ann_m', email: 'ann@example.com' } },
      'POST /auth/token/': { body: pair },
    });
    const { user, submit, fill } = renderSignup();
    await fill({});
    await user.click(submit);
    await vi.waitFor(() => expect(getSession()).toEqual(pair));
    expect(api.callsTo('POST /auth/signup/')[0]?.body).toMatchObject({
      username: 'ann_m',
      email: 'ann@example.com',
      password: GOOD_PASSWORD,
    });
    expect(api.callsTo('POST /auth/token/')[0]?.body).toEqual({
      email: 'ann@example.com',
      password: GOOD_PASSWORD,
    });
  });

  it("shows the server's field errors as 'field: messages' joined with '; '", async () => {
    fakeApi({
      'POST /auth/signup/': {
        status: 400,
        body: {
          username: ['A user with that username already exists.'],
          email: ['This email is already registered.'],
        },
      },
    });
    const { user, submit, fill } = renderSignup();
    await fill({});
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'username: A user with that username already exists.; email: This email is already registered.',
    );
  });

  it('sends the new user to the login screen when the automatic sign-in fails', async () => {
    fakeApi({
      'POST /auth/signup/': { status: 201, body: { username: 'ann_m', email: 'ann@example.com' } },
      'POST /auth/token/': { status: 503 },
    });
    const { user, submit, fill } = renderSignup();
    await fill({});
    await user.click(submit);
    expect(await navigatedTo()).toBe('/login');
  });
});
