import { z } from 'zod';
import { formatCents } from './money-amounts.ts';

export {
  PLATFORM_FEE_PERCENT,
  MAX_TOPUP_CENTS,
  MAX_TIP_CENTS,
  MIN_AMOUNT_CENTS,
  DEFAULT_UNLOCK_PRICE_CENTS,
  TIP_PRESETS_CENTS,
  platformFeeCents,
  splitPayment,
  formatCents,
} from './money-amounts.ts';

export function amountSchema(minCents: number, maxCents: number) {
  return z
    .union([z.number(), z.string()], { error: 'Enter an amount in dollars, like 5 or 12.50.' })
    .transform((value, ctx) => {
      const text = String(value).trim();
      if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Enter a positive amount in dollars with at most two decimals.',
        });
        return z.NEVER;
      }
      const [whole = '0', fraction = ''] = text.split('.');
      const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
      if (cents < minCents || cents > maxCents) {
        ctx.addIssue({
          code: 'custom',
          message: `The amount must be between ${formatCents(minCents)} and ${formatCents(maxCents)}.`,
        });
        return z.NEVER;
      }
      return cents;
    });
}
