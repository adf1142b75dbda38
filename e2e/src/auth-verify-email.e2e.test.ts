import { describe, expect, it } from 'vitest';
import { action, expectHomeScreen, signedInUser } from './lib/app.ts';
import { useBrowser } from './lib/browser.ts';
import { expectHidden, expectPath, expectVisible } from './lib/expect.ts';
import { linkIn, newestMail } from './lib/mail.ts';
import { api, createUser, obtainTokens } from './lib/server.ts';

const t = useBrowser();

const VERIFY_LINK = '/verify-email?token=';

async function emailVerified(email: string, password: string): Promise<boolean | undefined> {
  const { access } = await obtainTokens(email, password);
  const res = await api<{ email_verified?: boolean }>('GET', '/auth/profile/', undefined, access);
  return res.body.email_verified;
}

describe('email verification', () => {
  it('verifies the address through the link from the sign-up mail', async () => {
    const { page } = t;
    const user = await createUser();
    const link = linkIn(await newestMail(user.email, { containing: VERIFY_LINK }), '/verify-email');
    expect(await emailVerified(user.email, user.password)).toBe(false);

    await page.goto(link);
    const signIn = action(page, 'Sign In');
    await expectVisible(signIn);
    await expectVisible(action(page, 'Go to Home'));
    expect(await emailVerified(user.email, user.password)).toBe(true);

    await signIn.first().click();
    await expectPath(page, '/login');

    // The link works once: a second visit shows the server's error.
    const token = new URL(link).searchParams.get('token');
    const reused = await api<{ error?: string }>('POST', '/auth/verify-email/', { token });
    expect(reused.status).toBe(400);
    await page.goto(link);
    await expectVisible(
      page.getByText(reused.body.error ?? 'Verification failed', { exact: true }),
    );
    await expectHidden(action(page, 'Sign In'), 1_000);
  });

  it('shows the error state for a bogus token, with Go to Home only', async () => {
    const { page } = t;
    const bogus = 'bogus-token-that-was-never-issued';
    // Spec 8: the page shows the server's error text.
    const answer = await api<{ error?: string }>('POST', '/auth/verify-email/', { token: bogus });
    expect(answer.status).toBe(400);
    const error = answer.body.error;
    expect(error).toEqual(expect.any(String));

    await page.goto(`/verify-email?token=${bogus}`);
    const goHome = action(page, 'Go to Home');
    await expectVisible(goHome);
    await expectVisible(page.getByText(error ?? '', { exact: true }));
    await expectHidden(action(page, 'Sign In'), 1_000);

    // Signed out, "home" is guarded: it ends on the login screen.
    await goHome.first().click();
    await expectPath(page, '/login');
  });

  it("says 'Invalid verification link' without a token", async () => {
    const { page } = t;
    await page.goto('/verify-email');
    await expectVisible(page.getByText('Invalid verification link', { exact: true }));
    await expectVisible(action(page, 'Go to Home'));
  });

  it('Go to Home leads a signed-in user to the home screen', async () => {
    const { page } = t;
    const user = await signedInUser(page);
    const link = linkIn(await newestMail(user.email, { containing: VERIFY_LINK }), '/verify-email');
    await page.goto(link);
    await expectVisible(action(page, 'Sign In'));
    await action(page, 'Go to Home').first().click();
    await expectHomeScreen(page);
  });
});
