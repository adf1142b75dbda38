import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectVisible } from './expect.ts';

/** What makes a page scroll sideways on a phone, if anything. */
type SidewaysOverflow = {
  /** How far the document is wider than the viewport (0 or less: it fits). */
  over: number;
  /** The widest element's width, to compare with the viewport. */
  widest: number;
  /** Elements reaching past either edge of the viewport outside a scroller, named for a report. */
  culprits: string[];
};

/**
 * Measures the page as it stands. An element inside a box that clips or scrolls sideways (a
 * carousel, a tab strip) is that box's business, not the page's, so it is not a culprit.
 */
async function sidewaysOverflow(page: Page): Promise<SidewaysOverflow> {
  return page.evaluate(() => {
    // The e2e project has no DOM typings: the few properties used here, typed by hand.
    type Box = { left: number; right: number; width: number };
    type Element = {
      tagName: string;
      id: string;
      className: unknown;
      textContent: string | null;
      parentElement: Element | null;
      getBoundingClientRect(): Box;
    };
    const scope = globalThis as unknown as {
      innerWidth: number;
      getComputedStyle(el: Element): { overflowX: string; position: string };
      document: {
        documentElement: { scrollWidth: number };
        body: Element;
        querySelectorAll(selector: string): ArrayLike<Element>;
      };
    };
    const width = scope.innerWidth;
    const clippedByAncestor = (el: Element): boolean => {
      for (let up = el.parentElement; up && up !== scope.document.body; up = up.parentElement) {
        if (scope.getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    const name = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} class="${String(el.className).slice(0, 50)}">` +
      ` "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const elements = Array.from(scope.document.querySelectorAll('body *'));
    const culprits = elements
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return (box.right > width + 0.5 || box.left < -0.5) && !clippedByAncestor(el);
      })
      .slice(0, 8)
      .map(
        (el) =>
          `${name(el)} [${Math.round(el.getBoundingClientRect().left)}..${Math.round(el.getBoundingClientRect().right)}]`,
      );
    const widest = Math.max(
      0,
      ...elements
        .filter((el) => !clippedByAncestor(el))
        .map((el) => el.getBoundingClientRect().width),
    );
    return { over: scope.document.documentElement.scrollWidth - width, widest, culprits };
  });
}

/** Asserts the page as it stands fits the viewport, naming the offending elements if not. */
export async function expectFitsNow(page: Page, what: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const { over, widest, culprits } = await sidewaysOverflow(page);
  const report = `${what} does not fit ${width}px: ${culprits.join(', ') || 'no element named'}`;
  expect(over, report).toBeLessThanOrEqual(0);
  expect(widest, report).toBeLessThanOrEqual(width + 0.5);
}

/** Opens `route`, waits for its data, and asserts it fits. */
export async function expectRouteFits(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  await expectVisible(page.locator('main, [role="main"]').first());
  await expectFitsNow(page, route);
}
