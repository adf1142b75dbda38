import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { userMenuButton } from './lib/app.ts';
import { storeSession, useBrowser } from './lib/browser.ts';
import { paidCreator, person, subscribeViaApi, topUpViaApi } from './lib/economy.ts';
import { expectVisible } from './lib/expect.ts';
import { baseUrl } from './lib/server.ts';

const t = useBrowser();

/** POST /api/tips/ as the fan, with its Idempotency-Key. */
async function tipViaApi(access: string, creatorId: number, amount: string): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/tips/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${access}`,
      'Idempotency-Key': randomUUID(),
    },
    body: JSON.stringify({ creator_id: creatorId, amount }),
  });
  expect(res.status, await res.text()).toBe(201);
}

describe('earnings analytics', () => {
  it('shows a creator the figures, the charts and the top fan, and downloads the CSV', async () => {
    const { page } = t;
    const creator = await paidCreator({ price: '4.99' });
    const fan = await person();
    await topUpViaApi(fan.tokens.access, '20.00');
    await subscribeViaApi(fan.tokens.access, creator.id);
    await tipViaApi(fan.tokens.access, creator.id, '3.00');

    // From the user menu, where creators find their tools.
    await storeSession(page, creator.tokens);
    await page.goto('/');
    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Analytics', exact: true }).click();
    await page.waitForURL('**/creator/analytics');
    await expectVisible(page.getByRole('heading', { name: 'Earnings analytics', exact: true }));

    // $4.99 + $3.00 paid, $0.50 + $0.30 fee: $7.19 net; one new subscriber.
    const figures = page.getByRole('definition');
    await expectVisible(figures.getByText('$7.19', { exact: true }));
    await expectVisible(figures.getByText('$7.99 paid by fans, less $0.80 platform fee'));
    await expectVisible(figures.getByText('1', { exact: true }));
    await expectVisible(
      page.getByRole('img', {
        name: 'Bar chart of net revenue by source: $7.19 in all; Subscriptions $4.49, Tips $2.70, Messages $0.00, Post unlocks $0.00.',
        exact: true,
      }),
    );
    await expectVisible(
      page.getByRole('img', { name: 'Bar chart of subscribers: 1 gained, 0 lost.', exact: true }),
    );
    const fans = page.getByRole('list', { name: 'Top fans', exact: true });
    await expectVisible(fans.getByText(fan.username, { exact: true }));
    await expectVisible(fans.getByText('$7.99', { exact: true }));

    // The 12 months preset asks again, by month, with the same totals.
    await page.getByRole('button', { name: '12 months', exact: true }).click();
    await expect
      .poll(() =>
        page.getByRole('button', { name: '12 months', exact: true }).getAttribute('aria-pressed'),
      )
      .toBe('true');
    // The last figures stay on screen until the new answer arrives (keepPreviousData): the
    // table's first column says Month only once the monthly answer is drawn, then its one
    // bucket and the headline hold the same $7.19.
    await page.getByText('Show the figures as a table', { exact: true }).click();
    const table = page.getByRole('table');
    await expectVisible(table.getByRole('columnheader', { name: 'Month', exact: true }));
    await expectVisible(table.getByRole('cell', { name: '$7.19', exact: true }));
    await expectVisible(figures.getByText('$7.19', { exact: true }));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^zura-earnings-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const lines = (await fs.readFile(await download.path(), 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe('day,source,count,gross,fee,net');
    const today = new Date().toISOString().slice(0, 10);
    expect(lines).toContain(`${today},tips,1,3.00,0.30,2.70`);
    expect(lines).toContain(`${today},subscriptions,1,4.99,0.50,4.49`);
  });
});
