import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInUser } from './lib/app.ts';
import { storeSession, useBrowser } from './lib/browser.ts';
import { postsOfUser } from './lib/content.ts';
import {
  feeSplit,
  paidCreator,
  topUpViaApi,
  transactionsOf,
  walletOf,
  type Person,
} from './lib/economy.ts';
import { expectHidden, expectPath, expectVisible } from './lib/expect.ts';
import { api, uniqueName } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

const t = useBrowser();
const visitors = useOtherVisitors(t);

/** The wallet screen (/wallet) once its balance has loaded. */
async function openWallet(page: Page) {
  await page.goto('/wallet');
  await expectPath(page, '/wallet');
  await expectVisible(page.getByRole('heading', { name: 'Wallet', level: 1 }));
  const balance = page.getByRole('region', { name: 'Balance', exact: true });
  // The card shows a skeleton until the amount is known.
  await expectVisible(balance.getByText(/^-?\$\d+\.\d{2}$/));
  const topUp = page.getByRole('region', { name: 'Add funds', exact: true });
  return {
    balance,
    earnings: page.getByRole('region', { name: 'Earnings', exact: true }),
    amount: topUp.getByLabel('Amount (USD)', { exact: true }),
    topUpButton: topUp.getByRole('button', { name: 'Top up', exact: true }),
    topUp,
    transactions: page
      .getByRole('list', { name: 'Transactions', exact: true })
      .getByRole('listitem'),
  };
}

/** A history row of the wallet: its kind (first line) and the other party. */
function transaction(rows: Locator, kind: string, counterparty?: string): Locator {
  let row = rows.filter({ has: rows.page().getByText(kind, { exact: true }) });
  if (counterparty) row = row.filter({ hasText: counterparty });
  return row;
}

/** The posts of a profile page. */
function profilePosts(page: Page): Locator {
  return page.getByRole('list', { name: 'Posts', exact: true }).getByRole('listitem');
}

/** A page signed in as `who` in a browser context of its own. */
async function pageOf(who: Person): Promise<Page> {
  const page = await visitors.open();
  await storeSession(page, who.tokens);
  return page;
}

const UTC_SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

describe('wallet and subscriptions', () => {
  it('tops up $20 in test mode, subscribes to a paid creator and sees the gated post open', async () => {
    const { page } = t;
    const fan = await signedInUser(page);
    const secret = `Only for subscribers ${uniqueName('gated')}`;
    const creator = await paidCreator({ price: '4.99', post: secret });

    // The wallet says plainly that no real money moves, and starts empty.
    let wallet = await openWallet(page);
    const testMode = page.getByRole('note').filter({ hasText: 'Test mode: no real money' });
    await expectVisible(testMode);
    await expectVisible(
      testMode.getByText('Top-ups are credited at once and no card is charged.', { exact: true }),
    );
    await expectVisible(wallet.balance.getByText('$0.00', { exact: true }));
    await expectVisible(page.getByText('No transactions yet.', { exact: true }));
    // A fan has no earnings card and no payouts.
    expect(await wallet.earnings.count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Request a payout' }).count()).toBe(0);

    // $20 is no preset: the custom amount.
    for (const preset of ['$10.00', '$25.00', '$50.00', '$100.00']) {
      await expectVisible(wallet.topUp.getByRole('button', { name: preset, exact: true }));
    }
    await wallet.amount.fill('20');
    await wallet.topUpButton.click();
    await expectVisible(wallet.topUp.getByText('Added $20.00 to your wallet.', { exact: true }));
    await expectVisible(wallet.balance.getByText('$20.00', { exact: true }));
    const topUpRow = transaction(wallet.transactions, 'Wallet top-up');
    await expectVisible(topUpRow);
    await expectVisible(topUpRow.getByText('+$20.00', { exact: true }));
    // A top-up is no payment: no fee split.
    expect(await topUpRow.getByLabel('Fee split').count()).toBe(0);
    await expect.poll(() => wallet.amount.inputValue()).toBe('');
    expect(await walletOf(fan.tokens.access)).toMatchObject({
      balance_cents: 2000,
      earnings_cents: 0,
      test_mode: true,
    });

    // The creator's post is gated: the price, and nothing of the text.
    await page.goto(`/profile/${creator.username}`);
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: creator.username, level: 1 }));
    const post = profilePosts(page).first();
    await expectVisible(
      post.getByText(`Subscribe to ${creator.username} to see this post.`, { exact: true }),
    );
    const subscribeOnPost = post.getByRole('button', {
      name: 'Subscribe for $4.99/month',
      exact: true,
    });
    await expectVisible(subscribeOnPost);
    // The header offers the same subscription.
    expect(
      await main.getByRole('button', { name: 'Subscribe for $4.99/month', exact: true }).count(),
    ).toBe(2);
    expect(await page.getByText(secret).count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    // Nor does the API hand it to the browser.
    const [gated] = await postsOfUser(fan.tokens.access, creator.id);
    expect(gated).toMatchObject({ content: '', requires_subscription: true });

    // Subscribing asks first: price, renewal, split and balance.
    await subscribeOnPost.click();
    const dialog = page.getByRole('dialog', { name: `Subscribe to ${creator.username}` });
    await expectVisible(dialog);
    await expectVisible(
      dialog.getByText(
        'You pay $4.99 from your wallet now and every month until you cancel. You can cancel at any time.',
        { exact: true },
      ),
    );
    expect(await feeSplit(dialog)).toEqual({
      'Platform fee (10%)': '$0.50',
      'Creator receives (90%)': '$4.49',
    });
    await expectVisible(dialog.getByText('Wallet balance: $20.00', { exact: true }));
    await dialog.getByRole('button', { name: 'Pay $4.99', exact: true }).click();
    await expectHidden(dialog);

    // The post opens in place, and the header says Subscribed.
    await expectVisible(profilePosts(page).getByText(secret, { exact: true }));
    await expectHidden(page.getByText(`Subscribe to ${creator.username} to see this post.`));
    const subscribed = main.getByRole('link', { name: 'Subscribed', exact: true });
    await expectVisible(subscribed);
    expect(await subscribed.getAttribute('href')).toBe('/subscriptions');
    expect(await main.getByRole('button', { name: 'Subscribe for $4.99/month' }).count()).toBe(0);
    // Still open after a reload: the server keeps the subscription.
    await page.reload();
    await expectVisible(profilePosts(page).getByText(secret, { exact: true }));

    // Money moved: $4.99 from the fan, $4.49 to the creator's earnings.
    expect((await walletOf(fan.tokens.access)).balance_cents).toBe(2000 - 499);
    expect(await walletOf(creator.tokens.access)).toMatchObject({
      balance_cents: 0,
      earnings_cents: 449,
    });

    // The fan's wallet lists the subscription with both sides of the split.
    wallet = await openWallet(page);
    await expectVisible(wallet.balance.getByText('$15.01', { exact: true }));
    const paid = transaction(wallet.transactions, 'Subscription', `To ${creator.username}`);
    await expectVisible(paid);
    await expectVisible(paid.getByText('-$4.99', { exact: true }));
    expect(await feeSplit(paid)).toEqual({
      'Platform fee (10%)': '$0.50',
      'Creator receives (90%)': '$4.49',
    });
    // Newest first: the subscription above the top-up.
    expect(await wallet.transactions.count()).toBe(2);
    await expectVisible(wallet.transactions.nth(0).getByText('Subscription', { exact: true }));
    await expectVisible(wallet.transactions.nth(1).getByText('Wallet top-up', { exact: true }));

    // My Subscriptions: Active, with the next billing date a month ahead and the price.
    const [active] = (
      await api<{ next_billing: string; creator_details: { username: string } }[]>(
        'GET',
        '/auth/subscriptions/active/',
        undefined,
        fan.tokens.access,
      )
    ).body;
    expect(active?.creator_details.username).toBe(creator.username);
    const nextBilling = new Date(active?.next_billing ?? '');
    const days = (nextBilling.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    await page.goto('/subscriptions');
    await expectVisible(page.getByRole('heading', { name: 'My Subscriptions', level: 1 }));
    const activeTab = page.getByRole('tab', { name: 'Active (1)', exact: true });
    await expectVisible(activeTab);
    expect(await activeTab.getAttribute('aria-selected')).toBe('true');
    await expectVisible(page.getByRole('tab', { name: 'Expired (0)', exact: true }));
    const row = page
      .getByRole('list', { name: 'Active subscriptions', exact: true })
      .getByRole('listitem')
      .filter({ hasText: creator.username });
    await expectVisible(row);
    await expectVisible(
      row.getByText(`Next billing ${UTC_SHORT_DATE.format(nextBilling)}`, { exact: true }),
    );
    await expectVisible(row.getByText('$4.99/month', { exact: true }));
    await expectVisible(
      row.getByRole('button', { name: `Cancel subscription to ${creator.username}` }),
    );
    // The row leads to the creator's profile.
    await row.getByRole('link').click();
    await expectPath(page, `/profile/${creator.username}`);
    await expectVisible(profilePosts(page).getByText(secret, { exact: true }));

    // The creator's wallet: earnings of $4.49 from the fan, and the same split.
    const creatorPage = await pageOf(creator);
    const creatorWallet = await openWallet(creatorPage);
    await expectVisible(creatorWallet.earnings.getByText('$4.49', { exact: true }));
    await expectVisible(creatorWallet.balance.getByText('$0.00', { exact: true }));
    const received = transaction(
      creatorWallet.transactions,
      'Subscription',
      `From ${fan.username}`,
    );
    await expectVisible(received);
    await expectVisible(received.getByText('+$4.49', { exact: true }));
    expect(await feeSplit(received)).toEqual({
      'Platform fee (10%)': '$0.50',
      'Creator receives (90%)': '$4.49',
    });
    // The fan paid with test-mode money: test mode pays it out into a simulated account, marked
    // as such, through the same steps as a real payout (issue 32).
    const payout = creatorPage.getByRole('region', { name: 'Request a payout', exact: true });
    await expectVisible(payout.getByText('Test account — no money moves', { exact: true }));
    await payout.getByRole('button', { name: 'Withdraw all ($4.49)', exact: true }).click();
    await payout.getByRole('button', { name: 'Request payout', exact: true }).click();
    await expectVisible(payout.getByText('Payout of $4.49 requested.', { exact: true }));
    const history = payout.getByRole('list', { name: 'Payouts', exact: true });
    const payoutRow = history.getByRole('listitem').first();
    await expectVisible(payoutRow.getByText('$4.49', { exact: true }));
    await expectVisible(payoutRow.getByText('Requested', { exact: true }));
    await expectVisible(payoutRow.getByText('Test account — no money moves', { exact: true }));
    expect(await walletOf(creator.tokens.access)).toMatchObject({ earnings_cents: 0 });
  });

  it('refuses a subscription the wallet cannot pay and leads to the wallet', async () => {
    const { page } = t;
    const fan = await signedInUser(page);
    const secret = `Still gated ${uniqueName('gated')}`;
    const creator = await paidCreator({ price: '9.99', post: secret });
    await topUpViaApi(fan.tokens.access, '5');

    await page.goto(`/profile/${creator.username}`);
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: creator.username, level: 1 }));
    await main.getByRole('button', { name: 'Subscribe for $9.99/month' }).first().click();
    const dialog = page.getByRole('dialog', { name: `Subscribe to ${creator.username}` });
    await expectVisible(dialog.getByText('Wallet balance: $5.00', { exact: true }));
    await dialog.getByRole('button', { name: 'Pay $9.99', exact: true }).click();

    // The server's 402 text, and the way to top up; nothing was paid, nothing opened.
    await expectVisible(
      dialog.getByText('Insufficient funds. Top up your wallet and try again.', { exact: true }),
    );
    await expectVisible(dialog);
    expect(await walletOf(fan.tokens.access)).toMatchObject({ balance_cents: 500 });
    expect(await walletOf(creator.tokens.access)).toMatchObject({ earnings_cents: 0 });
    expect(await page.getByText(secret).count()).toBe(0);
    expect((await transactionsOf(fan.tokens.access)).map((row) => row.kind)).toEqual(['topup']);

    await dialog.getByRole('link', { name: 'Go to Wallet', exact: true }).click();
    await expectPath(page, '/wallet');
    await expectHidden(dialog);
    const wallet = await openWallet(page);
    await expectVisible(wallet.balance.getByText('$5.00', { exact: true }));
  });
});

describe('tips', () => {
  it('tips a creator with a preset from the profile: the fan pays it, the creator earns 90%', async () => {
    const { page } = t;
    const fan = await signedInUser(page);
    const creator = await paidCreator({ price: '4.99' });
    await topUpViaApi(fan.tokens.access, '20');
    const before = await walletOf(creator.tokens.access);

    await page.goto(`/profile/${creator.username}`);
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: creator.username, level: 1 }));
    // The header's Tip (the first in the page; posts may offer their own).
    await main.getByRole('button', { name: 'Tip', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: `Tip ${creator.username}` });
    await expectVisible(dialog.getByText('Send a tip from your wallet balance.', { exact: true }));
    await expectVisible(dialog.getByText('Wallet balance: $20.00', { exact: true }));
    for (const preset of ['$2.00', '$5.00', '$10.00', '$20.00']) {
      await expectVisible(dialog.getByRole('button', { name: preset, exact: true }));
    }

    const five = dialog.getByRole('button', { name: '$5.00', exact: true });
    await five.click();
    await expect.poll(() => five.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(() => dialog.getByLabel('Amount (USD)', { exact: true }).inputValue())
      .toBe('5.00');
    // The live split of the chosen amount.
    expect(await feeSplit(dialog)).toEqual({
      'Platform fee (10%)': '$0.50',
      'Creator receives (90%)': '$4.50',
    });
    await dialog.getByRole('button', { name: 'Send tip', exact: true }).click();

    await expectVisible(
      dialog.getByText(`Tip of $5.00 sent. ${creator.username} receives $4.50.`, { exact: true }),
    );
    await expectVisible(dialog.getByText('Wallet balance: $15.00', { exact: true }));
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await expectHidden(dialog);

    // The fan's balance dropped by the tip, the creator's earnings rose by 90% of it.
    expect((await walletOf(fan.tokens.access)).balance_cents).toBe(2000 - 500);
    const after = await walletOf(creator.tokens.access);
    expect(after.earnings_cents - before.earnings_cents).toBe(450);
    expect(after.balance_cents).toBe(before.balance_cents);

    // Both wallets show it.
    const wallet = await openWallet(page);
    await expectVisible(wallet.balance.getByText('$15.00', { exact: true }));
    const sent = transaction(wallet.transactions, 'Tip', `To ${creator.username}`);
    await expectVisible(sent.getByText('-$5.00', { exact: true }));
    expect(await feeSplit(sent)).toEqual({
      'Platform fee (10%)': '$0.50',
      'Creator receives (90%)': '$4.50',
    });

    const creatorPage = await pageOf(creator);
    const creatorWallet = await openWallet(creatorPage);
    await expectVisible(creatorWallet.earnings.getByText('$4.50', { exact: true }));
    const received = transaction(creatorWallet.transactions, 'Tip', `From ${fan.username}`);
    await expectVisible(received.getByText('+$4.50', { exact: true }));
  });
});
