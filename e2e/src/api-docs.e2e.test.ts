import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from './lib/browser.ts';
import { expectFitsNow } from './lib/fit.ts';
import { expectVisible } from './lib/expect.ts';

/**
 * The API reference at /api/docs (issue 32): routes grouped by tag (no lone "default" group),
 * each with a summary, the first operation on screen quickly, and readable on a 390 px phone.
 */
const t = useBrowser({ viewport: PHONE });

/*
 * Time to the first rendered operation, from navigation start, on a phone, measured with this
 * test on the shared 2-core machine: 12.9 s before issue 32 (every operation and model of one
 * "default" group drawn at once), 4.5 s after (groups closed, schemas not drawn, the document
 * built at start-up). A wall-clock budget fails with the machine's load, not the page, so the
 * test logs the time and asserts what makes it fast: nothing but the group headers drawn first.
 */

describe('the API docs viewer', () => {
  it('groups operations by tag, each with a summary, fast and within a phone’s width', async () => {
    const { page } = t;
    await page.goto('/api/docs/', { waitUntil: 'commit' });
    // The groups come first; opening one shows its operations.
    const firstTag = page.locator('.opblock-tag').first();
    await expectVisible(firstTag, 20_000);
    const firstOperation = page.locator('.opblock').first();
    expect(await page.locator('.opblock').count()).toBe(0);
    expect(await page.locator('section.models').count()).toBe(0);
    await firstTag.click();
    await expectVisible(firstOperation);
    const firstAt = await page.evaluate(() => {
      const scope = globalThis as unknown as { performance: { now(): number } };
      return scope.performance.now();
    });
    console.info(`[api-docs] first operation rendered at ${Math.round(firstAt)} ms`);

    const tags = await page.locator('.opblock-tag').allInnerTexts();
    expect(tags.length).toBeGreaterThan(5);
    expect(tags.map((tag) => tag.trim().split('\n')[0])).not.toContain('default');
    const summaries = await page.locator('.opblock .opblock-summary-description').allInnerTexts();
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries.filter((text) => text.trim() === '')).toEqual([]);

    await expectFitsNow(page, '/api/docs at 390 px');
  });
});
