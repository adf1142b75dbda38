import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHomeScreen } from './lib/app.ts';
import { storeSession, useBrowser } from './lib/browser.ts';
import { postsOfUser } from './lib/content.ts';
import {
  feeSplit,
  paidCreator,
  person,
  topUpViaApi,
  transactionsOf,
  walletOf,
  type Person,
} from './lib/economy.ts';
import { expectHidden, expectVisible } from './lib/expect.ts';
import { expectImageLoaded, naturalSize, pngFile, SIGNED_MEDIA_URL } from './lib/images.ts';
import { uniqueName } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

const t = useBrowser();
const visitors = useOtherVisitors(t);

/** A page signed in as `who`. */
async function signIn(page: Page, who: Person): Promise<Page> {
  await storeSession(page, who.tokens);
  return page;
}

function profilePosts(page: Page): Locator {
  return page.getByRole('list', { name: 'Posts', exact: true }).getByRole('listitem');
}

describe('pay-per-view posts', () => {
  it('a creator sells a picture; a fan sees it blurred, confirms the price and sees it', async () => {
    const creator = await paidCreator({ price: '4.99' });
    const fan = await person();
    await topUpViaApi(fan.tokens.access, '10');

    // The creator writes the post with a price; subscribers would get it free.
    const creatorPage = await signIn(t.page, creator);
    await creatorPage.goto('/');
    await expectHomeScreen(creatorPage);
    const form = creatorPage.getByRole('region', { name: 'Create a post' });
    const secret = `Sold picture ${uniqueName('ppv')}`;
    await form.getByPlaceholder('Compose new post...', { exact: true }).fill(secret);
    await form
      .getByLabel('Image or video', { exact: true })
      .setInputFiles(pngFile('sold.png', 640, 360));
    await form.getByRole('switch', { name: 'Sell this post' }).click();
    const price = form.getByLabel('Price (USD)', { exact: true });
    await expectVisible(price);
    // The composer applies the server's bounds before sending.
    await price.fill('0.50');
    await form.getByRole('button', { name: 'Post', exact: true }).click();
    await expectVisible(form.getByText('The price must be between $1.00 and $1000.00.'));
    await price.fill('3.50');
    await form.getByLabel('Get it free', { exact: true }).check();
    await form.getByRole('button', { name: 'Post', exact: true }).click();
    await expect.poll(() => price.count()).toBe(0);
    await expectVisible(
      creatorPage
        .getByRole('list', { name: 'Posts', exact: true })
        .getByText(secret, { exact: true }),
    );

    // The blurred preview is made beside the other variants.
    await expect
      .poll(async () => (await postsOfUser(fan.tokens.access, creator.id))[0]?.preview ?? null, {
        timeout: 15_000,
      })
      .toMatch(/^\/media\/[\w-]+\/blur\?exp=\d+&sig=[\w-]+$/);
    const [closed] = await postsOfUser(fan.tokens.access, creator.id);
    expect(closed).toMatchObject({ content: '', price: 3.5, price_for_viewer: 3.5 });
    expect(JSON.stringify(closed)).not.toContain(secret);

    // The fan sees the blurred card and the price, nothing of the text.
    const fanPage = await signIn(await visitors.open(), fan);
    await fanPage.goto(`/profile/${creator.username}`);
    const card = profilePosts(fanPage).first();
    const preview = card.getByRole('img', {
      name: `Blurred preview of a post by ${creator.username}`,
    });
    await expectImageLoaded(preview);
    expect(await preview.getAttribute('src')).toMatch(/\/blur\?/);
    expect((await naturalSize(preview)).width).toBe(32);
    expect(await fanPage.content()).not.toContain(secret);
    const unlock = card.getByRole('button', { name: 'Unlock for $3.50', exact: true });
    await expectVisible(unlock);

    // Unlocking asks first: the price, the split and the balance; Cancel charges nothing.
    const dialog = fanPage.getByRole('dialog', { name: 'Unlock post', exact: true });
    await unlock.click();
    await expectVisible(dialog);
    await expectVisible(
      dialog.getByText(`Unlock this post by ${creator.username} for $3.50. You keep it.`, {
        exact: true,
      }),
    );
    expect(await feeSplit(dialog)).toEqual({
      'Platform fee (10%)': '$0.35',
      'Creator receives (90%)': '$3.15',
    });
    await expectVisible(dialog.getByText('Wallet balance: $10.00', { exact: true }));
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectHidden(dialog);
    expect((await walletOf(fan.tokens.access)).balance_cents).toBe(1000);

    // Pay opens the card in place: the text and the picture itself.
    await unlock.click();
    await dialog.getByRole('button', { name: 'Pay $3.50', exact: true }).click();
    await expectHidden(dialog);
    await expectVisible(card.getByText(secret, { exact: true }));
    const image = card.getByRole('img', { name: `Image posted by ${creator.username}` });
    await expectImageLoaded(image);
    expect(await image.getAttribute('src')).toMatch(SIGNED_MEDIA_URL);
    const size = await naturalSize(image);
    expect(size.width / size.height).toBeCloseTo(640 / 360, 1);
    await expectHidden(unlock);

    // The wallet shows the charge, and the creator earned 90 %.
    expect((await walletOf(fan.tokens.access)).balance_cents).toBe(1000 - 350);
    expect(await transactionsOf(fan.tokens.access)).toContainEqual(
      expect.objectContaining({ kind: 'post_unlock', amount_cents: 350, net_cents: -350 }),
    );
    await fanPage.goto('/wallet');
    const row = fanPage
      .getByRole('list', { name: 'Transactions', exact: true })
      .getByRole('listitem')
      .filter({ has: fanPage.getByText('Unlocked post', { exact: true }) });
    await expectVisible(row);
    await expectVisible(row.getByText('-$3.50', { exact: true }));
    await expectVisible(
      fanPage.getByRole('region', { name: 'Balance', exact: true }).getByText('$6.50', {
        exact: true,
      }),
    );

    // Kept: still open after a reload.
    await fanPage.goto(`/profile/${creator.username}`);
    await expectVisible(profilePosts(fanPage).first().getByText(secret, { exact: true }));
  });
});
