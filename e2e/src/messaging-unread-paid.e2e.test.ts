import { describe, expect, it } from 'vitest';
import { expectHomeScreen } from './lib/app.ts';
import { feeSplit, paidCreator, person, topUpViaApi, walletOf } from './lib/economy.ts';
import { expectHidden, expectPath, expectVisible } from './lib/expect.ts';
import {
  badgeColour,
  conversationPane,
  expectBadge,
  expectConversationOpen,
  expectNoReload,
  markDocument,
  openConversation,
  recordLiveSocket,
  sendMessageViaApi,
  sendText,
  startConversationViaApi,
} from './lib/messaging.ts';
import { uniqueName } from './lib/server.ts';
import { useMessagingPeople } from './lib/messaging-people.ts';

/**
 * Messages between people, each in a browser context of their own (engagement spec §2:
 * Messages, Notifications; §8): the unread badges with a notification's click-through, and a
 * paid message unlocked from the wallet after a confirmation.
 */

const { harnessPageOf, otherPageOf } = useMessagingPeople();

describe('messages between two people: unread and paid', () => {
  it('shows unread badges live and opens the conversation from its notification', async () => {
    const alice = await person();
    const bob = await person();
    const carol = await person();
    await startConversationViaApi(alice.tokens.access, bob.id);
    const carolConversation = await startConversationViaApi(carol.tokens.access, bob.id);
    const alicePage = await harnessPageOf(alice);
    const bobPage = await otherPageOf(bob);
    const bobLive = recordLiveSocket(bobPage);

    // Bob is on the home page with nothing unread.
    await bobPage.goto('/');
    await expectHomeScreen(bobPage);
    await bobLive.expectConnected();
    await markDocument(bobPage);
    await expectBadge(bobPage, 'Messages', 0);
    await expectBadge(bobPage, 'Notifications', 0);

    const aliceChat = await openConversation(alicePage, bob.username);
    const first = `First note ${uniqueName('n')}`;
    await sendText(aliceChat, first);
    await expectBadge(bobPage, 'Messages', 1);
    await expectBadge(bobPage, 'Notifications', 1);
    // Messages blue, Notifications red (spec §2, App shell).
    const blue = await badgeColour(bobPage, 'Messages', 1);
    expect(blue.b, `Messages badge ${blue.css}`).toBeGreaterThan(blue.r + 60);
    const red = await badgeColour(bobPage, 'Notifications', 1);
    expect(red.r, `Notifications badge ${red.css}`).toBeGreaterThan(red.b + 60);

    const second = `Second note ${uniqueName('n')}`;
    await sendText(aliceChat, second);
    await expectBadge(bobPage, 'Messages', 2);
    await expectBadge(bobPage, 'Notifications', 2);

    // Carol writes afterwards: hers is now Bob's newest conversation.
    const fromCarol = `Carol here ${uniqueName('n')}`;
    await sendMessageViaApi(carol.tokens.access, carolConversation.id, fromCarol);
    await expectBadge(bobPage, 'Messages', 3);
    await expectBadge(bobPage, 'Notifications', 3);
    // All of it live: the same document, the counts pushed on the socket.
    await expectNoReload(bobPage);
    expect(bobLive.ofType('unread_counts')).toContainEqual(
      expect.objectContaining({ messages: 3, notifications: 3 }),
    );

    // The notifications, newest first.
    await bobPage
      .getByRole('navigation', { name: 'Main navigation', exact: true })
      .getByRole('link', { name: /^Notifications/ })
      .click();
    await expectPath(bobPage, '/notifications');
    const main = bobPage.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: 'Notifications', level: 1 }));
    await expectVisible(main.getByText('3 new', { exact: true }));
    const items = main.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(3);
    expect(await items.nth(0).innerText()).toContain(`New message from ${carol.username}`);
    const fromAlice = items.filter({ hasText: second });
    await expectVisible(fromAlice.getByText(`New message from ${alice.username}`, { exact: true }));
    await expectVisible(fromAlice.getByText('Unread', { exact: true }));

    // Alice's, not the newest (Carol's), conversation opens.
    await fromAlice.getByRole('button').click();
    const bobChat = await expectConversationOpen(bobPage, alice.username);
    await expectVisible(bobChat.log.getByText(first, { exact: true }));
    await expectVisible(bobChat.log.getByText(second, { exact: true }));
    expect(await conversationPane(bobPage, carol.username).pane.count()).toBe(0);
    // Reading it clears Alice's messages and their notifications; Carol's remain.
    await expectBadge(bobPage, 'Messages', 1);
    await expectBadge(bobPage, 'Notifications', 1);

    // Opening Carol's conversation clears the rest.
    await bobPage
      .getByRole('complementary', { name: 'Recent Chats', exact: true })
      .getByRole('button')
      .filter({ hasText: carol.username })
      .click();
    const carolChat = await expectConversationOpen(bobPage, carol.username);
    await expectVisible(carolChat.log.getByText(fromCarol, { exact: true }));
    await expectBadge(bobPage, 'Messages', 0);
    await expectBadge(bobPage, 'Notifications', 0);

    // The notifications are all read now.
    await bobPage
      .getByRole('navigation', { name: 'Main navigation', exact: true })
      .getByRole('link', { name: 'Notifications', exact: true })
      .click();
    await expectPath(bobPage, '/notifications');
    await expectVisible(main.getByRole('tab', { name: 'Read (3)' }));
    await expectVisible(main.getByRole('tab', { name: 'Unread (0)' }));
    expect(await main.getByText('3 new').count()).toBe(0);
  });

  it('unlocks a paid message after a top-up; the creator earns 90 %', async () => {
    const creator = await paidCreator();
    const fan = await person();
    await startConversationViaApi(creator.tokens.access, fan.id);
    const creatorPage = await harnessPageOf(creator);
    const fanPage = await otherPageOf(fan);
    const fanLive = recordLiveSocket(fanPage);
    const earningsBefore = (await walletOf(creator.tokens.access)).earnings_cents;

    const creatorChat = await openConversation(creatorPage, fan.username);
    const fanChat = await openConversation(fanPage, creator.username);
    await fanLive.expectConnected();
    // A fan cannot lock messages.
    expect(await fanChat.lock.count()).toBe(0);

    // The creator locks the message at $7.50 (default 5.00).
    await creatorChat.lock.click();
    await expect.poll(() => creatorChat.lock.getAttribute('aria-checked')).toBe('true');
    await expectVisible(creatorChat.price);
    expect(await creatorChat.price.inputValue()).toBe('5.00');
    await creatorChat.price.fill('7.50');
    const secret = `Behind the paywall ${uniqueName('secret')}`;
    await sendText(creatorChat, secret);
    await expectVisible(creatorChat.log.getByText('Locked · $7.50', { exact: true }));

    // The fan sees the price, never the text: not on screen, not in the page, not on the socket.
    const unlock = fanChat.log.getByRole('button', { name: 'Unlock for $7.50', exact: true });
    await expectVisible(unlock);
    await expectVisible(fanChat.log.getByText('Locked message', { exact: true }));
    expect(await fanPage.getByText(secret).count()).toBe(0);
    expect(await fanPage.content()).not.toContain(secret);
    expect(fanLive.ofType('message').length).toBeGreaterThan(0);
    expect(fanLive.frames.join('\n')).not.toContain(secret);
    await expectVisible(
      fanPage
        .getByRole('complementary', { name: 'Recent Chats', exact: true })
        .getByText('🔒 Locked content', { exact: true }),
    );

    // Unlocking charges, so the button only asks: the price, the split and the balance.
    const dialog = fanPage.getByRole('dialog', { name: 'Unlock this message', exact: true });
    const pay = dialog.getByRole('button', { name: 'Pay $7.50', exact: true });
    const cancel = dialog.getByRole('button', { name: 'Cancel', exact: true });
    await unlock.click();
    await expectVisible(dialog);
    await expectVisible(
      dialog.getByText('You pay $7.50 from your wallet once to see this message and its files.', {
        exact: true,
      }),
    );
    expect(await feeSplit(dialog)).toEqual({
      'Platform fee (10%)': '$0.75',
      'Creator receives (90%)': '$6.75',
    });
    await expectVisible(dialog.getByText('Wallet balance: $0.00', { exact: true }));

    // With an empty wallet: refused in the dialog, with the way to the wallet.
    await pay.click();
    const hint = dialog.getByRole('alert');
    await expectVisible(hint.getByText('Insufficient funds. Top up your wallet and try again.'));
    const toWallet = hint.getByRole('link', { name: 'Go to Wallet', exact: true });
    await expectVisible(toWallet);
    expect(await toWallet.getAttribute('href')).toBe('/wallet');
    await cancel.click();
    await expectHidden(dialog);
    expect(await fanPage.getByText(secret).count()).toBe(0);
    expect((await walletOf(creator.tokens.access)).earnings_cents).toBe(earningsBefore);

    // Topped up: Cancel still charges nothing and leaves the message locked.
    await topUpViaApi(fan.tokens.access, '20');
    await unlock.click();
    await expectVisible(dialog.getByText('Wallet balance: $20.00', { exact: true }));
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await cancel.click();
    await expectHidden(dialog);
    await expectVisible(unlock);
    expect(await fanPage.getByText(secret).count()).toBe(0);
    expect((await walletOf(fan.tokens.access)).balance_cents).toBe(2000);
    expect((await walletOf(creator.tokens.access)).earnings_cents).toBe(earningsBefore);

    // Pay unlocks it: the dialog closes and the text shows.
    await unlock.click();
    await pay.click();
    await expectHidden(dialog);
    await expectVisible(fanChat.log.getByText(secret, { exact: true }));
    await expectVisible(fanChat.log.getByText('Unlocked', { exact: true }));
    await expectHidden(unlock);

    // $7.50 paid: the fan's wallet down by it, the creator's earnings up by 90 % ($6.75).
    await expect
      .poll(async () => (await walletOf(fan.tokens.access)).balance_cents)
      .toBe(2000 - 750);
    await expect
      .poll(async () => (await walletOf(creator.tokens.access)).earnings_cents)
      .toBe(earningsBefore + 675);

    // Unlocked for good: still open after a reload.
    await fanPage.reload();
    const reloaded = await expectConversationOpen(fanPage, creator.username);
    await expectVisible(reloaded.log.getByText(secret, { exact: true }));
    expect(await reloaded.log.getByRole('button', { name: /^Unlock for/ }).count()).toBe(0);
  });
});
