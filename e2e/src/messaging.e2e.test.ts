import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHomeScreen } from './lib/app.ts';
import { storeSession, useBrowser } from './lib/browser.ts';
import {
  feeSplit,
  paidCreator,
  person,
  topUpViaApi,
  walletOf,
  type Person,
} from './lib/economy.ts';
import { expectHidden, expectPath, expectVisible } from './lib/expect.ts';
import { expectImageLoaded, naturalSize, pngFile } from './lib/images.ts';
import {
  badgeColour,
  conversationPane,
  expectBadge,
  expectConversationOpen,
  expectNoReload,
  markDocument,
  messagesViaApi,
  openConversation,
  recordLiveSocket,
  sendMessageViaApi,
  sendText,
  signedInPage,
  startConversationViaApi,
} from './lib/messaging.ts';
import { uniqueName } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

/**
 * Messages between two people, each in a browser context of their own (engagement spec §2:
 * Messages, Notifications; §5; §8): a chat in real time, an attachment and a refused one, the
 * unread badges with a notification's click-through, and a paid message unlocked from the
 * wallet after a confirmation.
 */

const t = useBrowser();
const visitors = useOtherVisitors(t);

/** The first person uses the harness's page; everyone else a visitor's page. */
async function harnessPageOf(who: Person): Promise<Page> {
  await storeSession(t.page, who.tokens);
  return t.page;
}

function otherPageOf(who: Person): Promise<Page> {
  return signedInPage(() => visitors.open(), who);
}

/** The text of a message frame of the live socket. */
function messageTexts(frames: Record<string, unknown>[]): string[] {
  return frames.map((frame) => String((frame.message as { text?: unknown } | undefined)?.text));
}

describe('messages between two people', () => {
  it('chats in real time: started from the profile, each side sees the other without a reload', async () => {
    const alice = await person();
    const bob = await person();
    const alicePage = await harnessPageOf(alice);
    const bobPage = await otherPageOf(bob);
    const aliceLive = recordLiveSocket(alicePage);
    const bobLive = recordLiveSocket(bobPage);

    // Alice starts the conversation from Bob's profile.
    await alicePage.goto(`/profile/${bob.username}`);
    const main = alicePage.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: bob.username, level: 1 }));
    await main.getByRole('button', { name: 'Message', exact: true }).click();
    const aliceChat = await expectConversationOpen(alicePage, bob.username);
    await expectVisible(aliceChat.log.getByText('No messages yet. Start a conversation!'));
    // The header links to Bob's profile; nobody has written, so no 'Last active'.
    await expectVisible(
      aliceChat.pane.getByRole('link', { name: `View profile of ${bob.username}`, exact: true }),
    );
    expect(await aliceChat.pane.getByText(/^Last active:/).count()).toBe(0);

    // Bob has Messages open: the new conversation is his only one.
    const bobChat = await openConversation(bobPage, alice.username);
    await expectVisible(bobChat.log.getByText('No messages yet. Start a conversation!'));
    const bobChats = bobPage.getByRole('complementary', { name: 'Recent Chats', exact: true });
    await expectVisible(bobChats.getByRole('button').filter({ hasText: alice.username }));

    // Both listen on the live socket; from here on neither page is reloaded.
    await aliceLive.expectConnected();
    await bobLive.expectConnected();
    await markDocument(alicePage);
    await markDocument(bobPage);

    const hello = `Hi Bob, ${uniqueName('hello')}`;
    await sendText(aliceChat, hello);
    await expectVisible(bobChat.log.getByText(hello, { exact: true }));
    // It came over the socket, not from a reload or a poll.
    expect(messageTexts(bobLive.ofType('message'))).toContain(hello);
    await expectNoReload(bobPage);
    // Bob's header now knows when Alice was active; his list previews her message.
    await expectVisible(bobChat.pane.getByText('Last active: Today', { exact: true }));
    await expectVisible(bobChats.getByRole('button').filter({ hasText: hello }));

    const reply = `Hello Alice! ${uniqueName('reply')}`;
    await sendText(bobChat, reply);
    await expectVisible(aliceChat.log.getByText(reply, { exact: true }));
    expect(messageTexts(aliceLive.ofType('message'))).toContain(reply);
    await expectNoReload(alicePage);
    await expectNoReload(bobPage);

    // Same order on both screens: the greeting, then the reply.
    for (const chat of [aliceChat, bobChat]) {
      const shown = await chat.log.getByText(/^(Hi Bob|Hello Alice)/).allInnerTexts();
      expect(shown).toEqual([hello, reply]);
    }
    // Each has read what arrived while the conversation was open: no unread badge.
    await expectBadge(alicePage, 'Messages', 0);
    await expectBadge(bobPage, 'Messages', 0);
  });

  it('sends a PNG attachment that the other side sees as a preview at most 200 px high', async () => {
    const alice = await person();
    const bob = await person();
    const conversation = await startConversationViaApi(alice.tokens.access, bob.id);
    const alicePage = await harnessPageOf(alice);
    const bobPage = await otherPageOf(bob);
    const bobLive = recordLiveSocket(bobPage);

    const aliceChat = await openConversation(alicePage, bob.username);
    const bobChat = await openConversation(bobPage, alice.username);
    await bobLive.expectConnected();
    await markDocument(bobPage);

    // A tall image, so the 200 px cap matters; picked with the composer's file input.
    const image = pngFile(`${uniqueName('tall')}.png`, 640, 960);
    await aliceChat.files.setInputFiles(image);
    const attached = aliceChat.attachedFiles.getByRole('listitem').filter({ hasText: image.name });
    await expectVisible(attached);
    // It uploads at once; Send waits for it, then needs no text.
    await expectHidden(attached.getByRole('progressbar'));
    await expect.poll(() => aliceChat.send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await aliceChat.send.click();
    await expectHidden(aliceChat.attachedFiles);

    for (const chat of [bobChat, aliceChat]) {
      const preview = chat.log.getByRole('img', { name: image.name, exact: true });
      await expectImageLoaded(preview, 20_000);
      const box = await preview.boundingBox();
      expect(box, 'the preview should have a box').not.toBeNull();
      expect(box?.height ?? 0).toBeLessThanOrEqual(200.5);
      expect(box?.height ?? 0).toBeGreaterThan(150);
      // Bigger than shown: the cap, not the file, limits it.
      expect((await naturalSize(preview)).height).toBeGreaterThan(200);
      // The preview opens the file.
      await expectVisible(chat.log.getByRole('link', { name: `Open ${image.name}`, exact: true }));
    }
    await expectNoReload(bobPage);
    expect(bobLive.ofType('message').length).toBeGreaterThan(0);
    // Recent Chats previews a message of files only as media.
    await expectVisible(
      bobPage
        .getByRole('complementary', { name: 'Recent Chats', exact: true })
        .getByRole('button')
        .filter({ hasText: alice.username })
        .getByText('📷 Media', { exact: true }),
    );
    // The server has it as an attachment of the message.
    const [message] = (await messagesViaApi(bob.tokens.access, conversation.id)).slice(-1);
    expect(message?.attachments).toHaveLength(1);
  });

  it('explains a refused attachment with the server’s reason and the allowed types', async () => {
    const alice = await person();
    const bob = await person();
    await startConversationViaApi(alice.tokens.access, bob.id);
    const chat = await openConversation(await harnessPageOf(alice), bob.username);
    const problems = chat.pane
      .getByRole('form', { name: 'Write a message', exact: true })
      .getByRole('alert');
    const allowed =
      'Allowed file types: JPEG, PNG, GIF, WebP, AVIF, MP4, WebM, MOV, MKV, OGV, MP3, M4A, OGG, WAV, FLAC, AAC, PDF, ZIP.';
    const notAccepted =
      "The file's contents are not an image, video, audio file, PDF or ZIP, which message_attachment accepts.";

    // The picker offers what the server takes.
    const accept = (await chat.files.getAttribute('accept'))?.split(',') ?? [];
    expect(accept).toEqual(expect.arrayContaining(['image/png', 'application/pdf', '.mkv']));

    // A text file (the server reads the bytes): its reason, the types, nothing attached.
    await chat.files.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('just some notes\n'.repeat(8)),
    });
    await expectVisible(problems.getByText(`File upload failed: ${notAccepted}`, { exact: true }));
    await expectVisible(problems.getByText(allowed, { exact: true }));
    expect(await chat.attachedFiles.count()).toBe(0);
    expect(await chat.send.isEnabled()).toBe(false);

    // A program beside a picture: the picture uploads; the program is named, with the reason.
    const image = pngFile(`${uniqueName('ok')}.png`, 64, 64);
    const program = {
      name: 'setup.exe',
      mimeType: 'application/x-msdownload',
      buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(254)]),
    };
    await chat.files.setInputFiles([image, program]);
    await expectVisible(problems.getByText('Upload failed for: setup.exe', { exact: true }));
    await expectVisible(problems.getByText(notAccepted, { exact: true }));
    await expectVisible(problems.getByText(allowed, { exact: true }));
    const attached = chat.attachedFiles.getByRole('listitem');
    await expect
      .poll(() => attached.allInnerTexts())
      .toEqual([expect.stringContaining(image.name)]);
    await expect.poll(() => chat.send.isEnabled(), { timeout: 15_000 }).toBe(true);
  });

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
