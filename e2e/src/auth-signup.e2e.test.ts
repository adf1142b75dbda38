import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHomeScreen, expectStoredSession, loginThroughForm, profileOf } from './lib/app.ts';
import { readSession, useBrowser } from './lib/browser.ts';
import { expectDisabled, expectPath, expectVisible } from './lib/expect.ts';
import { newestMail } from './lib/mail.ts';
import { api, createUser, strongPassword, uniqueEmail, uniqueName } from './lib/server.ts';

const t = useBrowser();

function signupForm(page: Page) {
  return {
    username: page.getByLabel(/^username$/i),
    email: page.getByLabel(/^email$/i),
    password: page.getByLabel(/^password$/i),
    confirm: page.getByLabel(/^confirm password$/i),
    submit: page.getByRole('button', { name: 'Sign Up', exact: true }),
  };
}

async function signUp(page: Page, values: { username: string; email: string; password: string }) {
  const form = signupForm(page);
  await form.username.fill(values.username);
  await form.email.fill(values.email);
  await form.password.fill(values.password);
  await form.confirm.fill(values.password);
  await form.submit.click();
}

describe('sign-up', () => {
  it('creates the account through /signup and lands signed in on the home screen', async () => {
    const { page } = t;
    const username = uniqueName('signup');
    const email = uniqueEmail(username);
    const password = strongPassword();

    await page.goto('/signup');
    await expectVisible(page.getByRole('heading', { name: 'Sign Up' }));
    await expectVisible(page.getByText('Create your account'));
    expect(await page.getByRole('link', { name: /login/i }).first().getAttribute('href')).toBe(
      '/login',
    );

    const form = signupForm(page);
    await expectDisabled(form.submit, true);
    await form.username.fill(username);
    await form.email.fill(email);
    await form.password.fill(password);
    // Only one password filled: still disabled.
    await expectDisabled(form.submit, true);
    await form.confirm.fill(`${password}x`);
    // Both filled but different: still disabled, and the mismatch is named.
    await expectDisabled(form.submit, true);
    await expectVisible(page.getByText('Passwords do not match', { exact: true }));
    await form.confirm.fill(password);
    await expectDisabled(form.submit, false);
    await form.submit.click();

    await expectHomeScreen(page);

    // Signed in for real: the stored session belongs to the new account.
    const session = await expectStoredSession(page);
    expect(await profileOf(session.access)).toMatchObject({ username, email });
  });

  it('sends a signed-in visitor of /signup to /', async () => {
    const { page } = t;
    const username = uniqueName('again');
    await page.goto('/signup');
    await signUp(page, { username, email: uniqueEmail(username), password: strongPassword() });
    await expectHomeScreen(page);

    await page.goto('/signup');
    await expectHomeScreen(page);
  });

  it("shows the server's field error when the username is taken", async () => {
    const { page } = t;
    const existing = await createUser();

    await page.goto('/signup');
    await signUp(page, {
      username: existing.username,
      email: uniqueEmail(uniqueName('other')),
      password: strongPassword(),
    });
    // Spec 8: server errors are shown as 'field: messages'.
    await expectVisible(page.getByText('username: A user with that username already exists.'));
    await expectPath(page, '/signup');
    expect(await readSession(page)).toBeNull();
  });

  it('answers an address that already has an account like a new one, and tells its owner', async () => {
    const { page } = t;
    const existing = await createUser();

    await page.goto('/signup');
    await signUp(page, {
      username: uniqueName('again'),
      email: existing.email,
      password: strongPassword(),
    });
    // Nothing names the address: the sign-up goes through as for a new one, and only the
    // automatic login with the stranger's password fails.
    await expectPath(page, '/login');
    await expectVisible(page.getByText('Registration successful! Please log in.', { exact: true }));
    expect(await readSession(page)).toBeNull();
    const notice = await newestMail(existing.email, { subject: 'tried to sign up' });
    expect(notice.text).toContain('No new account was made');

    // The owner's account is untouched.
    await loginThroughForm(page, existing.email, existing.password);
    await expectHomeScreen(page);
  });

  it('rejects missing fields and disposable addresses on the client', async () => {
    const { page } = t;
    const password = strongPassword();
    await page.goto('/signup');
    const form = signupForm(page);
    await form.email.fill(uniqueEmail());
    await form.password.fill(password);
    await form.confirm.fill(password);
    await form.submit.click();
    await expectVisible(page.getByText('Please fill in all required fields', { exact: true }));

    const username = uniqueName('disp');
    await form.username.fill(username);
    await form.email.fill(`${username}@maildrop.cc`);
    await form.submit.click();
    await expectVisible(
      page.getByText('Disposable email addresses are not allowed.', { exact: true }),
    );
    await expectPath(page, '/signup');
    // Nothing reached the server: the username is still free.
    const res = await api('POST', '/auth/token/', {
      email: `${username}@maildrop.cc`,
      password,
    });
    expect(res.status).toBe(401);
  });

  it('rates the password with the advisory strength meter (at most 3 tips)', async () => {
    const { page } = t;
    await page.goto('/signup');
    const form = signupForm(page);
    const meter = page.getByRole('meter', { name: /password strength/i });
    // The implementation names its tip list; the spec fixes only "at most 3 tips".
    const tips = page.getByRole('list', { name: /suggestions/i }).getByRole('listitem');

    // Three identical characters in a row cap the score at 10.
    await form.password.fill('aaa');
    await expectVisible(page.getByText(/Very Weak/));
    expect(Number(await meter.getAttribute('aria-valuenow'))).toBeLessThanOrEqual(10);
    await expectVisible(tips);
    expect(await tips.count()).toBeLessThanOrEqual(3);

    // 14 characters, all four classes, 14 distinct, no pattern: 100.
    await form.password.fill('Gx7#pLm2vQ9!rT');
    await expectVisible(page.getByText(/Very Strong/));
    expect(await meter.getAttribute('aria-valuenow')).toBe('100');
    // Advisory only: a weak but matching pair may still be submitted.
    await form.password.fill('abcabcabcabc');
    await form.confirm.fill('abcabcabcabc');
    await expectDisabled(form.submit, false);
  });

  it("goes to /login with 'Registration successful! Please log in.' when the automatic login fails", async () => {
    const { page } = t;
    const username = uniqueName('nologin');
    const email = uniqueEmail(username);
    const password = strongPassword();
    // The sign-up itself goes through; only the login after it fails.
    await page.route('**/api/auth/token/', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'Service unavailable' }),
      }),
    );
    await page.goto('/signup');
    await signUp(page, { username, email, password });

    await expectPath(page, '/login');
    await expectVisible(page.getByText('Registration successful! Please log in.', { exact: true }));
    expect(await readSession(page)).toBeNull();

    // The account exists: logging in through the form works once the server answers again.
    await page.unroute('**/api/auth/token/');
    await loginThroughForm(page, email, password);
    await expectHomeScreen(page);
  });
});
