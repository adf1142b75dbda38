import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInUser } from './lib/app.ts';
import { api, obtainTokens } from './lib/server.ts';
import { useBrowser } from './lib/browser.ts';
import { settingsOf } from './lib/economy.ts';
import { expectHidden, expectPath, expectVisible } from './lib/expect.ts';

const t = useBrowser();

/** The settings screen (/settings) once the settings have loaded. */
async function openSettings(page: Page) {
  await page.goto('/settings');
  await expectPath(page, '/settings');
  await expectVisible(page.getByRole('heading', { name: 'Settings', level: 1 }));
  const save = page.getByRole('button', { name: 'Save Changes', exact: true });
  await expectVisible(save);
  return {
    save,
    tab: (name: string) => page.getByRole('tab', { name, exact: true }),
    toggle: (name: string) => page.getByRole('switch', { name, exact: true }),
    select: (name: string) => page.getByLabel(name, { exact: true }),
    saved: (section: string) =>
      page.getByText(`${section} settings saved successfully!`, { exact: true }),
  };
}

/** Waits until the switch is on (true) or off (false). */
async function expectSwitch(toggle: Locator, on: boolean) {
  await expectVisible(toggle);
  await expect
    .poll(() => toggle.getAttribute('aria-checked'), { message: `${String(toggle)} on?` })
    .toBe(String(on));
}

/** Waits until the tab is the selected one. */
async function expectSelected(tab: Locator) {
  await expectVisible(tab);
  await expect
    .poll(() => tab.getAttribute('aria-selected'), { message: `${String(tab)} selected?` })
    .toBe('true');
}

describe('settings', () => {
  it('saves a notification toggle and the session timeout, which survive a reload', async () => {
    const { page } = t;
    const user = await signedInUser(page);
    const defaults = await settingsOf(user.tokens.access);
    expect(defaults).toMatchObject({ marketingEmails: false, sessionTimeout: 30 });

    let settings = await openSettings(page);
    for (const name of ['Notifications', 'Privacy', 'Content', 'Account']) {
      await expectVisible(settings.tab(name));
    }
    await expectSelected(settings.tab('Notifications'));

    // Notifications: marketing emails (off by default) switched on and saved.
    const marketing = settings.toggle('Marketing emails');
    await expectSwitch(marketing, false);
    await marketing.click();
    await expectSwitch(marketing, true);
    await settings.save.click();
    await expectVisible(settings.saved('Notifications'));

    // Account: two-factor is shown off (it has its own set-up); the session timeout becomes 2 hours.
    await settings.tab('Account').click();
    await expectSelected(settings.tab('Account'));
    // Switching tabs clears the other tab's message.
    await expectHidden(settings.saved('Notifications'));
    await expectSwitch(settings.toggle('Two-factor authentication'), false);
    const timeout = settings.select('Session timeout');
    expect(await timeout.inputValue()).toBe('30');
    const offered = await timeout.getByRole('option').allInnerTexts();
    expect(offered).toEqual(['15 minutes', '30 minutes', '60 minutes', '120 minutes', 'Never']);
    await timeout.selectOption({ label: '120 minutes' });
    await settings.save.click();
    await expectVisible(settings.saved('Account'));

    // The server has both, and nothing else changed.
    expect(await settingsOf(user.tokens.access)).toEqual({
      ...defaults,
      marketingEmails: true,
      sessionTimeout: 120,
    });

    // After a reload the form starts from the saved values.
    await page.reload();
    settings = await openSettings(page);
    await expectSwitch(settings.toggle('Marketing emails'), true);
    await expectSwitch(settings.toggle('Email notifications'), true);
    await settings.tab('Account').click();
    expect(await settings.select('Session timeout').inputValue()).toBe('120');
    expect(await settings.select('Language').inputValue()).toBe('en');
    expect(await settings.select('Timezone').inputValue()).toBe('UTC');
  });

  it("keeps unsaved changes across tabs, but saves only the current tab's settings", async () => {
    const { page } = t;
    const user = await signedInUser(page);
    const defaults = await settingsOf(user.tokens.access);
    expect(defaults).toMatchObject({
      newLikes: true,
      showEmail: false,
      profileVisibility: 'public',
    });

    const settings = await openSettings(page);
    // A change on Notifications, not saved...
    const newLikes = settings.toggle('New likes');
    await expectSwitch(newLikes, true);
    await newLikes.click();
    await expectSwitch(newLikes, false);

    // ...then Privacy is changed and saved.
    await settings.tab('Privacy').click();
    const showEmail = settings.toggle('Show email');
    await expectSwitch(showEmail, false);
    await showEmail.click();
    await settings.select('Profile visibility').selectOption({ label: 'Followers only' });
    await settings.save.click();
    await expectVisible(settings.saved('Privacy'));

    // Only the Privacy settings reached the server.
    expect(await settingsOf(user.tokens.access)).toEqual({
      ...defaults,
      showEmail: true,
      profileVisibility: 'followers',
    });

    // Back on Notifications, the unsaved change is still there; saving it now stores it.
    await settings.tab('Notifications').click();
    await expectSwitch(settings.toggle('New likes'), false);
    await settings.save.click();
    await expectVisible(settings.saved('Notifications'));
    expect(await settingsOf(user.tokens.access)).toEqual({
      ...defaults,
      showEmail: true,
      profileVisibility: 'followers',
      newLikes: false,
    });

    // Privacy after a reload shows what was saved.
    await page.reload();
    const again = await openSettings(page);
    await again.tab('Privacy').click();
    await expectSwitch(again.toggle('Show email'), true);
    expect(await again.select('Profile visibility').inputValue()).toBe('followers');
  });

  it('lists the signed-in devices, signs others out, and changes the password', async () => {
    const { page } = t;
    const user = await signedInUser(page);
    // Two more devices (signed in from a script: no browser to name) besides any sign-in made
    // while the account was set up.
    const tablet = await obtainTokens(user.email, user.password);
    const laptop = await obtainTokens(user.email, user.password);
    const profileStatus = async (access: string) =>
      (await api('GET', '/auth/profile/', undefined, access)).status;

    const settings = await openSettings(page);
    await settings.tab('Account').click();
    const devices = page.getByRole('region', { name: 'Signed-in devices' });
    await expectVisible(devices.getByText('This device', { exact: true }));
    const rows = devices.getByRole('listitem');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
    const others = (await rows.count()) - 1;

    // "Everywhere else" asks first, then ends every other device at once.
    await devices.getByRole('button', { name: 'Sign out everywhere else', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out everywhere else' });
    await expectVisible(
      confirm.getByText(`Sign out the ${others} other devices?`, { exact: false }),
    );
    await confirm.getByRole('button', { name: 'Sign out everywhere else', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await profileStatus(tablet.access)).toBe(401);
    expect(await profileStatus(laptop.access)).toBe(401);
    expect(await profileStatus(user.tokens.access)).toBe(200);

    // One more device, signed out on its own.
    const phone = await obtainTokens(user.email, user.password);
    await page.reload();
    await openSettings(page);
    await settings.tab('Account').click();
    await expect.poll(() => rows.count()).toBe(2);
    await devices.getByRole('button', { name: 'Sign out Unknown device', exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await profileStatus(phone.access)).toBe(401);
    expect(await profileStatus(user.tokens.access)).toBe(200);

    // A password change needs the current password, and signs the other devices out.
    const other = await obtainTokens(user.email, user.password);
    const password = page.getByRole('region', { name: 'Change password' });
    const newPassword = 'a-whole-new-password-42';
    await password.getByLabel('Current password', { exact: true }).fill('not-my-password-at-all');
    await password.getByLabel('New password', { exact: true }).fill(newPassword);
    await password.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await password.getByRole('button', { name: 'Change password', exact: true }).click();
    await expectVisible(
      password.getByText('The current password is not correct.', { exact: true }),
    );
    expect(await profileStatus(other.access)).toBe(200);

    await password.getByLabel('Current password', { exact: true }).fill(user.password);
    await password.getByRole('button', { name: 'Change password', exact: true }).click();
    await expectVisible(
      password.getByText(
        'Your password has been changed. Your other devices have been signed out.',
        { exact: true },
      ),
    );
    expect(await profileStatus(other.access)).toBe(401);
    expect(await profileStatus(user.tokens.access)).toBe(200);
    expect((await obtainTokens(user.email, newPassword)).access).toEqual(expect.any(String));
  });

  it('deletes the account and says so on the login page it lands on (issue 32)', async () => {
    const { page } = t;
    const user = await signedInUser(page);
    const settings = await openSettings(page);
    await settings.tab('Account').click();
    await page.getByRole('button', { name: 'Delete account', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete account' });
    await confirm.getByRole('button', { name: 'Delete account', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete account' });
    await dialog.getByLabel('Password', { exact: true }).fill(user.password);
    await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();

    await expectPath(page, '/login');
    await expectVisible(
      page.getByText('Your account has been deleted. You can sign up again at any time.', {
        exact: true,
      }),
    );
    const gone = await api('POST', '/auth/token/', { email: user.email, password: user.password });
    expect(gone.status).toBe(401);
  });
});
