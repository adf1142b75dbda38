import { describe, expect, it } from 'vitest';
import { storeSession, useBrowser } from './lib/browser.ts';
import { person } from './lib/economy.ts';
import { expectDisabled, expectHidden, expectVisible } from './lib/expect.ts';
import {
  expectConversationOpen,
  expectNoReload,
  markDocument,
  recordLiveSocket,
  sendMessageViaApi,
  startConversationViaApi,
} from './lib/messaging.ts';
import { createUser, obtainTokens } from './lib/server.ts';

/**
 * A conversation list longer than one page (30): older conversations come with "Load more",
 * one reopened from a profile opens however far down it is, and a new message still moves its
 * conversation to the top live. The composer holds to the server's length limit.
 */

const t = useBrowser();
const PAGE = 30;

describe('a conversation list of more than one page', () => {
  it('loads older conversations on demand, reopens the oldest from its profile, moves a new one up live', async () => {
    const alice = await person();
    const oldest = await createUser();
    // Oldest first, then a page's worth of newer ones (started one after the other).
    await startConversationViaApi(alice.tokens.access, oldest.id);
    const others = [];
    for (let i = 0; i < PAGE; i += 1) others.push(await createUser());
    const conversationIds = [];
    for (const other of others) {
      conversationIds.push((await startConversationViaApi(alice.tokens.access, other.id)).id);
    }

    await storeSession(t.page, alice.tokens);
    const live = recordLiveSocket(t.page);
    await t.page.goto('/messages');
    const chats = t.page.getByRole('complementary', { name: 'Recent Chats', exact: true });
    const entries = chats.getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(PAGE);
    const entryOf = (username: string) => chats.getByRole('button').filter({ hasText: username });
    expect(await entryOf(oldest.username).count()).toBe(0);
    const loadMore = chats.getByRole('button', { name: 'Load more', exact: true });
    await loadMore.click();
    await expectVisible(entryOf(oldest.username));
    expect(await entries.count()).toBe(PAGE + 1);
    await expectHidden(loadMore);

    // From the oldest one's profile, Message opens that conversation (on the second page).
    await t.page.goto(`/profile/${oldest.username}`);
    await t.page.getByRole('main').getByRole('button', { name: 'Message', exact: true }).click();
    const chat = await expectConversationOpen(t.page, oldest.username);

    // A message in the conversation at the bottom of the first page moves it to the top live.
    await live.expectConnected();
    await markDocument(t.page);
    const quiet = others[0];
    const quietConversation = conversationIds[0];
    if (!quiet || quietConversation === undefined) throw new Error('no conversations');
    const { access } = await obtainTokens(quiet.email, quiet.password);
    await sendMessageViaApi(access, quietConversation, 'back again');
    await expect
      .poll(() => entries.first().textContent(), { timeout: 10_000 })
      .toContain(quiet.username);
    await expectVisible(entries.first().getByText('back again'));
    await expectNoReload(t.page);

    // The composer refuses a text past the limit before sending, and takes the limit itself.
    await chat.text.fill('x'.repeat(5001));
    const tooLong = chat.pane.getByText('Messages can be at most 5000 characters long.');
    await expectVisible(tooLong);
    await expectDisabled(chat.send, true);
    await chat.text.fill('x'.repeat(5000));
    await expectHidden(tooLong);
    await expectDisabled(chat.send, false);
  });
});
