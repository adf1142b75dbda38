import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Moving through the app with the keyboard only, as a keyboard user does: Tab (or Shift+Tab,
 * or an arrow key in a menu) until the wanted element has focus. No click, no `focus()`.
 */

/** Whether the locator's element is the document's focused element. */
function hasFocus(locator: Locator): Promise<boolean> {
  return locator
    .first()
    .evaluate((element) => element === element.ownerDocument.activeElement)
    .catch(() => false);
}

/** What has focus, for failure messages: tag, role and name. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as {
      document: { activeElement: { outerHTML: string } | null };
    };
    return document.activeElement?.outerHTML.slice(0, 160) ?? 'nothing';
  });
}

/** Presses `key` until `target` has focus, at most `maxPresses` times. */
export async function pressUntilFocused(
  page: Page,
  target: Locator,
  key: 'Tab' | 'Shift+Tab' | 'ArrowDown' | 'ArrowUp' = 'Tab',
  maxPresses = 60,
): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await hasFocus(target)) return;
    await page.keyboard.press(key);
  }
  expect(
    await hasFocus(target),
    `${String(target)} never got focus with ${key}; focus is on ${await describeFocus(page)}`,
  ).toBe(true);
}

/**
 * Whether the focused element shows a focus indicator: an outline or a ring (box-shadow)
 * that its :focus-visible style draws.
 */
export function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    type Style = { outlineStyle: string; outlineWidth: string; boxShadow: string };
    const { document, getComputedStyle } = globalThis as unknown as {
      document: { activeElement: unknown };
      getComputedStyle: (element: unknown) => Style;
    };
    if (!document.activeElement) return false;
    const style = getComputedStyle(document.activeElement);
    const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outlined || (style.boxShadow !== 'none' && style.boxShadow !== '');
  });
}
