import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { person } from './lib/economy.ts';
import { expectHidden, expectPath, expectVisible } from './lib/expect.ts';
import {
  expectVideoPlaying,
  trackFlags,
  useFakeMediaBrowser,
  videoState,
} from './lib/fake-media.ts';
import {
  expectBadge,
  messagesViaApi,
  openConversation,
  signedInPage,
  startConversationViaApi,
} from './lib/messaging.ts';
import { useOtherVisitors } from './lib/visitors.ts';

/**
 * A video call between two people in Messages (engagement spec §2 Video call overlay, §4
 * Call states), each in a browser context of their own, with Chromium's fake camera and
 * microphone.
 */

const t = useFakeMediaBrowser();
const visitors = useOtherVisitors(t);

/** The call overlay of `page` with `otherName`, and its parts. */
function callOverlay(page: Page, otherName: string) {
  const dialog = page.getByRole('dialog', { name: `Video call with ${otherName}`, exact: true });
  const controls = dialog.getByRole('group', { name: 'Call controls', exact: true });
  const control = (name: string) => controls.getByRole('button', { name, exact: true });
  return {
    dialog,
    local: dialog.getByLabel('Your video', { exact: true }),
    remote: dialog.getByLabel('Remote video', { exact: true }),
    status: (text: string) => dialog.getByRole('status').filter({ hasText: text }),
    control,
  };
}

type CallOverlay = ReturnType<typeof callOverlay>;

/** Clicks the control `from`, which then reads `to`; the local track of `kind` follows. */
async function toggle(
  call: CallOverlay,
  kind: 'audio' | 'video',
  from: string,
  to: string,
  enabled: boolean,
) {
  await call.control(from).click();
  await expectVisible(call.control(to));
  expect(await call.control(from).count()).toBe(0);
  await expect.poll(() => trackFlags(call.local, kind)).toEqual([enabled]);
}

async function expectCameraOffNote(dialog: Locator, shown: boolean) {
  const note = dialog.getByText('Camera is off', { exact: true });
  if (shown) await expectVisible(note);
  else await expectHidden(note);
}

describe('video call', () => {
  it('connects both sides with video, toggles mute and camera, and End call closes both', async () => {
    const alice = await person();
    const bob = await person();
    await startConversationViaApi(alice.tokens.access, bob.id);
    const alicePage = await signedInPage(() => visitors.open(), alice);
    const bobPage = await signedInPage(() => visitors.open(), bob);
    const aliceChat = await openConversation(alicePage, bob.username);
    const bobChat = await openConversation(bobPage, alice.username);

    // Alice starts the call: her overlay opens with her camera and waits for Bob.
    await aliceChat.startCall.click();
    const aliceCall = callOverlay(alicePage, bob.username);
    await expectVisible(aliceCall.dialog);
    await expectVideoPlaying(aliceCall.local);
    expect((await videoState(aliceCall.local)).tracks).toEqual(
      expect.arrayContaining([
        { kind: 'audio', enabled: true, readyState: 'live' },
        { kind: 'video', enabled: true, readyState: 'live' },
      ]),
    );
    await expectVisible(aliceCall.status("Waiting for other user's video..."), 20_000);
    // No second call while this one is open.
    expect(await aliceChat.startCall.isDisabled()).toBe(true);

    // Bob gets the call's system message in the conversation, and the call rings for him
    // (issue 32): he answers it.
    const announcement = bobChat.log
      .getByRole('listitem')
      .filter({ hasText: `📞 ${alice.username} started a video call` });
    await expectVisible(announcement);
    const incoming = bobPage.getByRole('dialog', { name: 'Incoming video call', exact: true });
    await expectVisible(incoming);
    await incoming.getByRole('button', { name: 'Answer', exact: true }).click();
    const bobCall = callOverlay(bobPage, alice.username);
    await expectVisible(bobCall.dialog);

    // Each side shows the other's video: decoded frames of a real size.
    for (const call of [aliceCall, bobCall]) {
      const remote = await expectVideoPlaying(call.remote, 30_000);
      expect(remote.clientHeight).toBeGreaterThan(0);
      expect(remote.tracks.map((track) => track.kind).sort()).toEqual(['audio', 'video']);
      await expectVideoPlaying(call.local);
      await expectHidden(call.dialog.getByRole('status'));
    }
    // Each overlay names the other person and counts the call's time up from connection.
    for (const [call, name] of [
      [aliceCall, bob.username],
      [bobCall, alice.username],
    ] as const) {
      await expectVisible(call.dialog.getByText(name, { exact: true }));
      const timer = call.dialog.getByRole('timer');
      await expect.poll(() => timer.textContent(), { timeout: 10_000 }).toMatch(/^\d+:\d\d$/);
      const first = await timer.textContent();
      await expect.poll(() => timer.textContent(), { timeout: 10_000 }).not.toBe(first);
    }

    // Mute and camera work on both sides: the buttons flip and the local tracks follow.
    for (const call of [aliceCall, bobCall]) {
      await toggle(call, 'audio', 'Mute', 'Unmute', false);
      await toggle(call, 'video', 'Turn off camera', 'Turn on camera', false);
      await expectCameraOffNote(call.dialog, true);
      await toggle(call, 'audio', 'Unmute', 'Mute', true);
      await toggle(call, 'video', 'Turn on camera', 'Turn off camera', true);
      await expectCameraOffNote(call.dialog, false);
    }
    // Still connected after the toggles.
    await expectVideoPlaying(aliceCall.remote);
    await expectVideoPlaying(bobCall.remote);

    // Bob ends the call: his overlay closes; Alice's says 'Call ended' and lets go of the
    // camera and microphone.
    await bobCall.control('End call').click();
    await expectHidden(bobCall.dialog);
    await expectVisible(aliceCall.status('Call ended'), 20_000);
    await expect
      .poll(async () => (await videoState(aliceCall.local)).tracks.map((track) => track.readyState))
      .toEqual(['ended', 'ended']);
    await aliceCall.dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expectHidden(aliceCall.dialog);

    // Both are back in the conversation, which shows the call ended with its length and no
    // Join (issue 32), and a new call can be started.
    await expectVisible(aliceChat.log);
    await expectVisible(bobChat.log);
    for (const chat of [aliceChat, bobChat]) {
      await expectVisible(chat.log.getByText(/^📞 Call ended · \d+:\d\d$/));
      expect(await chat.log.getByRole('button', { name: 'Join the video call' }).count()).toBe(0);
    }
    expect(await aliceChat.startCall.isEnabled()).toBe(true);
    expect(await bobChat.startCall.isEnabled()).toBe(true);
  });

  it('rings for the callee on another page, who answers there, and the caller ends it', async () => {
    const alice = await person();
    const bob = await person();
    await startConversationViaApi(alice.tokens.access, bob.id);
    const alicePage = await signedInPage(() => visitors.open(), alice);
    const bobPage = await signedInPage(() => visitors.open(), bob);
    const aliceChat = await openConversation(alicePage, bob.username);
    // Bob is elsewhere in the app.
    await bobPage.goto('/explore');
    await expectBadge(bobPage, 'Notifications', 0);

    await aliceChat.startCall.click();
    const aliceCall = callOverlay(alicePage, bob.username);
    await expectVisible(aliceCall.dialog);
    await expectVisible(aliceCall.status("Waiting for other user's video..."), 20_000);

    // The call rings on the page Bob is on (issue 32), and is a notification too.
    const incoming = bobPage.getByRole('dialog', { name: 'Incoming video call', exact: true });
    await expectVisible(incoming);
    await expectVisible(incoming.getByText(`@${alice.username} is calling you`, { exact: true }));
    await expectBadge(bobPage, 'Notifications', 1);
    await expectPath(bobPage, '/explore');
    await incoming.getByRole('button', { name: 'Answer', exact: true }).click();
    await expectHidden(incoming);
    const bobCall = callOverlay(bobPage, alice.username);
    await expectVisible(bobCall.dialog);
    await expectVideoPlaying(aliceCall.remote, 30_000);
    await expectVideoPlaying(bobCall.remote, 30_000);

    // Alice (who dialled) ends it; Bob's overlay says so and closes.
    await aliceCall.control('End call').click();
    await expectHidden(aliceCall.dialog);
    await expectVisible(bobCall.status('Call ended'), 20_000);
    await expect
      .poll(async () => (await videoState(bobCall.local)).tracks.map((track) => track.readyState))
      .toEqual(['ended', 'ended']);
    await bobCall.dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expectHidden(bobCall.dialog);
    await expectPath(bobPage, '/explore');
  });

  it('ends the call on the server when a tab in it closes, so the chat offers no Join', async () => {
    const alice = await person();
    const bob = await person();
    const conversation = await startConversationViaApi(alice.tokens.access, bob.id);
    const alicePage = await signedInPage(() => visitors.open(), alice);
    const bobPage = await signedInPage(() => visitors.open(), bob);
    const aliceChat = await openConversation(alicePage, bob.username);
    await bobPage.goto('/explore');

    await aliceChat.startCall.click();
    const incoming = bobPage.getByRole('dialog', { name: 'Incoming video call', exact: true });
    await incoming.getByRole('button', { name: 'Answer', exact: true }).click();
    const bobCall = callOverlay(bobPage, alice.username);
    await expectVideoPlaying(bobCall.remote, 30_000);

    // Bob closes his tab mid-call: the call is over for the server, and Alice's chat says so.
    await bobPage.close({ runBeforeUnload: true });
    await expectVisible(callOverlay(alicePage, bob.username).status('Call ended'), 20_000);
    await expect
      .poll(async () => {
        const messages = await messagesViaApi(alice.tokens.access, conversation.id);
        return messages.map((message) => (message as { call?: { state: string } }).call?.state);
      })
      .toContain('ended');
  });
});
