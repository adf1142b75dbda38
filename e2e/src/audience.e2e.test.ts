import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInUser } from './lib/app.ts';
import { storeSession, useBrowser } from './lib/browser.ts';
import { paidCreator, person, sql, topUpViaApi, type Person } from './lib/economy.ts';
import { expectHidden, expectVisible } from './lib/expect.ts';
import { api, uniqueName } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

const t = useBrowser();
const visitors = useOtherVisitors(t);

async function pageOf(who: Person): Promise<Page> {
  const page = await visitors.open();
  await storeSession(page, who.tokens);
  return page;
}

describe('what a subscription includes, and the audience a creator owns', () => {
  it('shows what you get, asks once to share the email, exports it and lets the fan withdraw', async () => {
    const { page } = t;
    const fan = await signedInUser(page);
    await topUpViaApi(fan.tokens.access, '20.00');
    const creator = await paidCreator({ price: '4.99', post: `For fans ${uniqueName('post')}` });

    // Before paying: the counts and what the price covers.
    await page.goto(`/profile/${creator.username}`);
    const panel = page.getByRole('region', { name: 'What you get', exact: true });
    await expectVisible(panel);
    const countOf = (label: string) =>
      panel.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
    await expect.poll(() => countOf('Posts').textContent()).toBe('1');
    await expect.poll(() => countOf('Subscriber-only posts').textContent()).toBe('1');
    await expect.poll(() => countOf('Photos').textContent()).toBe('0');
    await expectVisible(panel.getByText('The subscription opens 1 post.', { exact: true }));

    // Subscribing asks whether to share the email, off unless ticked.
    await page
      .getByRole('main')
      .getByRole('button', { name: 'Subscribe for $4.99/month', exact: true })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: `Subscribe to ${creator.username}` });
    const share = dialog.getByRole('checkbox', { name: /^Share my email with / });
    await expectVisible(share);
    expect(await share.isChecked()).toBe(false);
    await share.check();
    await dialog.getByRole('button', { name: 'Pay $4.99', exact: true }).click();
    await expectHidden(dialog);

    // The creator exports a CSV with the fan, active, $4.99 and the shared email.
    const creatorPage = await pageOf(creator);
    await creatorPage.goto('/wallet');
    const audience = creatorPage.getByRole('region', { name: 'Your audience', exact: true });
    const [download] = await Promise.all([
      creatorPage.waitForEvent('download'),
      audience.getByRole('button', { name: 'Export audience (CSV)', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^zura-audience-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await fs.readFile(await download.path(), 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('username,status,since,lifetime_spend,email');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${fan.username},active,[^,]+,4\\.99,${fan.email}$`));

    // The fan sees the share in Settings → Privacy and withdraws it.
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Privacy', exact: true }).click();
    const shares = page.getByRole('region', { name: 'Email shared with creators', exact: true });
    await expectVisible(shares.getByText(creator.username, { exact: true }));
    await shares
      .getByRole('button', {
        name: `Stop sharing your email with ${creator.username}`,
        exact: true,
      })
      .click();
    await expectVisible(
      shares.getByText('You do not share your email with any creator.', { exact: true }),
    );
  });

  it('asks beside the one-click free subscription too, and shares only when ticked', async () => {
    const { page } = t;
    const fan = await signedInUser(page);
    const creator = await person();
    await sql('update users set is_creator = true where id = $1', [creator.id]);
    await page.goto(`/profile/${creator.username}`);
    const share = page.getByRole('main').getByRole('checkbox', { name: /^Share my email with / });
    await expectVisible(share);
    expect(await share.isChecked()).toBe(false);
    await share.check();
    await page
      .getByRole('main')
      .getByRole('button', { name: 'Subscribe for free', exact: true })
      .first()
      .click();
    await expectVisible(page.getByRole('main').getByRole('link', { name: 'Subscribed' }).first());
    const shares = await api<{ creator_id: number }[]>(
      'GET',
      '/auth/email-shares/',
      undefined,
      fan.tokens.access,
    );
    expect(shares.body.map((row) => row.creator_id)).toEqual([creator.id]);
  });
});
