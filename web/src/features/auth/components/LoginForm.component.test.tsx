import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getSession } from '../../../lib/session';
import { accessToken } from '../../../lib/test-helpers';
import { fakeApi } from '../../../../test/network';
import { renderWithApp } from '../../../../test/render';
import { LoginForm } from './LoginForm';

function renderLogin() {
  const view = renderWithApp(<LoginForm />, { route: '/login' });
  const email = screen.getByLabelText('Email');
  const password = screen.getByLabelText('Password');
  const submit = screen.getByRole('button', { name: 'Login' });
  return { ...view, email, password, submit };
}

describe('LoginForm', () => {
  it("asks for both fields with the spec's message and sends nothing", async () => {
    const api = fakeApi();
    const { user, email, submit } = renderLogin();
    await user.type(email, 'ann@example.com');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);
  });

  it('refuses an address without a dot after the at-sign', async () => {
    const api = fakeApi();
    const { user, email, password, submit } = renderLogin();
    await user.type(email, 'ann@example');
    await user.type(password, 'correct horse battery');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a valid email address',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('posts the trimmed credentials and stores the session it answers', async () => {
    const pair = { access: accessToken(7, 60), refresh: 'refresh-7' };
    const api = fakeApi({ 'POST /auth/token/': { body: pair } });
    const { user, email, password, submit } = renderLogin();
    await user.type(email, '  ann@example.com ');
    await user.type(password, 'correct horse battery');
    await user.click(submit);
    await vi.waitFor(() => expect(getSession()).toEqual(pair));
    expect(api.callsTo('POST /auth/token/')[0]?.body).toEqual({
      email: 'ann@example.com',
      password: 'correct horse battery',
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's detail when the credentials are refused", async () => {
    fakeApi({
      'POST /auth/token/': {
        status: 401,
        body: { detail: 'No active account found with the given credentials' },
      },
    });
    const { user, email, password, submit } = renderLogin();
    await user.type(email, 'ann@example.com');
    await user.type(password, 'wrong password!');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No active account found with the given credentials',
    );
    expect(getSession()).toBeNull();
  });

  it("falls back to the spec's message on a server failure without detail", async () => {
    fakeApi({ 'POST /auth/token/': { status: 500, body: 'Internal Server Error' } });
    const { user, email, password, submit } = renderLogin();
    await user.type(email, 'ann@example.com');
    await user.type(password, 'correct horse battery');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login failed. Please check your credentials.',
    );
  });
});
