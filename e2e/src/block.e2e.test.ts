import { describe, expect, it } from 'vitest';
import { storeSession, useBrowser } from './lib/browser.ts';
import { person } from './lib/economy.ts';
import { expectPath, expectVisible } from './lib/expect.ts';
import {
  messagesViaApi,
  openConversation,
  sendMessageViaApi,
  signedInPage,
  startConversationViaApi,
} from './lib/messaging.ts';
import { api, uniqueName } from './lib/server.ts';
import { useOtherVisitors } from './lib/visitors.ts';

/**
 * Blocking: from the menu on a profile, after a dialog stating the rule; the blocked person's
 * next message is refused in their own composer; Settings → Account lists and unblocks.
 */

const t = useBrowser();
const visitors = useOtherVisitors(t);

describe('blocking someone', () => {
  it('blocks from the profile menu, and the blocked person’s message is refused', async () => {
    const alice = await person();
    const bob = await person();
    const conversation = await startConversationViaApi(bob.tokens.access, alice.id);
    await sendMessageViaApi(bob.tokens.access, conversation.id, 'hello alice');
    // Bob has the conversation open in a browser of his own.
    const bobPage = await signedInPage(() => visitors.open(), bob);
    const chat = await openConversation(bobPage, alice.username);

    // Alice blocks Bob from his profile, after reading what a block does.
    await storeSession(t.page, alice.tokens);
    await t.page.goto(`/profile/${bob.username}`);
    const main = t.page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: bob.username, level: 1 }));
    await main
      .getByRole('button', { name: `More actions for ${bob.username}`, exact: true })
      .click();
    await t.page.getByRole('menuitem', { name: 'Block', exact: true }).click();
    const dialog = t.page.getByRole('dialog', { name: `Block ${bob.username}?`, exact: true });
    await expectVisible(dialog.getByText(/A subscription between you is not renewed/));
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await expectPath(t.page, '/');

    // Bob writes to Alice: the composer says why it was refused, and only that (no "try
    // again", which cannot help, issue 32).
    await chat.text.fill('are you there?');
    await chat.send.click();
    const refusal = chat.pane.getByRole('alert');
    await expectVisible(refusal.getByText('You cannot message this user.', { exact: true }));
    expect(await refusal.getByText(/try again/i).count()).toBe(0);
    // The thread has left both people's Recent Chats.
    for (const page of [bobPage, t.page]) {
      await page.goto('/messages');
      await expectVisible(
        page.getByText('Select a conversation to view messages', { exact: true }),
      );
      const chats = page.getByRole('complementary', { name: 'Recent Chats', exact: true });
      await expectVisible(chats.getByText('No conversations found', { exact: true }));
    }
    // Nothing reached Alice.
    const texts = (await messagesViaApi(alice.tokens.access, conversation.id)).map((m) => m.text);
    expect(texts).toEqual(['hello alice']);
    // Nor does Bob find her profile any more.
    const profile = await api(
      'GET',
      `/auth/users/${alice.username}/`,
      undefined,
      bob.tokens.access,
    );
    expect(profile.status).toBe(404);
  });

  it('lists blocked users in Settings → Account and unblocks them', async () => {
    const alice = await person();
    const bob = await person({ username: uniqueName('blocked') });
    const blocked = await api('POST', `/auth/users/${bob.id}/block/`, {}, alice.tokens.access);
    expect(blocked.status).toBe(200);

    await storeSession(t.page, alice.tokens);
    await t.page.goto('/settings');
    await t.page.getByRole('tab', { name: 'Account', exact: true }).click();
    const panel = t.page.getByRole('region', { name: 'Blocked users', exact: true });
    await expectVisible(panel.getByText(bob.username, { exact: true }));
    await panel.getByRole('button', { name: `Unblock ${bob.username}`, exact: true }).click();
    await expectVisible(panel.getByText('You have not blocked anyone.', { exact: true }));

    // Bob's profile is back for Alice.
    await t.page.goto(`/profile/${bob.username}`);
    await expectVisible(
      t.page.getByRole('main').getByRole('heading', { name: bob.username, level: 1 }),
    );
  });
});
