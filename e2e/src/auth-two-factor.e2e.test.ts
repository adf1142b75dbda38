import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { expectHomeScreen, expectStoredSession, loginThroughForm, profileOf } from './lib/app.ts';
import { readSession, storeSession, useBrowser } from './lib/browser.ts';
import { sql } from './lib/economy.ts';
import { expectPath, expectVisible } from './lib/expect.ts';
import { createUser, obtainTokens } from './lib/server.ts';

const t = useBrowser();

/** The code an authenticator app shows `steps` periods of 30 s from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

describe('two-factor sign-in', () => {
  it('is turned on in settings with the app’s code, then sign-in asks for a code', async () => {
    const { page } = t;
    const user = await createUser();
    await storeSession(page, await obtainTokens(user.email, user.password));

    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Account', exact: true }).click();
    const toggle = page.getByRole('switch', { name: 'Two-factor authentication', exact: true });
    // Not before the address is verified: someone who signed up with another person's address
    // must not put a second factor in front of its owner.
    await expectVisible(
      page.getByText(
        'Verify your email address first: two-factor sign-in can be turned on only for a verified address.',
      ),
    );
    expect(await toggle.isEnabled()).toBe(false);
    await expectVisible(page.getByRole('button', { name: 'Send a new verification link' }));
    await sql('UPDATE users SET email_verified_at = now() WHERE id = $1', [user.id]);
    await page.reload();
    await page.getByRole('tab', { name: 'Account', exact: true }).click();
    await expectVisible(toggle);
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    await toggle.click();

    const setup = page.getByRole('dialog', { name: 'Turn on two-factor authentication' });
    await setup.getByLabel('Password', { exact: true }).fill(user.password);
    await setup.getByRole('button', { name: 'Continue', exact: true }).click();
    await expectVisible(setup.getByRole('img', { name: 'QR code for your authenticator app' }));
    const secret = (await setup.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await setup.getByLabel('6-digit code', { exact: true }).fill(codeOf(secret));
    await setup.getByRole('button', { name: 'Turn on', exact: true }).click();
    const codes = setup.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    await setup.getByRole('button', { name: 'Done', exact: true }).click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await expectVisible(page.getByText(/10 recovery codes left/));

    // Signed out, the password alone no longer signs in: the code step follows.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await loginThroughForm(page, user.email, user.password);
    await expectVisible(page.getByRole('heading', { name: 'Two-factor sign-in' }));
    expect(await readSession(page)).toBeNull();
    const code = page.getByLabel('Code', { exact: true });
    await code.fill(codeOf(secret, -5));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectVisible(page.getByText('The code is not correct.', { exact: true }));
    expect(await readSession(page)).toBeNull();

    // The set-up used this step's code; the next step's is good.
    await code.fill(codeOf(secret, 1));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await expectHomeScreen(page);
    const session = await expectStoredSession(page);
    expect((await profileOf(session.access)).id).toBe(user.id);
    await expectPath(page, '/');
  });
});
