import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** How far the page is scrolled (the e2e code has no DOM types: it runs in Node). */
export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);
}

/** Waits until the page stops scrolling (a wheel's scroll may run over a few frames). */
export async function scrollSettled(page: Page): Promise<void> {
  let last = Number.NaN;
  await expect
    .poll(
      async () => {
        const now = await scrollY(page);
        const still = now === last;
        last = now;
        return still;
      },
      { interval: 150 },
    )
    .toBe(true);
}
