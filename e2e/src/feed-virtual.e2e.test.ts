import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectHomeScreen, signedInUser } from './lib/app.ts';
import { useBrowser } from './lib/browser.ts';
import { createNumberedPosts } from './lib/content.ts';
import { expectVisible } from './lib/expect.ts';
import { scrollSettled } from './lib/scroll.ts';
import { uniqueName } from './lib/server.ts';

// The test holds back an asset with a route, which a service worker's cache would go around.
const t = useBrowser({ serviceWorkers: 'block' });

/** The window virtualizer's chunk, which the feed loads once it grows past its first page. */
const VIRTUAL_ROWS_CHUNK = /\/assets\/VirtualPostRows-[^/]*\.js$/;

/** The feed's rows in the page, and the count they announce (aria-setsize). */
function feedRows(page: Page) {
  const rows = page.getByRole('list', { name: 'Posts' }).locator('> li');
  return {
    inPage: () => rows.count(),
    announced: async () => Number(await rows.first().getAttribute('aria-setsize')),
  };
}

/**
 * The first row (by aria-posinset) whose top is inside the viewport, and where that top is.
 * The e2e code has no DOM types (it runs in Node); the page function sees the real DOM.
 */
function rowAtViewportTop(page: Page): Promise<{ position: number; top: number }> {
  return page.evaluate(() => {
    type Row = {
      getAttribute(name: string): string | null;
      getBoundingClientRect(): { top: number };
    };
    const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): Row[] } })
      .document;
    for (const row of doc.querySelectorAll('li[aria-posinset]')) {
      const top = row.getBoundingClientRect().top;
      if (top >= 0) return { position: Number(row.getAttribute('aria-posinset')), top };
    }
    throw new Error('no feed row starts inside the viewport');
  });
}

/**
 * Samples a row's top at every frame for `ms` (null when the row is not in the page): what the
 * user sees while the list switches layout, frame by frame.
 */
function sampleRowTop(page: Page, position: number, ms: number): Promise<(number | null)[]> {
  return page.evaluate(
    ({ wanted, duration }) => {
      type Row = { getBoundingClientRect(): { top: number } };
      const scope = globalThis as unknown as {
        document: { querySelector(s: string): Row | null };
        requestAnimationFrame(callback: (time: number) => void): number;
      };
      const samples: (number | null)[] = [];
      return new Promise<(number | null)[]>((resolve) => {
        let start: number | undefined;
        const frame = (time: number) => {
          start ??= time;
          const row = scope.document.querySelector(`li[aria-posinset="${wanted}"]`);
          samples.push(row ? row.getBoundingClientRect().top : null);
          if (time - start < duration) scope.requestAnimationFrame(frame);
          else resolve(samples);
        };
        scope.requestAnimationFrame(frame);
      });
    },
    { wanted: position, duration: ms },
  );
}

describe('feed rows', () => {
  it('shows the first page plainly, then virtualizes from the second page without moving the page', async () => {
    const { page } = t;
    const user = await signedInUser(page);
    const marker = uniqueName('rows');
    // Posts of four heights, so estimates would be wrong.
    await createNumberedPosts(user.tokens.access, marker, 45, (i) => 'A line.\n'.repeat(i % 4));
    // The virtualizer's chunk waits until the test lets it through, so the switch can be watched.
    const requested: string[] = [];
    page.on('request', (request) => {
      if (VIRTUAL_ROWS_CHUNK.test(request.url())) requested.push(request.url());
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(VIRTUAL_ROWS_CHUNK, async (route) => {
      await released;
      await route.continue();
    });

    await page.goto('/');
    await expectHomeScreen(page);
    await expectVisible(page.getByText(`${marker} post 45`, { exact: false }));
    const rows = feedRows(page);
    // One page (20 posts): every post is in the page, and the virtualizer was not downloaded.
    expect(await rows.inPage()).toBe(20);
    expect(await rows.announced()).toBe(20);
    expect(requested).toEqual([]);

    // Scrolling to the end loads the second page; until the virtualizer is in, every post
    // loaded is still in the page.
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 4000);
        return rows.inPage();
      })
      .toBeGreaterThanOrEqual(40);
    await expect.poll(() => requested.length).toBe(1);
    await page.mouse.wheel(0, -300);
    await scrollSettled(page);
    const before = await rowAtViewportTop(page);
    expect(before.position).toBeGreaterThan(10);
    const loaded = await rows.announced();
    expect(await rows.inPage()).toBe(loaded);

    // Every frame from the switch on shows that row where it was.
    const frames = sampleRowTop(page, before.position, 1500);
    release();
    const tops = await frames;
    // Virtual rows: the page holds only the posts near the viewport, and announces all of them.
    expect(await rows.inPage()).toBeLessThan(loaded);
    expect(await rows.announced()).toBeGreaterThanOrEqual(loaded);
    expect(tops.length).toBeGreaterThan(10);
    // Within 2 px: the virtualizer rounds the heights it measures itself.
    for (const top of tops) {
      expect(top).not.toBeNull();
      expect(Math.abs((top ?? Number.NaN) - before.top)).toBeLessThan(2);
    }

    // Scrolling on still loads and shows the rest, down to this user's first post. (Other
    // tests' posts may be in the feed too: the feed is not this user's alone.)
    const firstPost = page.getByText(new RegExp(`${marker} post 1(?!\\d)`));
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 4000);
        return firstPost.isVisible();
      })
      .toBe(true);
    expect(await rows.announced()).toBeGreaterThanOrEqual(45);
  });
});
