import { describe, expect, it } from 'vitest';
import { storeSession, useBrowser } from './lib/browser.ts';
import { adminPerson, person } from './lib/economy.ts';
import { expectVisible } from './lib/expect.ts';
import { api } from './lib/server.ts';

const t = useBrowser();

describe('moderation at /admin', () => {
  it('finds an account, suspends it with a reason, lifts it, and the audit log says so', async () => {
    const { page } = t;
    const admin = await adminPerson();
    const member = await person();
    await storeSession(page, admin.tokens);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Users', exact: true }).click();

    await page.getByLabel('Username or email starts with', { exact: true }).fill(member.username);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const row = page
      .getByRole('list', { name: 'Accounts found', exact: true })
      .getByRole('listitem')
      .filter({ hasText: member.email });
    await row.getByRole('button', { name: 'Suspend', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: `Suspend ${member.username}` });
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expectVisible(
      dialog.getByText('Give a reason: the account owner is shown it.', { exact: true }),
    );
    await dialog.getByLabel('Reason (shown to the account owner)').fill('Selling stolen content.');
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await expectVisible(row.getByText('Suspended: Selling stolen content.', { exact: true }));

    // The member is signed out at once and told why at the next sign-in.
    expect((await api('GET', '/auth/profile/', undefined, member.tokens.access)).status).toBe(401);
    const signIn = await api<{ detail: string }>('POST', '/auth/token/', {
      email: member.email,
      password: member.password,
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.detail).toBe(
      'This account has been suspended. Reason: Selling stolen content.',
    );

    await row.getByRole('button', { name: 'Lift suspension', exact: true }).click();
    await page
      .getByRole('dialog', { name: `Lift the suspension of ${member.username}` })
      .getByRole('button', { name: 'Lift suspension', exact: true })
      .click();
    await expect.poll(() => row.getByText(/^Suspended:/).count()).toBe(0);
    const again = await api('POST', '/auth/token/', {
      email: member.email,
      password: member.password,
    });
    expect(again.status).toBe(200);

    await page.getByRole('tab', { name: 'Audit log', exact: true }).click();
    const log = page.getByRole('list', { name: 'Audit log', exact: true });
    await expectVisible(
      log.getByText(`${admin.username}: suspended an account (user #${member.id})`, {
        exact: true,
      }),
    );
    await expectVisible(
      log.getByText(`${admin.username}: lifted a suspension (user #${member.id})`, {
        exact: true,
      }),
    );
  });
});
