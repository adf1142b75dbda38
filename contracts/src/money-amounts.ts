/*
 * Amounts and their formatting, without zod: the web app's English catalogue uses them and
 * must not pull zod into the first load (issue 20). money.ts re-exports all of it.
 */
/** The platform keeps 10% of every creator earning; the creator gets the rest. */
export const PLATFORM_FEE_PERCENT = 10;
export const MAX_TOPUP_CENTS = 1_000_000; // $10,000
export const MAX_TIP_CENTS = 100_000; // $1,000
export const MIN_AMOUNT_CENTS = 100; // $1.00
export const DEFAULT_UNLOCK_PRICE_CENTS = 500;
export const TIP_PRESETS_CENTS = [200, 500, 1000, 2000] as const;

export function platformFeeCents(amountCents: number): number {
  return Math.round((amountCents * PLATFORM_FEE_PERCENT) / 100);
}

/** `{ fee, creator }` of a payment: both lines are shown to the people involved. */
export function splitPayment(amountCents: number): { feeCents: number; creatorCents: number } {
  const feeCents = platformFeeCents(amountCents);
  return { feeCents, creatorCents: amountCents - feeCents };
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

/**
 * A money amount in dollars (`12`, `12.5`, `"12.50"`) as integer cents. Refuses negatives,
 * zero, fractions of a cent, non-numbers and anything outside [min, max].
 */
