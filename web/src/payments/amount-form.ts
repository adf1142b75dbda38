import { amountSchema } from '@zura/contracts';
import { z } from 'zod';

/*
 * The amount fields' rules, apart from money.ts's formatting so that the pages which only show
 * amounts (the feed's tip and price texts) load no zod (issue 20, first-visit budget).
 */

/** The amount form: one dollar field, validated (and turned into cents) by the shared rule. */
export function amountFormSchema(minCents: number, maxCents: number) {
  return z.object({ amount: amountSchema(minCents, maxCents) });
}
export type AmountFormInput = z.input<ReturnType<typeof amountFormSchema>>;
export type AmountFormOutput = z.output<ReturnType<typeof amountFormSchema>>;

/** The amount typed so far in cents, if it is valid (for live previews such as the split). */
export function parseAmountCents(
  text: string,
  minCents: number,
  maxCents: number,
): number | undefined {
  const parsed = amountSchema(minCents, maxCents).safeParse(text);
  return parsed.success ? parsed.data : undefined;
}
