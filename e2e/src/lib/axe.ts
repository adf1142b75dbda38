import axe from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core in the browser: its source is evaluated in the page (playwright-core has no axe
 * integration of its own) and `axe.run` checks the document as it is rendered now. Evaluated
 * rather than added as a <script> tag because the app's Content-Security-Policy rightly
 * refuses inline scripts, and loosening it for the test would test another page.
 */

/** axe-core's own build, as a string to evaluate in the page. */
const AXE_SOURCE = axe.source;

/** The impacts the issue forbids; minor and moderate ones are reported by axe but not failed. */
const BLOCKING = new Set(['serious', 'critical']);

type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
};

type AxeWindow = {
  axe?: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };
};

/** Runs axe on the page (injecting it once per document) and returns every violation. */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const present = await page.evaluate(() => 'axe' in globalThis);
  if (!present) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { axe } = globalThis as unknown as AxeWindow;
    if (!axe) throw new Error('axe-core did not load');
    type Running = {
      finished: Promise<unknown>;
      effect: { getTiming(): { iterations?: number } } | null;
    };
    const { document } = globalThis as unknown as { document: { getAnimations(): Running[] } };
    // A dialog fading in is checked once it is fully drawn: colours mid-fade are not the
    // page's. Endless animations (spinners) are not waited for.
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    const result = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** One line per offending element: rule, impact, target, axe's summary of what to fix. */
function describeViolations(where: string, violations: AxeViolation[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${where}: [${v.impact}] ${v.id} (${v.help}) at ${n.target.join(' ')}\n    ${(n.failureSummary ?? '').replace(/\n/g, '\n    ')}`,
      ),
    )
    .join('\n');
}

/** The serious and critical violations of the page, one described line per element. */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const blocking = (await axeViolations(page)).filter((v) => BLOCKING.has(v.impact ?? ''));
  return blocking.length === 0 ? [] : [describeViolations(where, blocking)];
}
