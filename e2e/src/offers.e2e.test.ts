import { describe, expect, it } from 'vitest';
import { storeSession, useBrowser } from './lib/browser.ts';
import { paidCreator, person, sql } from './lib/economy.ts';
import { expectPath, expectVisible } from './lib/expect.ts';
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

    // The creator's list counts the claim.
    await page.reload();
    await expectVisible(offers.filter({ hasText: '1 claimed' }));
  });
});
