import { describe, expect, it } from 'vitest';
import { storeSession, useBrowser } from './lib/browser.ts';
import { paidCreator, person, sql, topUpViaApi, transactionsOf } from './lib/economy.ts';
import { expectPath, expectVisible } from './lib/expect.ts';
import { api } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

const t = useBrowser();
const visitors = useOtherVisitors(t);

describe('offers', () => {
  it('a creator makes a free-trial link; a fan opens it, starts the trial and is subscribed', async () => {
    const creator = await paidCreator({ price: '9.99' });
    const { page } = t;
    await storeSession(page, creator.tokens);
    await page.goto('/creator/offers');
    await expectVisible(page.getByRole('heading', { name: 'Offers', level: 1 }));
    const trialForm = page.getByRole('form', { name: 'Free-trial link' });
    await trialForm.getByLabel('Trial length (days)').fill('7');
    await trialForm.getByRole('button', { name: 'Create trial link' }).click();

    const offers = page.getByRole('list', { name: 'Your offers' }).getByRole('listitem');
    await expectVisible(offers.filter({ hasText: '7-day free trial' }));
    await expectVisible(offers.getByRole('button', { name: 'Copy link' }));
    const link = (await offers.first().getByTestId('offer-link').textContent()) ?? '';
    const linkPath = new URL(link).pathname;
    expect(linkPath).toMatch(/^\/offers\/[A-Za-z0-9_-]{22}$/);

    // The fan, in a browser of their own, opens the link.
    const fan = await person();
    const fanPage = await visitors.open();
    await storeSession(fanPage, fan.tokens);
    await fanPage.goto(linkPath);
    await expectVisible(fanPage.getByRole('heading', { name: 'Start your 7-day free trial' }));
    await expectVisible(fanPage.getByText('then $9.99/month, cancel any time', { exact: true }));
    await expectVisible(fanPage.getByRole('link', { name: `@${creator.username}` }));
    await fanPage.getByRole('button', { name: 'Start your 7-day free trial' }).click();

    await expectPath(fanPage, `/profile/${creator.username}`);
    await expectVisible(fanPage.getByRole('link', { name: 'Subscribed' }));
    const { rows } = await sql(
      'select is_trial, price_cents from subscriptions where fan_id = $1 and creator_id = $2',
      [fan.id, creator.id],
    );
    expect(rows).toEqual([{ is_trial: true, price_cents: 999 }]);
    await fanPage.goto('/subscriptions');
    await expectVisible(fanPage.getByText(/^Free trial, first charge \w{3} \d{1,2}, \d{4}$/));

    // The creator's list counts the claim.
    await page.reload();
    await expectVisible(offers.filter({ hasText: '1 claimed' }));
  });

  it("the profile's Subscribe button shows the discount and the dialog the bundles", async () => {
    const creator = await paidCreator({ price: '9.99' });
    const access = creator.tokens.access;
    const discount = await api(
      'POST',
      '/creator/offers/',
      { kind: 'discount', discount_percent: 50 },
      access,
    );
    expect(discount.status).toBe(201);
    const bundles = await api(
      'PUT',
      '/creator/bundles/',
      { bundles: [{ months: 3, discount_percent: 10 }] },
      access,
    );
    expect(bundles.status).toBe(200);

    const fan = await person();
    await topUpViaApi(fan.tokens.access, '50');
    const { page } = t;
    await storeSession(page, fan.tokens);
    await page.goto(`/profile/${creator.username}`);
    const subscribe = page.getByRole('button', {
      name: 'Subscribe: $5.00 for the first month, then $9.99',
    });
    await expectVisible(subscribe);
    await subscribe.click();
    const dialog = page.getByRole('dialog');
    const monthly = dialog.getByRole('radio', {
      name: '1 month: $5.00 for the first month, then $9.99/month',
    });
    await expectVisible(monthly);
    expect(await monthly.isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: '3 months: $26.97 (10% off)' }).check();
    await dialog.getByRole('button', { name: 'Pay $26.97' }).click();

    await expectVisible(page.getByRole('link', { name: 'Subscribed' }));
    const [line] = await transactionsOf(fan.tokens.access);
    expect(line).toMatchObject({
      kind: 'subscription',
      amount_cents: 2697,
      description: `Subscription to @${creator.username}, 3 months`,
    });
    await page.goto('/subscriptions');
    await expectVisible(page.getByText('$26.97 per 3 months', { exact: true }));
    await page.goto('/wallet');
    await expectVisible(page.getByText('Subscription, 3 months', { exact: true }));
  });
});
