import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storeSession, useBrowser } from './lib/browser.ts';
import { paidCreator, person, subscribeViaApi, topUpViaApi, walletOf } from './lib/economy.ts';
import { expectHidden, expectVisible } from './lib/expect.ts';
import { openConversation, signedInPage } from './lib/messaging.ts';
import { api, uniqueName } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

/**
 * A creator sends a locked mass message to their subscribers from the Mass messages page; a fan
 * finds it in their own conversation, unlocks it, and the creator's list counts the unlock and
 * the revenue.
 */
const t = useBrowser();
const visitors = useOtherVisitors(t);

describe('a mass message', () => {
  it('goes out locked to subscribers, is unlocked by a fan and counted for the creator', async () => {
    const creator = await paidCreator();
    const fan = await person();
    await topUpViaApi(fan.tokens.access, '20');
    await subscribeViaApi(fan.tokens.access, creator.id);
    await storeSession(t.page, creator.tokens);
    const creatorPage: Page = t.page;
    const fanPage = await signedInPage(() => visitors.open(), fan);

    // Compose: text, a price, the default segment (active subscribers) with its live count.
    await creatorPage.goto('/creator/mass-messages');
    const main = creatorPage.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: 'Mass messages', level: 1 }));
    const secret = `For subscribers only ${uniqueName('mass')}`;
    await main.getByLabel('Message', { exact: true }).fill(secret);
    await main.getByLabel('Price (USD, optional)', { exact: true }).fill('7.50');
    await expectVisible(main.getByText('Goes to 1 fan.', { exact: true }));
    await main.getByRole('button', { name: 'Send', exact: true }).click();
    const dialog = creatorPage.getByRole('dialog', { name: 'Send mass message', exact: true });
    await expectVisible(dialog.getByText('Send to 1 fan?', { exact: true }));
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expectHidden(dialog);
    const list = main.getByRole('list', { name: 'Sent mass messages', exact: true });
    await expectVisible(list.getByText(secret, { exact: true }));

    // The copies go out in a background job: the fan opens Messages once theirs is written.
    await expect
      .poll(
        async () =>
          (await api<unknown[]>('GET', '/messaging/conversations/', undefined, fan.tokens.access))
            .body,
        { timeout: 15_000 },
      )
      .toHaveLength(1);
    // The fan's copy is locked: the price, never the text.
    const fanChat = await openConversation(fanPage, creator.username);
    const unlock = fanChat.log.getByRole('button', { name: 'Unlock for $7.50', exact: true });
    await expectVisible(unlock);
    expect(await fanPage.content()).not.toContain(secret);
    await unlock.click();
    const pay = fanPage.getByRole('dialog', { name: 'Unlock this message', exact: true });
    await pay.getByRole('button', { name: 'Pay $7.50', exact: true }).click();
    await expectHidden(pay);
    await expectVisible(fanChat.log.getByText(secret, { exact: true }));
    await expect
      .poll(async () => (await walletOf(fan.tokens.access)).balance_cents)
      .toBe(2000 - 499 - 750);

    // The fan mutes the creator's mass messages from the conversation's menu, and can undo it.
    const menu = fanChat.pane.getByRole('button', {
      name: `More options for ${creator.username}`,
      exact: true,
    });
    await menu.click();
    await fanPage.getByRole('menuitem', { name: 'Mute mass messages', exact: true }).click();
    await expect
      .poll(
        async () =>
          (await api('GET', `/auth/users/${creator.id}/mute/`, undefined, fan.tokens.access)).body,
      )
      .toEqual({ muted: true });
    await menu.click();
    await expectVisible(fanPage.getByRole('menuitem', { name: 'Unmute', exact: true }));
    await fanPage.keyboard.press('Escape');

    // The creator's list: 1 read, 1 unlocked, $7.50 gross and $6.75 net.
    await creatorPage.reload();
    const item = main.getByRole('listitem').filter({ hasText: secret });
    await expect
      .poll(() => item.getByTestId('stat-unlocked').locator('dd').textContent())
      .toBe('1');
    expect(await item.getByTestId('stat-read').locator('dd').textContent()).toBe('1');
    expect(await item.getByTestId('stat-gross').locator('dd').textContent()).toBe('$7.50');
    expect(await item.getByTestId('stat-net').locator('dd').textContent()).toBe('$6.75');
  });
});
