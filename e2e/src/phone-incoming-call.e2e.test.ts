import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './lib/axe.ts';
import { PHONE } from './lib/browser.ts';
import { person } from './lib/economy.ts';
import { expectHidden, expectVisible } from './lib/expect.ts';
import { expectVideoPlaying, useFakeMediaBrowser } from './lib/fake-media.ts';
import {
  messagesViaApi,
  openConversation,
  sendMessageViaApi,
  signedInPage,
  startConversationViaApi,
} from './lib/messaging.ts';
import { useOtherVisitors } from './lib/visitors.ts';

/**
 * Issue 32 on a phone (390×844): a call rings wherever the callee is in the app, not only in
 * the open conversation; the callee answers from the ringing overlay, and the chat then shows
 * the call as ended with its length, or as missed when it was declined. The phone's top bar
 * shows the unread badges.
 */

const t = useFakeMediaBrowser();
const visitors = useOtherVisitors(t);

function ringing(page: Page) {
  return page.getByRole('dialog', { name: 'Incoming video call', exact: true });
}

function callOverlay(page: Page, otherName: string) {
  const dialog = page.getByRole('dialog', { name: `Video call with ${otherName}`, exact: true });
  return {
    dialog,
    remote: dialog.getByLabel('Remote video', { exact: true }),
    status: (text: string) => dialog.getByRole('status').filter({ hasText: text }),
    end: dialog.getByRole('button', { name: 'End call', exact: true }),
    close: dialog.getByRole('button', { name: 'Close', exact: true }),
  };
}

type CallBody = { state: string; duration_seconds: number | null };

describe('an incoming call on a phone', () => {
  it('rings on another page, is answered there, and the chat shows it ended, then missed', async () => {
    const alice = await person();
    const bob = await person();
    const conversation = await startConversationViaApi(alice.tokens.access, bob.id);
    await sendMessageViaApi(alice.tokens.access, conversation.id, 'Free for a call?');

    const alicePage = await signedInPage(() => visitors.open(), alice);
    const bobPage = await signedInPage(() => visitors.open(), bob);
    await bobPage.setViewportSize(PHONE);
    // Bob is on the Explore page of his phone: its top bar shows his unread badges.
    await bobPage.goto('/explore');
    const topBar = bobPage.getByRole('banner');
    await expectVisible(topBar.getByRole('link', { name: 'Messages 1 unread', exact: true }));
    await expectVisible(topBar.getByRole('link', { name: 'Notifications 1 unread', exact: true }));

    // Alice calls from the conversation on her desktop.
    const aliceChat = await openConversation(alicePage, bob.username);
    await aliceChat.startCall.click();
    const aliceCall = callOverlay(alicePage, bob.username);
    await expectVisible(aliceCall.dialog);

    // It rings on Bob's Explore page: he answers there, and both are in the call.
    const incoming = ringing(bobPage);
    await expectVisible(incoming, 20_000);
    await expectVisible(incoming.getByText(`@${alice.username} is calling you`, { exact: true }));
    expect(new URL(bobPage.url()).pathname).toBe('/explore');
    // The ringing overlay and the top bar's badges pass axe's serious checks.
    expect(await seriousViolations(bobPage, 'ringing overlay on /explore (phone)')).toEqual([]);
    await incoming.getByRole('button', { name: 'Answer', exact: true }).click();
    await expectHidden(incoming);
    const bobCall = callOverlay(bobPage, alice.username);
    await expectVisible(bobCall.dialog);
    await expectVideoPlaying(aliceCall.remote, 30_000);
    await expectVideoPlaying(bobCall.remote, 30_000);
    // A second or two of talk, so the call has a length.
    await bobPage.waitForTimeout(2_000);

    // Alice hangs up: Bob's overlay says so; the chat shows the call ended, with its length.
    await aliceCall.end.click();
    await expectHidden(aliceCall.dialog);
    await expectVisible(bobCall.status('Call ended'), 20_000);
    await bobCall.close.click();
    await expectHidden(bobCall.dialog);
    const endedChip = aliceChat.log.getByText(/^📞 Call ended · \d+:\d\d$/);
    await expectVisible(endedChip);
    expect(await aliceChat.log.getByRole('button', { name: 'Join the video call' }).count()).toBe(
      0,
    );
    const bobChat = await openConversation(bobPage, alice.username);
    await expectVisible(bobChat.log.getByText(/^📞 Call ended · \d+:\d\d$/));
    expect(await bobChat.log.getByRole('button', { name: 'Join the video call' }).count()).toBe(0);

    // A second call, which Bob declines on his profile page: it shows as missed.
    await bobPage.goto('/profile');
    await aliceChat.startCall.click();
    const secondCall = callOverlay(alicePage, bob.username);
    await expectVisible(secondCall.dialog);
    const again = ringing(bobPage);
    await expectVisible(again, 20_000);
    await again.getByRole('button', { name: 'Decline', exact: true }).click();
    await expectHidden(again);
    // The caller hears it was turned down.
    await expectVisible(secondCall.status('Call ended'), 20_000);
    await secondCall.close.click();
    await expectVisible(aliceChat.log.getByText('📞 Missed call', { exact: true }));
    await expectVisible(aliceChat.log.getByText(/^📞 Call ended · \d+:\d\d$/));

    // The server says the same: the first call ended with a length, the second was missed.
    const calls = (await messagesViaApi(alice.tokens.access, conversation.id))
      .map((message) => (message as unknown as { call: CallBody | null }).call)
      .filter((call) => call !== null);
    expect(calls.map((call) => call.state)).toEqual(['ended', 'missed']);
    expect(calls[0]?.duration_seconds).toBeGreaterThanOrEqual(1);
  });
});
