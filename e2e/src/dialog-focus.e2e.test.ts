import { describe, expect, it } from 'vitest';
import { signedInUser } from './lib/app.ts';
import { useBrowser } from './lib/browser.ts';
import { paidCreator } from './lib/economy.ts';
import { expectHidden, expectVisible } from './lib/expect.ts';

/**
 * Keyboard users keep their place: a dialog opened from a button gives focus back to that
 * button when it closes, by Escape or by its Cancel button, instead of dropping it on the page.
 */
const t = useBrowser();

describe('a dialog closing', () => {
  it('returns focus to the button that opened it', async () => {
    const { page } = t;
    await signedInUser(page);
    const creator = await paidCreator({ price: '4.99' });
    await page.goto(`/profile/${creator.username}`);
    const subscribe = page
      .getByRole('main')
      .getByRole('button', { name: 'Subscribe for $4.99/month', exact: true })
      .first();
    const dialog = page.getByRole('dialog', { name: `Subscribe to ${creator.username}` });
    // Held as a handle: while the dialog is open the page behind it is hidden from the
    // accessibility tree, where role locators look.
    const button = await subscribe.elementHandle();
    if (!button) throw new Error('no Subscribe button');
    const hasFocus = () =>
      button.evaluate((element) => element === element.ownerDocument.activeElement);

    // Opened from the keyboard, closed with Escape.
    await subscribe.focus();
    await page.keyboard.press('Enter');
    await expectVisible(dialog);
    expect(await hasFocus()).toBe(false);
    await page.keyboard.press('Escape');
    await expectHidden(dialog);
    await expect.poll(hasFocus).toBe(true);

    // Opened by a click, closed by its Cancel button.
    await subscribe.click();
    await expectVisible(dialog);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectHidden(dialog);
    await expect.poll(hasFocus).toBe(true);
  });
});
