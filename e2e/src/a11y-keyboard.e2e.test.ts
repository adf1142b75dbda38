import { describe, expect, it } from 'vitest';
import { useBrowser } from './lib/browser.ts';
import { paidCreator, person, settingsOf, subscribeViaApi, topUpViaApi } from './lib/economy.ts';
import { expectPath, expectVisible } from './lib/expect.ts';
import { focusIsVisible, pressUntilFocused } from './lib/keyboard.ts';
import { conversationPane, sendMessageViaApi, startConversationViaApi } from './lib/messaging.ts';
import { uniqueName } from './lib/server.ts';

/**
 * A keyboard-only journey (issue 20): sign in, the feed, a post, its author's Tip dialog
 * (focus kept inside, given back on Escape), Messages (a message sent) and Settings (a
 * setting changed and saved), with nothing but key presses, and a visible focus indicator
 * on what the keyboard reaches.
 */
const t = useBrowser();

describe('the keyboard alone', () => {
  it('signs in, reads a post, tips, sends a message and changes a setting', async () => {
    const { page } = t;
    const postText = `Keyboard post ${uniqueName('kb')}`;
    const creator = await paidCreator({ price: '4.99', post: postText });
    const fan = await person();
    await topUpViaApi(fan.tokens.access, '20.00');
    await subscribeViaApi(fan.tokens.access, creator.id);
    const conversation = await startConversationViaApi(fan.tokens.access, creator.id);
    await sendMessageViaApi(creator.tokens.access, conversation.id, 'Thanks for subscribing!');

    // Sign in: Tab to each field, type, Enter submits.
    await page.goto('/login');
    await expectVisible(page.getByRole('heading', { name: 'Welcome back' }));
    await pressUntilFocused(page, page.getByLabel(/^email/i));
    await page.keyboard.type(fan.email);
    await pressUntilFocused(page, page.getByLabel(/^password$/i));
    await page.keyboard.type(fan.password);
    await page.keyboard.press('Enter');
    await expectPath(page, '/');

    // The feed: Tab to the post's own link; the keyboard's focus is drawn.
    const card = page.getByRole('article').filter({ hasText: postText });
    await expectVisible(card);
    const openPost = card.getByRole('link', { name: `Open the post by ${creator.username}` });
    await pressUntilFocused(page, openPost, 'Tab', 120);
    expect(await focusIsVisible(page), 'a focused link shows a focus ring').toBe(true);
    await page.keyboard.press('Enter');
    await expectPath(page, `/posts/${creator.post?.id}`);
    await expectVisible(page.getByText(postText));

    // The author's profile, then the Tip dialog: focus stays inside it and comes back.
    const main = page.getByRole('main');
    await pressUntilFocused(page, main.getByRole('link', { name: creator.username, exact: true }));
    await page.keyboard.press('Enter');
    await expectPath(page, `/profile/${creator.username}`);
    const tip = main.getByRole('button', { name: 'Tip', exact: true }).first();
    await expectVisible(tip);
    await pressUntilFocused(page, tip);
    const tipButton = await tip.elementHandle();
    if (!tipButton) throw new Error('no Tip button');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Tip ${creator.username}` });
    await expectVisible(dialog);
    const focusInDialog = () =>
      dialog.evaluate((element) => element.contains(element.ownerDocument.activeElement));
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press(presses % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await focusInDialog(), `focus left the dialog after ${presses + 1} presses`).toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await expect
      .poll(() => tipButton.evaluate((element) => element === element.ownerDocument.activeElement))
      .toBe(true);

    // Messages: back to the navigation with Shift+Tab, the conversation, a message sent.
    await pressUntilFocused(
      page,
      page.getByRole('link', { name: /^Messages/ }).first(),
      'Shift+Tab',
    );
    await page.keyboard.press('Enter');
    await expectPath(page, '/messages');
    const chat = conversationPane(page, creator.username);
    await expectVisible(chat.log.getByText('Thanks for subscribing!'));
    await pressUntilFocused(page, chat.text);
    await page.keyboard.type('Sent with the keyboard alone');
    await page.keyboard.press('Enter');
    await expectVisible(chat.log.getByText('Sent with the keyboard alone', { exact: true }));

    // Settings through the user menu: arrows inside the menu, Space on a switch, Enter saves.
    await pressUntilFocused(page, page.getByRole('button', { name: /user menu/i }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await pressUntilFocused(
      page,
      page.getByRole('menuitem', { name: 'Settings', exact: true }),
      'ArrowDown',
      12,
    );
    await page.keyboard.press('Enter');
    await expectPath(page, '/settings');
    const marketing = page.getByRole('switch', { name: 'Marketing emails', exact: true });
    await pressUntilFocused(page, marketing);
    expect(await focusIsVisible(page), 'a focused switch shows a focus ring').toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => marketing.getAttribute('aria-checked')).toBe('true');
    await pressUntilFocused(page, page.getByRole('button', { name: 'Save Changes', exact: true }));
    await page.keyboard.press('Enter');
    await expectVisible(page.getByText('Notifications settings saved successfully!'));
    expect(await settingsOf(fan.tokens.access)).toMatchObject({ marketingEmails: true });
  });
});
