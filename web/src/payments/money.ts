import { PLATFORM_FEE_PERCENT } from '@zura/contracts';
import { formatMoney } from '../lib/format';

/** Top-up shortcuts; any other amount goes in the custom field. */
export const TOPUP_PRESETS_CENTS = [1000, 2500, 5000, 10000] as const;

/** The creator's share in percent (the platform keeps PLATFORM_FEE_PERCENT). */
export const CREATOR_SHARE_PERCENT = 100 - PLATFORM_FEE_PERCENT;

/** Cents as the API's dollar string: 1250 → "12.50". */
export function amountText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A change of balance: "+$4.50", "-$5.00", "$0.00". */
export function formatSignedCents(cents: number): string {
  if (cents > 0) return `+${formatMoney(cents)}`;
  return formatMoney(cents);
}
