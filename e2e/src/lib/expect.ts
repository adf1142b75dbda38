import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waiting assertions for playwright-core (which has no `expect` of its own): each waits for
 * the condition, then asserts it with Vitest so a failure names what was expected.
 */

const DEFAULT_TIMEOUT_MS = 15_000;

/** Waits until the page's path (and, if given, query) is the one expected. */
export async function expectPath(
  page: Page,
  pathname: string,
  options: { search?: string; timeout?: number } = {},
): Promise<void> {
  const matches = (url: URL) =>
    url.pathname === pathname && (options.search === undefined || url.search === options.search);
  await page
    .waitForURL(matches, { timeout: options.timeout ?? DEFAULT_TIMEOUT_MS, waitUntil: 'commit' })
    .catch(() => undefined);
  const url = new URL(page.url());
  expect(url.pathname, `path of ${page.url()}`).toBe(pathname);
  if (options.search !== undefined)
    expect(url.search, `query of ${page.url()}`).toBe(options.search);
}

/**
 * Waits until the locator shows a visible element (the first, if several match). Polled rather
 * than waited for once: an element that shows and is replaced a moment later (the page before a
 * route change, a list refetching) does not pass on its first frame and fail on the next.
 */
export async function expectVisible(locator: Locator, timeout = DEFAULT_TIMEOUT_MS): Promise<void> {
  await expect
    .poll(() => locator.first().isVisible(), {
      timeout,
      message: `${String(locator)} should be visible`,
    })
    .toBe(true);
}

/** Waits until no element of the locator is visible. */
export async function expectHidden(locator: Locator, timeout = DEFAULT_TIMEOUT_MS): Promise<void> {
  await expect
    .poll(
      async () => {
        const all = await locator.all();
        const shown = await Promise.all(all.map((item) => item.isVisible()));
        return shown.some(Boolean);
      },
      { timeout, message: `${String(locator)} should be hidden` },
    )
    .toBe(false);
}

export async function expectDisabled(
  locator: Locator,
  disabled: boolean,
  timeout = DEFAULT_TIMEOUT_MS,
): Promise<void> {
  await expect
    .poll(() => locator.isDisabled(), {
      timeout,
      message: `${String(locator)} should be ${disabled ? 'disabled' : 'enabled'}`,
    })
    .toBe(disabled);
}
