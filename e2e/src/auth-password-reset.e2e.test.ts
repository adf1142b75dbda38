import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  action,
  expectHomeScreen,
  expectStoredSession,
  loginThroughForm,
  profileOf,
} from './lib/app.ts';
import { useBrowser } from './lib/browser.ts';
import { expectPath, expectVisible } from './lib/expect.ts';
import { linkIn, newestMail } from './lib/mail.ts';
import { api, createUser, strongPassword, uniqueEmail, uniqueName } from './lib/server.ts';

const t = useBrowser();

const RESET_LINK = '/reset-password?token=';

function resetForm(page: Page) {
  return {
    password: page.getByLabel('New Password', { exact: true }),
    confirm: page.getByLabel('Confirm New Password', { exact: true }),
    submit: page.getByRole('button', { name: /reset password/i }),
  };
}

async function requestResetThroughForm(page: Page, email: string) {
  await page.goto('/forgot-password');
  await page.getByLabel(/^email/i).fill(email);
  const [sent] = await Promise.all([
    page.waitForResponse((res) => new URL(res.url()).pathname === '/api/auth/password-reset/'),
    page.getByRole('button', { name: 'Send reset link' }).click(),
  ]);
  expect(sent.ok()).toBe(true);
  // The answer arrives before the page re-renders: wait for the confirmation itself.
  await expectVisible(page.getByRole('heading', { name: 'Check your email' }));
}

describe('password reset', () => {
  it('resets the password through the mailed link and signs in with the new one', async () => {
    const { page } = t;
    const user = await createUser();
    const newPassword = strongPassword();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expectPath(page, '/forgot-password');
    await requestResetThroughForm(page, user.email);

    const link = linkIn(
      await newestMail(user.email, { containing: RESET_LINK }),
      '/reset-password',
    );
    await page.goto(link);

    const form = resetForm(page);
    await expectVisible(form.password);
    await expectVisible(form.confirm);
    await form.password.fill(newPassword);
    // 'New Password' has a strength indicator and a show toggle (spec 2.6).
    await expectVisible(page.getByRole('meter', { name: /password strength/i }));
    expect(await form.password.getAttribute('type')).toBe('password');
    await page
      .getByRole('button', { name: /show password/i })
      .first()
      .click();
    expect(await form.password.getAttribute('type')).toBe('text');
    expect(await form.password.inputValue()).toBe(newPassword);
    await form.confirm.fill(newPassword);
    await form.submit.click();

    const signIn = action(page, 'Sign In');
    await expectVisible(signIn);
    await signIn.first().click();
    await expectPath(page, '/login');

    await loginThroughForm(page, user.email, newPassword);
    await expectHomeScreen(page);
    const session = await expectStoredSession(page);
    expect((await profileOf(session.access)).id).toBe(user.id);

    // The old password is gone.
    const old = await api('POST', '/auth/token/', { email: user.email, password: user.password });
    expect(old.status).toBe(401);

    // The link works once: opening it again shows the invalid-link state.
    await page.goto(link);
    const again = action(page, 'Request New Reset Link');
    await expectVisible(again);
    await again.first().click();
    await expectPath(page, '/forgot-password');
  });

  it('answers an unknown address like a known one, and mails nobody', async () => {
    const { page } = t;
    const stranger = uniqueEmail(uniqueName('nobody'));
    const known = await createUser();

    await requestResetThroughForm(page, stranger);
    const strangerView = await page.locator('main').innerText();
    await requestResetThroughForm(page, known.email);
    await newestMail(known.email, { containing: RESET_LINK });
    expect(await page.locator('main').innerText()).toBe(strangerView);
    await expect(newestMail(stranger, { timeoutMs: 1_000 })).rejects.toThrow(/No mail/);
  });

  it('checks the new password on the client before sending it', async () => {
    const { page } = t;
    const user = await createUser();
    await requestResetThroughForm(page, user.email);
    const link = linkIn(
      await newestMail(user.email, { containing: RESET_LINK }),
      '/reset-password',
    );
    await page.goto(link);

    const form = resetForm(page);
    await expectVisible(form.password);
    await form.submit.click();
    await expectVisible(page.getByText('Please fill in all fields', { exact: true }));

    await form.password.fill('Short-1a');
    await form.confirm.fill('Short-1a');
    await form.submit.click();
    await expectVisible(page.getByText('Password must be at least 12 characters long'));

    const password = strongPassword();
    await form.password.fill(password);
    await form.confirm.fill(`${password}x`);
    await form.submit.click();
    await expectVisible(page.getByText('Passwords do not match'));

    // Nothing was changed: the old password still works.
    const still = await api('POST', '/auth/token/', { email: user.email, password: user.password });
    expect(still.status).toBe(200);
  });

  it('shows the invalid-link state without a token and for a made-up token', async () => {
    const { page } = t;
    await page.goto('/reset-password');
    await expectVisible(
      page.getByText('Invalid reset link. Please request a new password reset.', { exact: true }),
    );
    await expectVisible(action(page, 'Request New Reset Link'));

    await page.goto('/reset-password?token=not-a-real-token');
    await expectVisible(action(page, 'Request New Reset Link'));
    expect(await resetForm(page).password.count()).toBe(0);
  });

  it('validates the forgot-password form on the client', async () => {
    const { page } = t;
    await page.goto('/forgot-password');
    const send = page.getByRole('button', { name: 'Send reset link' });
    await send.click();
    await expectVisible(page.getByText('Please enter your email address', { exact: true }));
    await page.getByLabel(/^email/i).fill('no-at-sign.example.com');
    await send.click();
    await expectVisible(page.getByText('Please enter a valid email address', { exact: true }));
    await expectPath(page, '/forgot-password');
  });
});
