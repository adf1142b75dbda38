import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { readSession, storeSession } from './browser.ts';
import { expectPath, expectVisible } from './expect.ts';
import { api, createUser, obtainTokens, type TestUser, type Tokens } from './server.ts';

/** Locators and steps of the web app that several journeys share (texts from the spec). */

const SHELL_LINKS = [
  'Home',
  'Explore',
  'Notifications',
  'Messages',
  'Subscriptions',
  'Wallet',
] as const;

/** A sidebar/menu entry: the spec names the entries, and each is a link. */
export function navLink(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('link', { name, exact: true });
}

/** The shell's user menu trigger (bottom of the sidebar). */
export function userMenuButton(page: Page): Locator {
  return page.getByRole('button', { name: /user menu/i });
}

/** An element offered as a button or as a link (the spec says "button" for both). */
export function action(scope: Page | Locator, name: string | RegExp): Locator {
  const options = { name, exact: typeof name === 'string' };
  return scope.getByRole('button', options).or(scope.getByRole('link', options));
}

/** Waits for the signed-in shell: its navigation with every entry the spec lists. */
export async function expectShell(page: Page): Promise<void> {
  for (const name of SHELL_LINKS) await expectVisible(navLink(page, name));
  await expectVisible(userMenuButton(page));
}

/**
 * The home screen (spec 2.7) inside the shell: the search box and the post composer, loaded. The
 * composer's code loads on first intent behind a same-looking stand-in; the pointer moves over it
 * as a user's would, and the real one shows its Drafts link. A test that set files on the
 * stand-in's input as it was being replaced would set them on an element already gone.
 */
export async function expectHomeScreen(page: Page): Promise<void> {
  await expectPath(page, '/');
  await expectShell(page);
  await expectVisible(page.getByPlaceholder('search', { exact: true }));
  await expectVisible(page.getByPlaceholder('Compose new post...', { exact: true }));
  const composer = page.getByRole('region', { name: 'Create a post' });
  await composer.hover();
  await expectVisible(composer.getByRole('link', { name: 'Drafts', exact: true }));
}

export function loginForm(page: Page) {
  return {
    email: page.getByLabel(/^email/i),
    password: page.getByLabel(/^password$/i),
    submit: page.getByRole('button', { name: 'Login', exact: true }),
  };
}

/** Fills and submits the login form of the current page (which must be /login). */
export async function loginThroughForm(page: Page, email: string, password: string) {
  const form = loginForm(page);
  await expectVisible(page.getByRole('heading', { name: 'Welcome back' }));
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

/** A fresh user whose session is already stored in the page's origin. */
export async function signedInUser(page: Page): Promise<TestUser & { tokens: Tokens }> {
  const user = await createUser();
  const tokens = await obtainTokens(user.email, user.password);
  await storeSession(page, tokens);
  return { ...user, tokens };
}

/** The page's stored session, checked to be a token pair; returns it. */
export async function expectStoredSession(page: Page): Promise<Tokens> {
  const session = (await readSession(page)) as Partial<Tokens> | null;
  expect(session, 'localStorage "user" should hold the session').toMatchObject({
    access: expect.any(String),
    refresh: expect.any(String),
  });
  return session as Tokens;
}

/** Asks the server who an access token belongs to (GET /auth/profile/). */
export async function profileOf(access: string) {
  const res = await api<{ id: number; username: string; email: string; email_verified?: boolean }>(
    'GET',
    '/auth/profile/',
    undefined,
    access,
  );
  expect(res.status, `GET /auth/profile/ answered ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}
