import { describe, expect, it } from 'vitest';
import { expectHomeScreen, signedInUser } from './lib/app.ts';
import { useBrowser } from './lib/browser.ts';
import { paidCreator } from './lib/economy.ts';
import { expectHidden, expectPath, expectVisible } from './lib/expect.ts';

/**
 * Keyboard users keep their place: a dialog opened from a button gives focus back to that
 * button when it closes, by Escape or by its Cancel button, instead of dropping it on the page;
 * and after a navigation focus starts on the new page's heading.
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

describe('a navigation', () => {
  it('moves focus to the new page’s heading', async () => {
    const { page } = t;
    await signedInUser(page);
    await page.goto('/');
    await expectHomeScreen(page);
    const focusedHeading = () =>
      page.evaluate(() => {
        const active = (globalThis as unknown as { document: { activeElement: unknown } }).document
          .activeElement as { tagName?: string; textContent?: string } | null;
        return active?.tagName === 'H1' ? active.textContent : null;
      });
    await page
      .getByRole('link', { name: /^Notifications/ })
      .first()
      .focus();
    await page.keyboard.press('Enter');
    await expectPath(page, '/notifications');
    await expect.poll(focusedHeading).toBe('Notifications');
    await page
      .getByRole('link', { name: /^Wallet/ })
      .first()
      .click();
    await expectPath(page, '/wallet');
    await expect.poll(focusedHeading).toBe('Wallet');
  });
});
